// MainWindow, headless: opening folders, the detail pane, the debounced filter, superseded scans
// and the demo copy.
#include "app/gui/demo/democache.h"
#include "app/gui/dialogs/overrideeditor.h"
#include "app/gui/entries/entrytablemodel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/stages/codeview.h"
#include "app/gui/stages/stagetabs.h"
#include "core/packing/packcache.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextCursor>
#include <QTimer>
#include <QtTest>
#include <optional>
#include <utility>
#include <vector>

using kl::gui::EntryTableModel;
using kl::gui::MainWindow;

namespace {

const QString fixtureDir()
{
    return QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
}

std::size_t entriesIn(const QString& dir)
{
    kl::Root r;
    r.path = dir.toStdString();
    r.reason = kl::Text::verbatim("given");
    r.given = true;
    return kl::CacheScanner().scan({r}).entries.size();
}

// Sets environment variables for one scope and puts the old values back.
class EnvGuard {
public:
    void set(const char* name, const QByteArray& value)
    {
        save(name);
        qputenv(name, value);
    }
    void unset(const char* name)
    {
        save(name);
        qunsetenv(name);
    }
    ~EnvGuard()
    {
        for (const auto& [name, value] : m_saved)
            value ? qputenv(name.constData(), *value) : qunsetenv(name.constData());
    }

private:
    void save(const char* name)
    {
        for (const auto& saved : m_saved)
            if (saved.first == name)
                return;
        m_saved.emplace_back(name, qEnvironmentVariableIsSet(name) ? std::optional<QByteArray>(qgetenv(name))
                                                                   : std::nullopt);
    }
    std::vector<std::pair<QByteArray, std::optional<QByteArray>>> m_saved;
};

struct Ui {
    explicit Ui(MainWindow& w)
        : table(w.findChild<QTableView*>(QStringLiteral("entryTable")))
        , detail(w.findChild<QPlainTextEdit*>(QStringLiteral("detailView")))
        , filter(w.findChild<QLineEdit*>(QStringLiteral("filterEdit")))
        , summary(w.findChild<QLabel*>(QStringLiteral("summaryLabel")))
        , rootMessages(w.findChild<QLabel*>(QStringLiteral("rootMessages")))
    {
    }
    bool ok() const { return table && detail && filter && summary && rootMessages; }
    int rows() const { return table->model()->rowCount(); }
    QString cell(int row, int column) const { return table->model()->index(row, column).data().toString(); }
    QString currentKernel() const
    {
        return table->currentIndex().siblingAtColumn(EntryTableModel::KernelColumn).data().toString();
    }

    QTableView* table;
    QPlainTextEdit* detail;
    QLineEdit* filter;
    QLabel* summary;
    QLabel* rootMessages;
};

} // namespace

class TstMainWindow : public QObject {
    Q_OBJECT

private slots:
    void opensFolderAndShowsDetail();
    void filterIsDebounced();
    void openingAnotherFolderSupersedes();
    void rescanKeepsSelection();
    void missingFolderIsReported();
    void packedEntriesAreListedAndRead();
    void closingKeepsUnsavedOverrideEdits();
    void environmentRootsAreOpened();
    void demoOpensTemporaryCopy();
    void facetsFilterByStageArchStatusKind();
    void exportSelectedEntries();
    void copyPathsAndKeys();
};

void TstMainWindow::copyPathsAndKeys()
{
    MainWindow w;
    Ui ui(w);
    w.openFolders({fixtureDir()});
    QTRY_VERIFY(!w.isScanning());
    ui.table->selectionModel()->clearSelection();
    QVERIFY(!w.findChild<QAction*>("copyPathAction")->isEnabled());
    for (int r : {0, 1})
        ui.table->selectionModel()->select(ui.table->model()->index(r, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QVERIFY(w.findChild<QAction*>("copyPathAction")->isEnabled());
    w.copySelected(false);
    const QStringList paths = QGuiApplication::clipboard()->text().split('\n');
    QCOMPARE(paths.size(), 2);
    for (const QString& p : paths) {
        QVERIFY2(p.startsWith(fixtureDir() + "/"), qPrintable(p));
        QVERIFY(QFileInfo(p).isDir());
    }
    w.copySelected(true);
    const QStringList keys = QGuiApplication::clipboard()->text().split('\n');
    QCOMPARE(keys.size(), 2);
    for (const QString& k : keys)
        QVERIFY2(QRegularExpression("^[0-9a-f]{64}$").match(k).hasMatch(), qPrintable(k));
}

void TstMainWindow::exportSelectedEntries()
{
    MainWindow w;
    Ui ui(w);
    w.openFolders({fixtureDir()});
    QTRY_VERIFY(!w.isScanning());
    ui.table->selectionModel()->clearSelection();
    QVERIFY(!w.findChild<QAction*>("exportAction")->isEnabled());
    ui.table->selectionModel()->select(ui.table->model()->index(0, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    ui.table->selectionModel()->select(ui.table->model()->index(1, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QVERIFY(w.findChild<QAction*>("exportAction")->isEnabled());
    QTemporaryDir out;
    QSignalSpy done(&w, &MainWindow::exportFinished);
    w.exportSelected(out.filePath("two.tar.gz"));
    QVERIFY(done.wait(20000));
    QCOMPARE(done.at(0).at(0).toBool(), true);
    QVERIFY2(done.at(0).at(1).toString().startsWith("Exported "), qPrintable(done.at(0).at(1).toString()));
    QVERIFY(QFileInfo(out.filePath("two.tar.gz")).size() > 1000);
}

void TstMainWindow::facetsFilterByStageArchStatusKind()
{
    MainWindow w;
    Ui ui(w);
    w.openFolders({fixtureDir()});
    QTRY_VERIFY(!w.isScanning());
    auto* stage = w.findChild<QComboBox*>(QStringLiteral("stageFilter"));
    auto* arch = w.findChild<QComboBox*>(QStringLiteral("archFilter"));
    auto* kind = w.findChild<QComboBox*>(QStringLiteral("kindFilter"));
    auto* status = w.findChild<QComboBox*>(QStringLiteral("statusFilter"));
    QVERIFY(stage && arch && kind && status);
    QAbstractItemModelTester tester(ui.table->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int all = ui.rows();
    // The combos offer what the fixture holds (gathered off the UI thread after the scan).
    QTRY_VERIFY(stage->findData("amdgcn") > 0 && stage->findData("ptx") > 0);
    QVERIFY(arch->findData("sm_90") > 0 && arch->findData("gfx90a") > 0);
    QVERIFY(kind->findData("module") > 0);

    auto count = [&](int column, const QString& value) {
        int n = 0;
        for (int r = 0; r < ui.rows(); ++r)
            n += ui.cell(r, column) == value;
        return n;
    };
    arch->setCurrentIndex(arch->findData("sm_90"));
    QVERIFY(ui.rows() > 0 && ui.rows() < all);
    QCOMPARE(count(EntryTableModel::ArchColumn, "sm_90"), ui.rows());
    stage->setCurrentIndex(stage->findData("hsaco"));
    QCOMPARE(ui.rows(), 0); // no sm_90 entry has a hsaco
    arch->setCurrentIndex(0);
    QCOMPARE(ui.rows(), 1);
    QCOMPARE(ui.cell(0, EntryTableModel::ArchColumn), QString("gfx90a"));
    stage->setCurrentIndex(0);
    kind->setCurrentIndex(kind->findData("module"));
    QCOMPARE(ui.rows(), 1);
    QCOMPARE(ui.cell(0, EntryTableModel::KindColumn), QString("module"));
    kind->setCurrentIndex(0);
    status->setCurrentIndex(status->findData("complete"));
    QCOMPARE(ui.rows(), all); // every fixture entry is complete
    // The summary counts what is shown.
    arch->setCurrentIndex(arch->findData("sm_80"));
    QTRY_VERIFY(ui.summary->text().contains(QString::number(ui.rows())));
}

void TstMainWindow::opensFolderAndShowsDetail()
{
    MainWindow w;
    Ui ui(w);
    QVERIFY(ui.ok());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    w.openFolders({fixtureDir()});
    QVERIFY(w.windowTitle().contains(fixtureDir()));
    QTRY_VERIFY(!w.isScanning());
    const int expected = int(entriesIn(fixtureDir()));
    QVERIFY(expected >= 9);
    QCOMPARE(ui.rows(), expected);
    QVERIFY2(ui.summary->text().startsWith(QStringLiteral("%1 entries").arg(expected)),
             qPrintable(ui.summary->text()));

    // The first row is selected and described.
    QVERIFY(ui.table->currentIndex().isValid());
    QTRY_VERIFY(ui.detail->toPlainText().contains(ui.currentKernel()));

    // Selecting another row shows that entry, then its full metadata read in the background.
    int row = ui.rows() - 1;
    while (row > 0 && ui.cell(row, EntryTableModel::KindColumn) != QLatin1String("kernel"))
        --row;
    ui.table->setCurrentIndex(ui.table->model()->index(row, 0));
    const QString kernel = ui.cell(row, EntryTableModel::KernelColumn);
    QVERIFY(ui.detail->toPlainText().contains(kernel));
    QTRY_VERIFY(ui.detail->toPlainText().contains(QLatin1String("options:")));
    QVERIFY(ui.detail->toPlainText().contains(fixtureDir()));
    QVERIFY(ui.detail->toPlainText().contains(QLatin1String("stages:")));
}

void TstMainWindow::filterIsDebounced()
{
    MainWindow w;
    Ui ui(w);
    w.show();
    w.openFolders({fixtureDir()});
    QTRY_VERIFY(!w.isScanning());
    const int all = ui.rows();

    QTest::keyClicks(ui.filter, QStringLiteral("softmax"));
    QCOMPARE(ui.rows(), all); // not yet: the filter waits for typing to pause
    QTRY_VERIFY(ui.rows() < all);
    QVERIFY(ui.rows() > 0);
    for (int r = 0; r < ui.rows(); ++r)
        QCOMPARE(ui.cell(r, EntryTableModel::KernelColumn), QStringLiteral("_row_softmax_kernel"));
    QVERIFY2(ui.summary->text().contains(QStringLiteral("%1 shown").arg(ui.rows())),
             qPrintable(ui.summary->text()));

    ui.filter->clear();
    QTRY_COMPARE(ui.rows(), all);
}

void TstMainWindow::openingAnotherFolderSupersedes()
{
    TempCache other;
    other.addKernel(QStringLiteral("only_kernel"), QString(64, QLatin1Char('f')));
    MainWindow w;
    Ui ui(w);
    w.show();
    w.openFolders({fixtureDir()});
    w.openFolders({other.path()}); // before the first scan could report
    QTRY_VERIFY(!w.isScanning());
    QCOMPARE(ui.rows(), 1);
    QCOMPARE(ui.cell(0, EntryTableModel::KernelColumn), QStringLiteral("only_kernel"));
    QVERIFY(w.windowTitle().contains(other.path()));
    QCOMPARE(w.openedFolders(), QStringList{other.path()});
    QTest::qWait(200); // the fixture scan has ended by now and must not have replaced anything
    QCOMPARE(ui.rows(), 1);
}

void TstMainWindow::rescanKeepsSelection()
{
    MainWindow w;
    Ui ui(w);
    w.show();
    w.openFolders({fixtureDir()});
    QTRY_VERIFY(!w.isScanning());
    ui.table->setCurrentIndex(ui.table->model()->index(3, 0));
    const QString tip = ui.table->currentIndex().data(Qt::ToolTipRole).toString(); // entry path
    QVERIFY(!tip.isEmpty());

    w.rescan();
    QTRY_VERIFY(!w.isScanning());
    QCOMPARE(ui.table->currentIndex().siblingAtColumn(0).data(Qt::ToolTipRole).toString(), tip);
}

void TstMainWindow::missingFolderIsReported()
{
    TempCache parent;
    const QString missing = parent.filePath(QStringLiteral("no-such-cache"));
    MainWindow w;
    Ui ui(w);
    w.show();
    w.openFolders({missing});
    QTRY_VERIFY(!w.isScanning());
    QCOMPARE(ui.rows(), 0);
    QVERIFY(ui.rootMessages->isVisible());
    QVERIFY2(ui.rootMessages->text().contains(missing), qPrintable(ui.rootMessages->text()));
    QVERIFY(ui.detail->placeholderText().contains(missing));
}

void TstMainWindow::packedEntriesAreListedAndRead()
{
    TempCache cache;
    const QString add = cache.path() + "/" + cache.addKernel("add", QString(64, 'a'));
    cache.addKernel("mul", QString(64, 'b'));
    // What the folders held, to compare the packed entries' stages with.
    QFile ttir(add + "/add.ttir");
    QVERIFY(ttir.open(QIODevice::ReadOnly));
    const QByteArray ttirBytes = ttir.readAll();
    kl::Root root;
    root.path = cache.path().toStdString();
    root.given = true;
    kl::PackOptions options;
    options.fsync = false;
    const kl::PackResult packed = kl::packCache(kl::CacheScanner().scan({root}), options);
    QCOMPARE(packed.count(kl::PackOutcome::Packed), std::size_t(2));
    QVERIFY(!QFileInfo::exists(add));
    MainWindow w;
    Ui ui(w);
    w.show();
    w.openFolders({cache.path()});
    QTRY_VERIFY(!w.isScanning());
    // Listed one by one, as the folders were, and read from the pack.
    QCOMPARE(ui.rows(), 2);
    QVERIFY(ui.rootMessages->text().isEmpty() || !ui.rootMessages->isVisible());
    int addRow = -1;
    for (int r = 0; r < ui.rows(); ++r)
        if (ui.table->model()->index(r, 0).data().toString().contains(QStringLiteral("add")) ||
            ui.table->model()->index(r, 1).data().toString().contains(QStringLiteral("add")))
            addRow = r;
    QVERIFY(addRow >= 0);
    ui.table->setCurrentIndex(ui.table->model()->index(addRow, 0));
    auto* detail = w.findChild<QPlainTextEdit*>(QStringLiteral("detailView"));
    QTRY_VERIFY(detail->toPlainText().contains(QStringLiteral(".kernellens-pack")));
    auto* tabs = w.findChild<kl::gui::StageTabs*>();
    QVERIFY(tabs && tabs->tabOf(QStringLiteral("ttir")) >= 0);
    QSignalSpy loaded(tabs, &kl::gui::StageTabs::stageLoaded);
    tabs->setCurrentIndex(tabs->tabOf(QStringLiteral("ttir")));
    QTRY_VERIFY(!loaded.isEmpty());
    QTRY_VERIFY(tabs->codeView(QStringLiteral("ttir")));
    QCOMPARE(tabs->codeView(QStringLiteral("ttir"))->toPlainText(), QString::fromUtf8(ttirBytes));
}

void TstMainWindow::closingKeepsUnsavedOverrideEdits()
{
    // An override editor with unsaved edits asks before the window closes: Cancel keeps both.
    TempCache cache;
    const QString entry = cache.path() + "/" + cache.addKernel("add", QString(64, 'a'));
    QTemporaryDir dir;
    const QString file = dir.filePath("add.ttgir");
    writeFileAt(file, readFileBytes(entry + "/add.ttgir"));
    MainWindow w;
    w.show();
    w.selectAfterScan(QFileInfo(entry).fileName().left(8), QString());
    w.showAfterScan({QStringLiteral("try-override=") + file});
    w.openFolders({cache.path()});
    QTRY_VERIFY(!w.isScanning());
    QTRY_VERIFY(w.findChild<kl::gui::OverrideEditor*>());
    auto* editor = w.findChild<kl::gui::OverrideEditor*>();
    QTRY_VERIFY(!editor->isRunning());
    QTextCursor(editor->editor()->document()).insertText("// unsaved\n");
    auto answer = [](QMessageBox::StandardButton which) {
        QTimer::singleShot(0, [which] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(which)->click();
        });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!w.close());
    QVERIFY(w.isVisible() && editor->isVisible());
    answer(QMessageBox::Save);
    QVERIFY(w.close());
    QVERIFY(readFileBytes(file).startsWith("// unsaved\n"));
}

void TstMainWindow::environmentRootsAreOpened()
{
    // Only TRITON_CACHE_DIR points anywhere; the other defaults live in an empty home.
    TempCache home, cache;
    cache.addKernel(QStringLiteral("env_kernel"), QString(64, QLatin1Char('e')));
    EnvGuard env;
    env.set("HOME", home.path().toUtf8());
    for (const char* var : {"TRITON_HOME", "TRITON_DUMP_DIR", "TRITON_OVERRIDE_DIR"})
        env.unset(var);
    env.set("TRITON_CACHE_DIR", cache.path().toUtf8());
    {
        MainWindow w;
        Ui ui(w);
        w.openEnvironmentRoots();
        QCOMPARE(w.openedFolders(), QStringList{cache.path()});
        QTRY_VERIFY(!w.isScanning());
        QCOMPARE(ui.rows(), 1);
        QCOMPARE(ui.cell(0, EntryTableModel::KernelColumn), QStringLiteral("env_kernel"));
    }
    // Nothing exists: nothing is scanned, and the window says where it looked.
    const QString missing = home.filePath(QStringLiteral("missing"));
    env.set("TRITON_CACHE_DIR", missing.toUtf8());
    {
        MainWindow w;
        Ui ui(w);
        w.openEnvironmentRoots();
        QVERIFY(w.openedFolders().isEmpty());
        QVERIFY(!w.isScanning());
        QVERIFY(ui.detail->placeholderText().contains(missing));
    }
}

void TstMainWindow::demoOpensTemporaryCopy()
{
    const QString source = kl::gui::DemoCache::sourceDir();
    QVERIFY(!source.isEmpty());
    QString copy;
    {
        MainWindow w;
        Ui ui(w);
        w.show();
        QVERIFY(w.openDemo());
        // Triton's cache and, beside it, KernelLens's own NVRTC entries.
        QCOMPARE(w.openedFolders().size(), 2);
        copy = w.openedFolders().constFirst();
        const QString nvrtc = w.openedFolders().constLast();
        QVERIFY(nvrtc.endsWith("/nvrtc-cache"));
        QVERIFY2(copy.startsWith(QDir::tempPath()), qPrintable(copy));
        QVERIFY(QFileInfo(copy).canonicalFilePath() != QFileInfo(source).canonicalFilePath());
        QVERIFY(w.windowTitle().contains(copy));
        QTRY_VERIFY(!w.isScanning());
        // The bundled entries, older Tritons' ones, the planted incomplete and corrupt copies, ours.
        int eras = 0;
        const QDir erasDir(kl::gui::DemoCache::erasSourceDir());
        for (const QString& v : erasDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            eras += int(entriesIn(erasDir.filePath(v)));
        QVERIFY(eras >= 4);
        QCOMPARE(ui.rows(),
                 int(entriesIn(source)) + eras + 2 + int(entriesIn(kl::gui::DemoCache::nvrtcSourceDir())));
        QVERIFY(ui.detail->toPlainText().contains(copy) || ui.detail->toPlainText().contains(nvrtc));
    }
    QVERIFY(!QFileInfo::exists(copy)); // removed with the window
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
