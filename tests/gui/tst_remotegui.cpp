// The Redis remote cache in the window, against a real redis-server holding the demo cache:
// File > Open Remote Cache's listing in the Entries page (rows streaming in as batches are read),
// the roots panel's servers, the password kept out of the settings, Entry > Pull into a local
// cache that a scan reads whole, and a 512 MiB stage the stage tab refuses to fetch.
#include "app/gui/entries/entriespage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/remote/remotedoctordialog.h"
#include "app/gui/remote/remoteopendialog.h"
#include "app/gui/remote/remotesession.h"
#include "app/gui/roots/rootspanel.h"
#include "app/gui/stages/codeview.h"
#include "app/gui/stages/stagetabs.h"
#include "core/remote/remotecache.h"
#include "core/scan/cachescanner.h"
#include "tests/remote/remotetestutil.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
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

// `count` more entries on the server, made of a demo kernel's group and metadata values under
// synthetic keys `<prefix>NNNNNNNN` (each a kernel entry whose hash is not its key: real work for
// the listing, which reads both json values of every entry). Its children are absent, so the
// entry is only judged once SCAN has ended; unless `whole`, where the group names the metadata
// alone and the entry is judged as soon as SCAN has returned both its keys.
bool plantEntries(kl::remote::Client& c, const kl::remote::KeyFormat& f, int count, bool whole = false,
                  const std::string& prefix = "SYNTH")
{
    auto demo = kl::remote::scanRemote(c, f);
    if (!demo)
        return false;
    const kl::Entry* kernel = nullptr;
    for (const kl::Entry& e : demo->snapshot.entries)
        if (e.kind == kl::EntryKind::Kernel && !kernel)
            kernel = &e;
    if (!kernel)
        return false;
    std::vector<std::pair<std::string, std::string>> files; // name, value
    for (const kl::Stage& s : kernel->stages)
        if (s.fileName.ends_with(".json")) {
            auto v = c.command({"GET", f.make(kernel->folderName, s.fileName)});
            if (!v || v->type != kl::remote::Reply::Type::String)
                return false;
            files.emplace_back(s.fileName, v->str);
        }
    const std::string group = "__grp__" + kernel->kernel + ".json";
    if (auto v = c.command({"GET", f.make(kernel->folderName, group)});
        v && v->type == kl::remote::Reply::Type::String)
        files.emplace_back(group, whole ? "{\"child_paths\": [\"" + kernel->kernel + ".json\"]}" : v->str);
    else
        return false;
    std::vector<std::string> keys;
    for (int i = 0; i < count; ++i) {
        const std::string key = prefix + QStringLiteral("%1").arg(i, 8, 10, QLatin1Char('0')).toStdString();
        for (const auto& [name, value] : files)
            keys.push_back(f.make(key, name));
    }
    for (std::size_t first = 0; first < keys.size(); first += 1000) {
        std::vector<std::vector<std::string_view>> commands;
        for (std::size_t k = first; k < std::min(keys.size(), first + 1000); ++k)
            commands.push_back({"SET", keys[k], files[k % files.size()].second});
        if (!c.pipeline(commands))
            return false;
    }
    return true;
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

    // A listing of thousands of entries streams into the table batch by batch: rows are on screen
    // while the server still has entries to give (it is paused at the first rows, so the listing
    // cannot end), the rows shown are the entries read so far, and the end state (the snapshot
    // the rows are served from) equals `klens remote ls --json`.
    // A server opens like a folder: rows of whole entries (their group and every child it names
    // listed) arrive while SCAN still walks the keyspace, the rest once it has ended.
    void rowsStreamAsBatchesAreRead()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        pushDemo(*client, defaultFormat());
        // 60,000 keys: SCAN takes about 60 pages. 300 entries wait for children never listed.
        const int whole = 30000, partial = 300;
        QVERIFY(plantEntries(*client, defaultFormat(), whole, /*whole=*/true, "WHOLE"));
        QVERIFY(plantEntries(*client, defaultFormat(), partial, /*whole=*/false, "PARTIAL"));
        const int total = whole + partial + int(demoKeys().size());

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        auto* table = w.findChild<QTableView*>(QStringLiteral("entryTable"));
        QAbstractItemModel* model = table->model();
        kl::gui::RemoteSession* session = w.findChild<kl::gui::RemoteSession*>();
        bool paused = false;
        int rowsAtFirst = -1;
        bool listingAtFirst = false;
        bool snapshotAtFirst = true;
        QObject guard;
        connect(model, &QAbstractItemModel::rowsInserted, &guard, [&] {
            if (paused)
                return;
            server.pause(); // the listing cannot go on (or end) until it resumes
            paused = true;
            rowsAtFirst = model->rowCount();
            listingAtFirst = session->isListing();
            snapshotAtFirst = page->snapshot() != nullptr;
        });
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QTRY_VERIFY_WITH_TIMEOUT(paused, 30000);
        QVERIFY(rowsAtFirst > 0 && rowsAtFirst < total);
        QVERIFY(listingAtFirst);
        QVERIFY(!snapshotAtFirst); // rows, but no final snapshot yet
        // Everything the listing posted before the server stopped is shown now. Had SCAN ended
        // before the first rows (the whole keyspace listed first), its end would be among it.
        QTest::qWait(500);
        QVERIFY2(!session->listingScanned(), "the first rows came only after SCAN had ended");
        QTRY_VERIFY(session->listingProgress().first > 0);
        const auto [read, known] = session->listingProgress();
        QVERIFY2(read < total && known < total,
                 qPrintable(QStringLiteral("%1 read, %2 known of %3").arg(read).arg(known).arg(total)));
        QVERIFY(qint64(model->rowCount()) >= read); // a page's progress follows its last batch
        QVERIFY(session->isListing());
        QVERIFY(shown.isEmpty());
        qInfo("first rows: %d of %d entries shown while SCAN ran (%lld entries known)", model->rowCount(),
              total, known);
        server.resume();
        QVERIFY(shown.wait(60000));
        QTRY_VERIFY(!w.isScanning());

        // The end: the snapshot holds every entry, the table shows exactly those, as klens lists them.
        const auto snap = page->snapshot();
        QVERIFY(snap);
        QCOMPARE(int(snap->entries.size()), total);
        QCOMPARE(model->rowCount(), total);
        QSet<QString> rowsEntries;
        for (int r = 0; r < model->rowCount(); ++r) {
            const int i = model->index(r, 0).data(kl::gui::EntryTableModel::EntryIndexRole).toInt();
            QVERIFY(i >= 0 && i < total);
            const QString folder = QString::fromStdString(snap->entries[std::size_t(i)].folderName);
            rowsEntries.insert(folder);
            // The row streamed in (its text kept) is the entry it is mapped to in the sorted snapshot.
            QVERIFY(model->index(r, 0)
                        .data(kl::gui::EntryTableModel::FilterRole)
                        .toString()
                        .endsWith(QLatin1Char('\n') + folder));
        }
        QCOMPARE(rowsEntries.size(), total);

        const ProcessResult klens =
            runKlens({QStringLiteral("remote"), QStringLiteral("ls"), server.url(), QStringLiteral("--json")},
                     withoutMachineRedis());
        QVERIFY(klens.finished);
        const QJsonArray listed = klens.json.value(QStringLiteral("entries")).toArray();
        QCOMPARE(listed.size(), total);
        for (int i = 0; i < total; ++i) {
            const QJsonObject j = listed.at(i).toObject();
            const kl::Entry& e = snap->entries[std::size_t(i)];
            QCOMPARE(j.value(QStringLiteral("folder")).toString(), QString::fromStdString(e.folderName));
            QCOMPARE(j.value(QStringLiteral("status")).toString(),
                     QString::fromUtf8(kl::toString(e.status).data()));
            QCOMPARE(qint64(j.value(QStringLiteral("size")).toDouble()), qint64(e.totalSize));
            QCOMPARE(j.value(QStringLiteral("problems")).toArray().size(), qsizetype(e.problems.size()));
        }
    }

    // Cancel while the rows stream in: the listing ends early, and the snapshot shown holds exactly
    // the rows that were on screen (fewer than the server has).
    void cancelKeepsTheStreamedRows()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        pushDemo(*client, defaultFormat());
        const int planted = 5000;
        QVERIFY(plantEntries(*client, defaultFormat(), planted));
        const int total = planted + int(demoKeys().size());

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QAbstractItemModel* model = w.findChild<QTableView*>(QStringLiteral("entryTable"))->model();
        bool paused = false;
        QObject guard;
        connect(model, &QAbstractItemModel::rowsInserted, &guard, [&] {
            if (!paused) {
                server.pause();
                paused = true;
            }
        });
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QTRY_VERIFY_WITH_TIMEOUT(paused, 30000);
        w.cancelScan();
        server.resume();
        QVERIFY(shown.wait(60000));
        QTRY_VERIFY(!w.isScanning());
        const auto snap = page->snapshot();
        QVERIFY(snap);
        QVERIFY(snap->cancelled);
        QVERIFY2(int(snap->entries.size()) > 0 && int(snap->entries.size()) < total,
                 qPrintable(QString::number(snap->entries.size())));
        QCOMPARE(model->rowCount(), int(snap->entries.size()));
        QSet<int> indices; // every entry of the snapshot on one row
        for (int r = 0; r < model->rowCount(); ++r)
            indices.insert(model->index(r, 0).data(kl::gui::EntryTableModel::EntryIndexRole).toInt());
        QCOMPARE(int(indices.size()), int(snap->entries.size()));
        QVERIFY(*std::min_element(indices.begin(), indices.end()) == 0);
        QVERIFY(*std::max_element(indices.begin(), indices.end()) == int(snap->entries.size()) - 1);
    }

    // A 512 MiB stage (the demo's cubin grown on the server to Redis's default maximum): its tab
    // says it is too large and the server sends nothing of it.
    void hugeStageIsNotFetched()
    {
        if (const qint64 avail = memAvailableBytes(); avail >= 0 && avail < (3ll << 30))
            QSKIP(qPrintable(QStringLiteral("needs about 3 GiB of free memory for a 512 MiB Redis value; "
                                            "%1 MiB available")
                                 .arg(avail >> 20)));
        RedisServer server;
        KL_START_REDIS(server);
        auto client = clientFor(server.url(), std::chrono::milliseconds(60000));
        QVERIFY(client);
        pushDemo(*client, defaultFormat());
        auto demo = kl::remote::scanRemote(*client, defaultFormat());
        QVERIFY(demo);
        std::string key;
        for (const kl::Entry& e : demo->snapshot.entries)
            if (e.kind == kl::EntryKind::Kernel && e.stage("cubin") && key.empty()) {
                key = e.folderName;
                auto grown =
                    client->command({"SETRANGE", defaultFormat().make(key, e.stage("cubin")->fileName),
                                     std::to_string((512ll << 20) - 1), "x"});
                QVERIFY(grown && grown->integer == (512ll << 20));
            }
        QVERIFY(!key.empty());

        MainWindow w;
        auto* page = w.findChild<EntriesPage*>();
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(sourceFor(server.url()));
        QVERIFY(shown.wait(30000));
        QTRY_VERIFY(!w.isScanning());
        QCOMPARE(page->selectEntries({QString::fromStdString(defaultFormat().make(key, "*"))}), 1);
        auto* tabs = w.findChild<kl::gui::StageTabs*>();
        QTRY_VERIFY(tabs->tabOf(QStringLiteral("cubin")) >= 0);
        const qint64 sent = bytesSent(*client);
        QSignalSpy loaded(tabs, &kl::gui::StageTabs::stageLoaded);
        tabs->setCurrentIndex(tabs->tabOf(QStringLiteral("cubin")));
        QTRY_VERIFY(!loaded.isEmpty());
        QString said;
        for (QLabel* l : tabs->widget(tabs->tabOf(QStringLiteral("cubin")))->findChildren<QLabel*>())
            said += l->text();
        QVERIFY2(said.contains(QStringLiteral("too large")) && said.contains(QStringLiteral("512.0 MiB")),
                 qPrintable(said));
        const qint64 after = bytesSent(*client);
        QVERIFY2(after - sent < (1 << 20), qPrintable(QString::number(after - sent)));
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
