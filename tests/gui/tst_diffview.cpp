// The side-by-side diff offscreen: two real fixture entries, stages, normalisation toggles,
// navigation, superseded results, and the main window's Compare Selected action.

#include "app/gui/diff/diffview.h"
#include "app/gui/mainwindow.h"
#include "core/explain/stagecomparison.h"
#include "core/scan/cachescanner.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

namespace {

const QString kCache = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

// The fixture's add_kernel entries for sm_80 and sm_90 that have a ttgir stage.
std::pair<kl::Entry, kl::Entry> sm80AndSm90()
{
    kl::Root root;
    root.path = kCache.toStdString();
    root.reason = kl::Text::verbatim("given");
    root.given = true;
    const kl::Snapshot snap = kl::CacheScanner().scan({root});
    std::optional<kl::Entry> a, b;
    for (const kl::Entry& e : snap.entries) {
        if (e.kernel != "add_kernel" || !e.stage("ttgir"))
            continue;
        if (e.target.arch == "80" && !a)
            a = e;
        if (e.target.arch == "90" && !b)
            b = e;
    }
    return {a.value_or(kl::Entry()), b.value_or(kl::Entry())};
}

bool waitDone(kl::gui::DiffView& v, QSignalSpy& spy)
{
    return spy.wait(20000) && !v.summaryText().startsWith("Comparing");
}

} // namespace

// The diff windows open now: top-level windows of their own, found as the user sees them.
QList<kl::gui::DiffView*> diffWindows()
{
    QList<kl::gui::DiffView*> out;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* diff = qobject_cast<kl::gui::DiffView*>(w))
            out << diff;
    return out;
}

class TstDiffView : public QObject {
    Q_OBJECT
private slots:
    void twoEntriesSideBySide()
    {
        const auto [a, b] = sm80AndSm90();
        QVERIFY(!a.path.empty() && !b.path.empty());
        kl::gui::DiffView v;
        QSignalSpy done(&v, &kl::gui::DiffView::finished);
        v.compareEntries(a, b);
        QVERIFY(waitDone(v, done));
        QCOMPARE(v.stageBox()->itemText(0), QString("source"));
        QVERIFY(v.stageBox()->findText("ttgir") >= 0);
        QVERIFY(v.stageBox()->findText("cubin") < 0); // binary stages compare as SASS
        QVERIFY(v.stageBox()->findText("sass") >= 0);
        // The view opens on the first stage that differs (as core compares them) and marks each.
        QString firstStage;
        for (const kl::StageComparison& c : kl::compareStages(a, b, {})) {
            const int i = v.stageBox()->findText(QString::fromStdString(c.stage));
            if (i >= 0)
                QCOMPARE(v.stageBox()->itemData(i, Qt::UserRole).toBool(),
                         c.state == kl::StageState::Differs);
            if (i >= 0 && firstStage.isEmpty() && c.state == kl::StageState::Differs)
                firstStage = QString::fromStdString(c.stage);
        }
        QVERIFY(!firstStage.isEmpty());
        QCOMPARE(v.stageBox()->currentText(), firstStage);
        QVERIFY(!v.stageBox()->itemIcon(0).isNull());
        if (v.stageBox()->currentText() != "ttgir") {
            v.stageBox()->setCurrentText("ttgir");
            QVERIFY(waitDone(v, done));
        }
        QVERIFY2(v.changeCount() > 0, qPrintable(v.summaryText()));
        QCOMPARE(v.leftPane()->document()->blockCount(), v.rightPane()->document()->blockCount());
        QVERIFY(v.leftPane()->toPlainText().contains("cuda:80"));
        QVERIFY(v.rightPane()->toPlainText().contains("cuda:90"));
        QVERIFY(!v.leftPane()->extraSelections().isEmpty());
        // The explanation names what the key records differently: the target.
        QVERIFY2(v.explanationText().contains("target"), qPrintable(v.explanationText()));
        // Navigation wraps around.
        QCOMPARE(v.currentChange(), 0);
        const int first = v.leftPane()->textCursor().blockNumber();
        v.nextChange();
        QCOMPARE(v.currentChange(), v.changeCount() > 1 ? 1 : 0);
        v.previousChange();
        QCOMPARE(v.leftPane()->textCursor().blockNumber(), first);
        v.previousChange();
        QCOMPARE(v.currentChange(), v.changeCount() - 1);
    }

    void togglesNormalise()
    {
        QTemporaryDir dir;
        QFile fa(dir.filePath("a.mlir")), fb(dir.filePath("b.mlir"));
        QVERIFY(fa.open(QIODevice::WriteOnly) && fb.open(QIODevice::WriteOnly));
        fa.write("%0 = arith.addi %1, %2 : i32 loc(#loc3)\n  tt.return\n");
        fb.write("%7 = arith.addi %8, %9 : i32 loc(#loc5)\n  tt.return  \n");
        fa.close();
        fb.close();
        kl::gui::DiffView v;
        QSignalSpy done(&v, &kl::gui::DiffView::finished);
        v.compareFiles(fa.fileName(), fb.fileName());
        QVERIFY(waitDone(v, done));
        QCOMPARE(v.changeCount(), 1);
        QVERIFY(v.summaryText().contains("2 lines removed, 2 added"));
        // Three toggles in a row: only the last state's result is shown.
        v.ignoreSsaBox()->setChecked(true);
        v.ignoreLocationsBox()->setChecked(true);
        v.ignoreSpaceBox()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(v.summaryText().startsWith("No differences"), 20000);
        QCOMPARE(v.changeCount(), 0);
        v.ignoreSpaceBox()->setChecked(false);
        QTRY_VERIFY_WITH_TIMEOUT(v.summaryText().contains("1 lines removed, 1 added"), 20000);
    }

    void unreadableFileIsNamed()
    {
        kl::gui::DiffView v;
        QSignalSpy done(&v, &kl::gui::DiffView::finished);
        v.compareFiles("/nonexistent/a.ttir", "/nonexistent/b.ttir");
        QVERIFY(done.wait(20000));
        QVERIFY2(v.summaryText().startsWith("/nonexistent/a.ttir: "), qPrintable(v.summaryText()));
    }

    void compareActionOpensADiffWindow()
    {
        kl::gui::MainWindow w;
        w.openFolders({kCache});
        QTRY_VERIFY(!w.isScanning());
        QVERIFY(!w.findChild<QAction*>("compareAction")->isEnabled());
        QTableView* view = w.findChild<QTableView*>("entryTable");
        QItemSelectionModel* sel = view->selectionModel();
        sel->select(view->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(!w.findChild<QAction*>("compareAction")->isEnabled());
        sel->select(view->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(w.findChild<QAction*>("compareAction")->isEnabled());
        w.findChild<QAction*>("compareAction")->trigger();
        const QList<kl::gui::DiffView*> windows = diffWindows();
        QCOMPARE(windows.size(), 1);
        auto* diff = windows.front();
        QVERIFY(diff);
        QTRY_VERIFY_WITH_TIMEOUT(!diff->summaryText().startsWith("Comparing"), 20000);
    }
};

QTEST_MAIN(TstDiffView)
#include "tst_diffview.moc"
