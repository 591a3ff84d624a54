// The Redis remote cache in the window, against a real redis-server holding the demo cache:
// File > Open Remote Cache's listing in the Entries page, the roots panel's servers, the
// password kept out of the settings, and Entry > Pull into a local cache that a scan reads whole.
#include "../remote/remotetestutil.h"
#include "entries/entriespage.h"
#include "mainwindow.h"
#include "remote/remotecache.h"
#include "remote/remotedoctordialog.h"
#include "remote/remoteopendialog.h"
#include "remote/remotesession.h"
#include "roots/rootspanel.h"
#include "scan/cachescanner.h"
#include "stages/codeview.h"
#include "stages/stagetabs.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using kl::gui::EntriesPage;
using kl::gui::MainWindow;
using kl::gui::RemoteSource;

namespace {

RemoteSource sourceFor(const QString& url)
{
    auto ep = kl::remote::parseRedisUrl(url.toStdString());
    return RemoteSource{ep ? *ep : kl::remote::Endpoint{}, QStringLiteral("triton:{key}:{filename}")};
}

kl::Snapshot scanFolder(const QString& dir)
{
    kl::Root r;
    r.path = dir.toStdString();
    r.reason = kl::Text::verbatim("given");
    r.given = true;
    return kl::CacheScanner().scan({r});
}

} // namespace

class TstRemoteGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KernelLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_remotegui"));
        QSettings().clear();
    }

    // The demo cache pushed, opened in the window: every entry in the table, all complete, and
    // the detail pane reads nothing from disk.
    void opensAndPulls()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        const std::size_t pushed = pushDemo(*client, defaultFormat());
        QVERIFY(demoKeys().size() >= 5); // the demo cache: 9 entries
        QCOMPARE(qsizetype(pushed), demoKeys().size());

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QVERIFY(page);
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QVERIFY(w.isScanning()); // the listing runs off the UI thread
        QVERIFY(shown.wait(20000));
        QTRY_VERIFY(!w.isScanning());

        const auto snap = page->snapshot();
        QVERIFY(snap);
        QVERIFY(!page->hasLocalFiles());
        QCOMPARE(qsizetype(snap->entries.size()), demoKeys().size());
        for (const kl::Entry& e : snap->entries)
            QVERIFY(e.status == kl::EntryStatus::Complete);
        auto* table = w.findChild<QTableView*>(QStringLiteral("entryTable"));
        QCOMPARE(table->model()->rowCount(), demoKeys().size());
        QVERIFY(w.windowTitle().contains(QStringLiteral("127.0.0.1")));
        auto* detail = w.findChild<QPlainTextEdit*>(QStringLiteral("detailView"));
        QTRY_VERIFY(detail->toPlainText().contains(QStringLiteral("Redis")));

        // A stage's tab fetches it from the server: the same text as the demo's file, and the
        // cubin's resources read from the fetched bytes.
        auto* tabs = w.findChild<kl::gui::StageTabs*>();
        QVERIFY(tabs);
        // The first row whose entry has a PTX stage (the demo's sm_100 entry has only source and cubin).
        int row = -1;
        for (int r = 0; r < table->model()->rowCount() && row < 0; ++r) {
            table->setCurrentIndex(table->model()->index(r, 0));
            if (tabs->tabOf(QStringLiteral("ptx")) >= 0 && tabs->tabOf(QStringLiteral("cubin")) >= 0)
                row = r;
        }
        QVERIFY(row >= 0);
        const QString selectedKey = [&] {
            for (const kl::Entry& e : snap->entries)
                if (detail->toPlainText().contains(QString::fromStdString(e.folderName)))
                    return QString::fromStdString(e.folderName);
            return QString();
        }();
        QVERIFY(!selectedKey.isEmpty());
        QSignalSpy loaded(tabs, &kl::gui::StageTabs::stageLoaded);
        tabs->setCurrentIndex(tabs->tabOf(QStringLiteral("ptx")));
        QTRY_VERIFY(!loaded.isEmpty());
        QString ptxName;
        for (const kl::Entry& e : snap->entries)
            if (QString::fromStdString(e.folderName) == selectedKey)
                ptxName = QString::fromStdString(e.stage("ptx")->fileName);
        QFile ptx(demoCache() + "/" + selectedKey + "/" + ptxName);
        QVERIFY(ptx.open(QIODevice::ReadOnly));
        QVERIFY(tabs->codeView(QStringLiteral("ptx")));
        QCOMPARE(tabs->codeView(QStringLiteral("ptx"))->toPlainText(), QString::fromUtf8(ptx.readAll()));
        if (tabs->tabOf(QStringLiteral("cubin")) >= 0) {
            loaded.clear();
            tabs->setCurrentIndex(tabs->tabOf(QStringLiteral("cubin")));
            QTRY_VERIFY(!loaded.isEmpty());
            QTRY_VERIFY(tabs->cubinTable() && tabs->cubinTable()->rowCount() > 0);
        }

        // The roots panel lists the server; the settings keep it.
        auto* roots = w.findChild<kl::gui::RootsPanel*>();
        QVERIFY(!roots->tree()->findItems(server.url(), Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
        QVERIFY(kl::gui::RemoteSession::recent().contains(server.url()));

        // Pull every entry into a fresh cache folder: a local scan reads each one whole.
        QTemporaryDir into;
        table->selectAll();
        QTRY_VERIFY(w.findChild<QAction*>(QStringLiteral("pullAction"))->isEnabled());
        QSignalSpy pulled(&w, &MainWindow::pullFinished);
        w.pullSelected(into.path());
        QVERIFY(pulled.wait(30000));
        QCOMPARE(pulled.at(0).at(0).toInt(), int(demoKeys().size()));
        QCOMPARE(pulled.at(0).at(2).toInt(), 0);
        const kl::Snapshot local = scanFolder(into.path());
        QCOMPARE(qsizetype(local.entries.size()), demoKeys().size());
        for (const kl::Entry& e : local.entries)
            QVERIFY(e.status == kl::EntryStatus::Complete);

        // Again: everything is there already, so each is skipped.
        QSignalSpy again(&w, &MainWindow::pullFinished);
        w.pullSelected(into.path());
        QVERIFY(again.wait(30000));
        QCOMPARE(again.at(0).at(0).toInt(), 0);
        QCOMPARE(again.at(0).at(1).toInt(), int(demoKeys().size()));
    }

    // Entry > Push from a local folder: a server that was empty holds every demo entry after it,
    // whole, as a listing reads them; pushing again skips them all.
    void pushesALocalSelection()
    {
        RedisServer server;
        KL_START_REDIS(server);
        QTemporaryDir copy;
        QVERIFY(QProcess::execute(QStringLiteral("cp"),
                                  {QStringLiteral("-a"), demoCache() + "/.", copy.path()}) == 0);
        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openFolders({copy.path()});
        QVERIFY(shown.wait(20000));
        QVERIFY(page->hasLocalFiles());
        auto* table = w.findChild<QTableView*>(QStringLiteral("entryTable"));
        table->selectAll();
        QTRY_VERIFY(w.findChild<QAction*>(QStringLiteral("pushAction"))->isEnabled());
        QVERIFY(!w.findChild<QAction*>(QStringLiteral("pullAction"))->isEnabled());
        QSignalSpy pushed(&w, &MainWindow::pushFinished);
        w.pushSelected(sourceFor(server.url()));
        QVERIFY(pushed.wait(30000));
        QCOMPARE(pushed.at(0).at(0).toInt(), int(demoKeys().size()));
        QCOMPARE(pushed.at(0).at(2).toInt(), 0);
        auto client = clientFor(server.url());
        QVERIFY(client);
        auto listed = kl::remote::scanRemote(*client, defaultFormat());
        QVERIFY(listed);
        QCOMPARE(qsizetype(listed->snapshot.entries.size()), demoKeys().size());
        for (const kl::Entry& e : listed->snapshot.entries)
            QVERIFY(e.status == kl::EntryStatus::Complete);
        QSignalSpy again(&w, &MainWindow::pushFinished);
        w.pushSelected(sourceFor(server.url()));
        QVERIFY(again.wait(30000));
        QCOMPARE(again.at(0).at(1).toInt(), int(demoKeys().size()));
    }

    // Entry > Doctor on a remote cache: the listing's problems by code, with what to do.
    void remoteDoctorShowsTheProblems()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        pushDemo(*client, defaultFormat());
        const QByteArray group = server
                                     .cli({QStringLiteral("--scan"), QStringLiteral("--pattern"),
                                           QStringLiteral("triton:*:__grp__add_kernel.json")})
                                     .split('\n')
                                     .first()
                                     .trimmed();
        QVERIFY(!group.isEmpty());
        server.cli({QStringLiteral("DEL"), QString::fromUtf8(group)});

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QVERIFY(shown.wait(20000));
        auto* doctor = w.findChild<QAction*>(QStringLiteral("doctorAction"));
        QVERIFY(doctor);
        QTRY_VERIFY(doctor->isEnabled());
        doctor->trigger();
        auto* dialog = w.findChild<kl::gui::RemoteDoctorDialog*>();
        QVERIFY(dialog);
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("1 warnings")) ||
                     dialog->summaryText().contains(QStringLiteral("warning")),
                 qPrintable(dialog->summaryText()));
        const auto found = dialog->tree()->findItems(QStringLiteral("missing-group"), Qt::MatchContains);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front()->text(1), QStringLiteral("1"));
        QVERIFY(found.front()->child(0)->text(0).contains(QStringLiteral("klens remote clean --broken")));
        QVERIFY(
            found.front()->child(1)->text(0).contains(QString::fromUtf8(group.left(group.lastIndexOf(':')))));
    }

    // A password is used for the session (reopening from the roots panel works) but never saved.
    void passwordStaysInMemory()
    {
        RedisServer::Options o;
        o.password = QStringLiteral("s3cret-pw");
        RedisServer server(o);
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        pushDemo(*client, defaultFormat());

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QVERIFY(shown.wait(20000));
        QCOMPARE(qsizetype(page->snapshot()->entries.size()), demoKeys().size());

        const QString display = QString::fromStdString(sourceFor(server.url()).endpoint.display());
        QVERIFY(!display.contains(QStringLiteral("s3cret")));
        QSettings settings;
        for (const QString& k : settings.allKeys())
            QVERIFY2(!settings.value(k).toString().contains(QStringLiteral("s3cret")), qPrintable(k));
        QVERIFY(kl::gui::RemoteSession::recent().contains(display));

        // Reopened by its display URL (as the roots panel does): the session's password is used.
        auto* roots = w.findChild<kl::gui::RootsPanel*>();
        QTRY_VERIFY(!roots->tree()->findItems(display, Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
        QSignalSpy again(page, &EntriesPage::snapshotShown);
        emit roots->openRemoteRequested(display);
        QVERIFY(again.wait(20000));
        QCOMPARE(qsizetype(page->snapshot()->entries.size()), demoKeys().size());
    }

    // The dialog refuses a bad key format and a bad URL, with the reason, and stays open.
    void dialogChecksInput()
    {
        kl::gui::RemoteOpenDialog d;
        d.findChild<QComboBox*>(QStringLiteral("remoteUrl"))
            ->setCurrentText(QStringLiteral("redis://localhost:1/0"));
        d.findChild<QLineEdit*>(QStringLiteral("remoteKeyFormat"))->setText(QStringLiteral("triton:{key}"));
        d.show();
        d.accept();
        QVERIFY(d.isVisible());
        QVERIFY(!d.findChild<QLabel*>(QStringLiteral("remoteError"))->text().isEmpty());
        d.findChild<QLineEdit*>(QStringLiteral("remoteKeyFormat"))
            ->setText(QStringLiteral("triton:{key}:{filename}"));
        d.findChild<QLineEdit*>(QStringLiteral("remotePassword"))->setText(QStringLiteral("pw"));
        d.accept();
        QVERIFY(!d.isVisible());
        QCOMPARE(d.source().endpoint.port, 1);
        QCOMPARE(QString::fromStdString(d.source().endpoint.password), QStringLiteral("pw"));
        QVERIFY(!d.source().display().contains(QStringLiteral("pw@")));
    }

    // A server that is not there: the page says why, nothing hangs.
    void unreachableServerSaysWhy()
    {
        MainWindow w;
        w.openRemote(sourceFor(QStringLiteral("redis://127.0.0.1:%1/0").arg(freeLocalPort())));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isScanning(), 20000);
        auto* messages = w.findChild<QLabel*>(QStringLiteral("rootMessages"));
        QTRY_VERIFY(messages->isVisibleTo(&w) && !messages->text().isEmpty());
    }
};

QTEST_MAIN(TstRemoteGui)
#include "tst_remotegui.moc"
