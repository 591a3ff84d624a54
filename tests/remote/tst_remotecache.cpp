// The remote cache against a real redis-server: what klens pushes is what a local scan saw, what
// it pulls is byte for byte what was pushed (in Triton's local form), problems planted on the
// server are found with the local doctor's codes, and cleaning deletes each group first.
#include "core/env/cacheroots.h"
#include "core/formats/groupfile.h"
#include "core/remote/remotecache.h"
#include "core/remote/remoteclean.h"
#include "core/remote/remotejson.h"
#include "core/scan/cachescanner.h"
#include "core/storage/groupwriter.h"
#include "remotetestutil.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <atomic>

using namespace kl;
using namespace kl::remote;

namespace {

std::map<std::string, const Entry*> byFolder(const Snapshot& s)
{
    std::map<std::string, const Entry*> m;
    for (const Entry& e : s.entries)
        m[e.folderName] = &e;
    return m;
}

Snapshot scanLocal(const QString& dir)
{
    return CacheScanner().scan({givenRoot(dir.toStdString())});
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string get(Client& c, const std::string& key)
{
    auto r = c.command({"GET", key});
    return r ? r->str : std::string();
}

// handedOrder puts each entry handed over (`handed`, in order) at its place in the snapshot, once.
bool placesEachHanded(const RemoteSnapshot& snap, const std::vector<std::string>& handed)
{
    if (snap.handedOrder.size() != handed.size() || handed.size() != snap.snapshot.entries.size())
        return false;
    std::vector<bool> hit(handed.size(), false);
    for (std::size_t i = 0; i < handed.size(); ++i) {
        const int at = snap.handedOrder[i];
        if (at < 0 || std::size_t(at) >= hit.size() || hit[std::size_t(at)] ||
            snap.snapshot.entries[std::size_t(at)].folderName != handed[i])
            return false;
        hit[std::size_t(at)] = true;
    }
    return true;
}

} // namespace

class TstRemoteCache : public QObject {
    Q_OBJECT
private slots:
    void pushThenListMatchesTheLocalScan()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QCOMPARE(pushDemo(*c, f), static_cast<std::size_t>(demoKeys().size()));

        auto remote = scanRemote(*c, f);
        QVERIFY2(remote, remote ? "" : remote.error().english().c_str());
        const Snapshot local = scanLocal(demoCache());
        QCOMPARE(remote->snapshot.entries.size(), local.entries.size());
        QCOMPARE(remote->keys, static_cast<std::size_t>(server.cli({"DBSIZE"}).trimmed().toULongLong()));
        auto remoteBy = byFolder(remote->snapshot);
        for (const Entry& l : local.entries) {
            QVERIFY2(remoteBy.count(l.folderName), l.folderName.c_str());
            const Entry& r = *remoteBy[l.folderName];
            QCOMPARE(static_cast<int>(r.kind), static_cast<int>(l.kind));
            QCOMPARE(static_cast<int>(r.status), static_cast<int>(EntryStatus::Complete));
            QVERIFY2(r.problems.empty(),
                     r.problems.empty() ? "" : r.problems.front().message.english().c_str());
            QCOMPARE(r.kernel, l.kernel);
            QCOMPARE(r.target.arch, l.target.arch);
            QCOMPARE(r.tritonVersion, l.tritonVersion);
            QCOMPARE(r.hashOk, l.hashOk);
            QCOMPARE(r.stages.size(), l.stages.size());
            for (std::size_t i = 0; i < l.stages.size(); ++i) {
                QCOMPARE(r.stages[i].fileName, l.stages[i].fileName);
                QCOMPARE(r.stages[i].size, l.stages[i].size);
                QCOMPARE(r.stages[i].ext(), l.stages[i].ext());
            }
        }
        for (std::int64_t idle : remote->idleSeconds)
            QVERIFY(idle >= 0 && idle < 60);

        // The group is stored exactly as Triton's RemoteCacheManager.put_group writes it.
        for (const Entry& l : local.entries) {
            if (l.kind != EntryKind::Kernel)
                continue;
            std::vector<std::string> names;
            for (const Stage& s : l.stages)
                names.push_back(s.fileName);
            const std::string group = "__grp__" + l.kernel + ".json";
            QCOMPARE(get(*c, f.make(l.folderName, group)), tritonRemoteGroupText(names));
        }
    }

    void pullGivesTheLocalFormWholeAndNeverReplacesAGoodEntry()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        QTemporaryDir into;
        CacheStore store(into.path().toStdString(), StoreOptions{false});
        auto listing = listKeys(*c, f, {});
        QVERIFY(listing);
        auto pulled = pullEntries(*c, f, *listing, {}, store);
        QVERIFY(pulled);
        QCOMPARE(pulled->count(TransferResult::Done), static_cast<std::size_t>(demoKeys().size()));

        // Every child byte for byte; the group file in the local (path map) form, naming this folder.
        const Snapshot scanned = scanLocal(into.path());
        QCOMPARE(scanned.entries.size(), static_cast<std::size_t>(demoKeys().size()));
        for (const Entry& e : scanned.entries) {
            QCOMPARE(static_cast<int>(e.status), static_cast<int>(EntryStatus::Complete));
            QVERIFY2(e.problems.empty(),
                     e.problems.empty() ? "" : e.problems.front().message.english().c_str());
            if (e.kind == EntryKind::Kernel)
                QCOMPARE(e.hashOk, std::optional<bool>(true));
            for (const Stage& s : e.stages)
                QCOMPARE(
                    readAll(into.filePath(QString::fromStdString(e.folderName + "/" + s.fileName))),
                    readAll(demoCache() + "/" + QString::fromStdString(e.folderName + "/" + s.fileName)));
        }
        QDirIterator groups(into.path(), {"__grp__*"}, QDir::Files, QDirIterator::Subdirectories);
        int groupFiles = 0;
        while (groups.hasNext()) {
            const QString path = groups.next();
            auto g = parseGroupFile(readAll(path).toStdString());
            QVERIFY(g);
            QCOMPARE(static_cast<int>(g->shape), static_cast<int>(GroupShape::PathMap));
            for (const GroupChild& child : g->children)
                QCOMPARE(QString::fromStdString(child.recordedPath),
                         QFileInfo(path).absolutePath() + "/" + QString::fromStdString(child.name));
            ++groupFiles;
        }
        QVERIFY(groupFiles > 0);

        // The server's copy goes bad; the good local entry stays as it is.
        const Entry& victim = *std::find_if(scanned.entries.begin(), scanned.entries.end(),
                                            [](const Entry& e) { return e.kind == EntryKind::Kernel; });
        const std::string cubinKey = f.make(victim.folderName, victim.kernel + ".cubin");
        QVERIFY(c->command({"SET", cubinKey, "garbage"}));
        const QString localCubin =
            into.filePath(QString::fromStdString(victim.folderName + "/" + victim.kernel + ".cubin"));
        const QByteArray before = readAll(localCubin);
        auto again = pullEntries(*c, f, *listing, {victim.folderName}, store);
        QVERIFY(again);
        QCOMPARE(again->outcomes.size(), std::size_t{1});
        QCOMPARE(static_cast<int>(again->outcomes.front().result), static_cast<int>(TransferResult::Skipped));
        QCOMPARE(readAll(localCubin), before);
    }

    void plantedProblemsAreFoundAndRefused()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        const Snapshot local = scanLocal(demoCache());
        std::vector<const Entry*> kernels;
        for (const Entry& e : local.entries)
            if (e.kind == EntryKind::Kernel)
                kernels.push_back(&e);
        QVERIFY(kernels.size() >= 7);
        auto k = [&](int i, const std::string& file) { return f.make(kernels[i]->folderName, file); };
        auto grp = [&](int i) { return k(i, "__grp__" + kernels[i]->kernel + ".json"); };
        auto meta = [&](int i) { return k(i, kernels[i]->kernel + ".json"); };

        // 0: a child gone; 1: the group gone; 2: metadata of another entry; 3: a group that is not
        // json; 4: binary garbage as metadata; 5: a group naming a path outside the entry.
        QVERIFY(c->command({"DEL", k(0, kernels[0]->kernel + ".cubin")}));
        QVERIFY(c->command({"DEL", grp(1)}));
        QVERIFY(c->command({"SET", meta(2), get(*c, meta(3))}));
        QVERIFY(c->command({"SET", grp(3), "{\"child_paths\": [oops"}));
        QVERIFY(c->command({"SET", meta(4), std::string("\x00\xff\xfe binary", 10)}));
        QVERIFY(c->command({"SET", grp(5), "{\"child_paths\": [\"../../etc/passwd\"]}"}));
        // A key that fits the pattern but not the shape, and an oversized metadata value.
        QVERIFY(c->command({"SET", "triton:not a key:x.json", "{}"}));

        RemoteScanOptions options;
        auto snap = scanRemote(*c, f, options);
        QVERIFY(snap);
        auto by = byFolder(snap->snapshot);
        auto has = [&](int i, std::string_view code) {
            const Entry* e = by[kernels[i]->folderName];
            return e && e->hasProblem(code);
        };
        QVERIFY(has(0, problem::MissingChild));
        QCOMPARE(static_cast<int>(by[kernels[0]->folderName]->status),
                 static_cast<int>(EntryStatus::Incomplete));
        QVERIFY(has(1, problem::MissingGroup));
        QVERIFY(has(2, problem::HashMismatch));
        QVERIFY(has(3, problem::CorruptJson));
        QCOMPARE(static_cast<int>(by[kernels[3]->folderName]->status),
                 static_cast<int>(EntryStatus::Corrupt));
        QVERIFY(has(4, problem::CorruptJson));
        QVERIFY(has(5, problem::PathOutsideRoot));
        QVERIFY(by.count("triton:not a key:x.json") &&
                by["triton:not a key:x.json"]->hasProblem(problem::BadKey));
        // Problems name the Redis key they are about.
        const Entry& missing = *by[kernels[0]->folderName];
        QVERIFY(QString::fromStdString(missing.problems.front().message.english())
                    .contains(QString::fromStdString(k(0, kernels[0]->kernel + ".cubin"))));

        // A json value over the limit is reported, not read.
        options.maxJsonBytes = 64;
        auto small = scanRemote(*c, f, options);
        QVERIFY(small);
        QVERIFY(byFolder(small->snapshot)[kernels[6]->folderName]->hasProblem(problem::Oversized));

        // A pull refuses every broken entry and writes nothing for it.
        QTemporaryDir into;
        CacheStore store(into.path().toStdString(), StoreOptions{false});
        auto listing = listKeys(*c, f, {});
        QVERIFY(listing);
        std::vector<std::string> keys;
        for (int i = 0; i < 6; ++i)
            keys.push_back(kernels[i]->folderName);
        auto pulled = pullEntries(*c, f, *listing, keys, store);
        QVERIFY(pulled);
        QCOMPARE(pulled->count(TransferResult::Refused), std::size_t{6});
        for (const TransferOutcome& o : pulled->outcomes)
            QVERIFY2(!o.detail.empty(), o.key.c_str());
        QCOMPARE(QDir(into.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList());
        const auto& mismatch = pulled->outcomes[2];
        QVERIFY2(QString::fromStdString(mismatch.detail.english()).contains("does not match its key"),
                 mismatch.detail.english().c_str());
    }

    void listingReportsProgressAndStopsWhenCancelled()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        RemoteScanOptions options;
        options.scanCount = 5; // several SCAN pages
        std::vector<std::size_t> seen;
        options.progress = [&](const RemoteProgress& p) { seen.push_back(p.keys); };
        auto full = listKeys(*c, f, options);
        QVERIFY(full);
        QVERIFY(seen.size() > 2);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QVERIFY(!full->cancelled);

        std::atomic<bool> cancel{false};
        options.cancel = &cancel;
        options.progress = [&](const RemoteProgress&) { cancel = true; };
        auto partial = listKeys(*c, f, options);
        QVERIFY(partial);
        QVERIFY(partial->cancelled);
        QVERIFY(partial->keys < full->keys);
    }

    // scanRemote judges entries while SCAN runs and sorts at the end: its snapshot is the one
    // listKeys then readRemote make, whatever order SCAN returns the keys in (entries whole early,
    // ones waiting for children never listed, ones that get a key after they were handed over).
    void scanWhileListingMatchesListThenRead()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        auto demo = scanRemote(*c, f);
        QVERIFY(demo);
        const Entry* kernel = nullptr;
        for (const Entry& e : demo->snapshot.entries)
            if (e.kind == EntryKind::Kernel && !kernel)
                kernel = &e;
        QVERIFY(kernel);
        {
            // The demo alone: no entry gets a key after it is shown, so each one handed over is placed.
            std::vector<std::string> handed;
            RemoteScanOptions o;
            o.scanCount = 5;
            o.entriesRead = [&](std::span<const Entry> entries) {
                for (const Entry& e : entries)
                    handed.push_back(e.folderName);
            };
            auto again = scanRemote(*c, f, o);
            QVERIFY(again);
            QCOMPARE(handed.size(), demo->snapshot.entries.size());
            QVERIFY(placesEachHanded(*again, handed));
        }
        const std::string metaName = kernel->kernel + ".json", grpName = "__grp__" + kernel->kernel + ".json";
        const std::string meta = get(*c, f.make(kernel->folderName, metaName));
        const std::string wholeGroup =
            "{\"child_paths\": [\"" + metaName + "\", \"" + kernel->kernel + ".ptx\"]}";
        // Over the 64 KiB scanRemote reads with a value's size: fetched on their own.
        const std::string longGroup =
            wholeGroup.substr(0, wholeGroup.size() - 1) + std::string(70000, ' ') + "}";
        const std::string longMeta = "{" + std::string(70000, ' ') + meta.substr(1);
        std::vector<std::vector<std::string>> sets;
        for (int i = 0; i < 900; ++i) {
            const std::string key = "K" + std::to_string(100000 + i);
            const int shape = i % 9;
            // 0, 1: whole; 2: a key the group does not name (may come after the entry is shown);
            // 3: a child never listed; 4: no group; 5: a group that is not json; 6: two groups
            // (the one that judges the entry is the first by name, whichever SCAN gives first);
            // 7: a group over 64 KiB; 8: metadata over 64 KiB.
            sets.push_back({"SET", f.make(key, metaName), shape == 8 ? longMeta : meta});
            if (shape != 4)
                sets.push_back({"SET", f.make(key, grpName),
                                shape == 5   ? std::string("{oops")
                                : shape == 7 ? longGroup
                                             : wholeGroup});
            if (shape == 6)
                sets.push_back({"SET", f.make(key, "__grp__aaa.json"), wholeGroup});
            if (shape != 3)
                sets.push_back({"SET", f.make(key, kernel->kernel + ".ptx"), "ptx " + key});
            if (shape == 2)
                sets.push_back({"SET", f.make(key, kernel->kernel + ".cubin"), std::string(10 + i, 'c')});
        }
        sets.push_back({"SET", "triton:not a key:x.json", "{}"});
        std::vector<std::vector<std::string_view>> commands;
        for (const auto& s : sets)
            commands.emplace_back(s.begin(), s.end());
        QVERIFY(c->pipeline(commands));

        RemoteScanOptions options;
        options.scanCount = 10; // many pages
        options.batchEntries = 16;
        options.idleTimes = false; // two listings a second apart would read different idle times
        options.inductor = false;
        auto listing = listKeys(*c, f, options);
        QVERIFY(listing);
        auto before = readRemote(*c, f, *listing, options);
        QVERIFY(before);

        bool scanEnded = false;
        std::size_t handedWhileScanning = 0, pages = 0;
        std::vector<std::string> handed;
        options.progress = [&](const RemoteProgress& p) {
            scanEnded |= p.scanned;
            pages += !p.scanned;
            QVERIFY(p.entries <= p.entriesTotal || p.scanned);
        };
        options.entriesRead = [&](std::span<const Entry> entries) {
            for (const Entry& e : entries)
                handed.push_back(e.folderName);
            if (!scanEnded)
                handedWhileScanning += entries.size();
        };
        auto after = scanRemote(*c, f, options);
        QVERIFY(after);
        QVERIFY(scanEnded);
        QVERIFY2(pages > 50, qPrintable(QString::number(pages)));
        QVERIFY2(handedWhileScanning > 0, "no entry was handed over before SCAN ended");
        qInfo("%zu of %zu entries handed over while SCAN ran (%zu pages); order of those handed over %s",
              handedWhileScanning, after->snapshot.entries.size(), pages,
              after->handedOrder.empty() ? "not kept (one judged again)" : "kept");

        auto json = [](const RemoteSnapshot& s) {
            QTemporaryFile file;
            if (!file.open())
                return QByteArray();
            std::FILE* out = std::fopen(file.fileName().toLocal8Bit().constData(), "wb");
            writeRemoteSnapshotJson(s, out);
            std::fclose(out);
            return file.readAll();
        };
        const QByteArray old = json(*before), now = json(*after);
        QVERIFY(!old.isEmpty());
        QCOMPARE(after->keys, before->keys);
        QCOMPARE(after->snapshot.entries.size(), before->snapshot.entries.size());
        for (std::size_t i = 0; i < after->snapshot.entries.size(); ++i)
            QCOMPARE(after->snapshot.entries[i].folderName, before->snapshot.entries[i].folderName);
        QVERIFY(now == old);

        // Every entry handed over once.
        QCOMPARE(handed.size(), after->snapshot.entries.size());
        if (!after->handedOrder.empty())
            QVERIFY(placesEachHanded(*after, handed));

        // Cancelled while SCAN runs: what was handed over, sorted, and nothing else.
        std::atomic<bool> cancel{false};
        options.cancel = &cancel;
        handed.clear();
        options.entriesRead = [&](std::span<const Entry> entries) {
            for (const Entry& e : entries)
                handed.push_back(e.folderName);
            cancel = true;
        };
        options.progress = {};
        auto partial = scanRemote(*c, f, options);
        QVERIFY(partial);
        QVERIFY(partial->snapshot.cancelled);
        QCOMPARE(partial->snapshot.entries.size(), handed.size());
        QVERIFY(partial->snapshot.entries.size() < before->snapshot.entries.size());
        QVERIFY(std::is_sorted(partial->snapshot.entries.begin(), partial->snapshot.entries.end(),
                               [](const Entry& a, const Entry& b) { return a.folderName < b.folderName; }));
    }

    void cleanDeletesEachGroupBeforeItsChildren()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        const QStringList keys = demoKeys();

        // Idle time has a resolution of seconds: let every value age, then read two entries as
        // Triton does (the group, then every child). Names come from the local scan: listing the
        // server first would refresh idle times on a server without CLIENT NO-TOUCH (Redis < 7.2).
        QTest::qWait(2200);
        std::vector<std::string> touched;
        std::uint64_t touchedBytes = 0;
        for (const Entry& e : scanLocal(demoCache()).entries)
            if (e.kind == EntryKind::Kernel && touched.size() < 2) {
                touched.push_back(e.folderName);
                QVERIFY(c->command({"GET", f.make(e.folderName, "__grp__" + e.kernel + ".json")}));
                for (const Stage& s : e.stages)
                    QVERIFY(c->command({"GET", f.make(e.folderName, s.fileName)}));
            }
        auto snap = scanRemote(*c, f);
        QVERIFY(snap);

        RemoteCleanPolicy idle;
        idle.idleSeconds = 2;
        RemoteCleanPlan plan = planRemoteClean(*snap, f, idle);
        QCOMPARE(plan.items.size(), snap->snapshot.entries.size() - touched.size());
        for (const RemoteCleanItem& it : plan.items)
            QVERIFY(std::find(touched.begin(), touched.end(), it.key) == touched.end());

        for (std::size_t i = 0; i < snap->snapshot.entries.size(); ++i) {
            const Entry& e = snap->snapshot.entries[i];
            if (std::find(touched.begin(), touched.end(), e.folderName) != touched.end()) {
                touchedBytes += e.totalSize;
                QVERIFY(snap->idleSeconds[i] < 2);
            } else {
                QVERIFY(snap->idleSeconds[i] >= 2);
            }
        }
        RemoteCleanPolicy size;
        size.keepBytes = touchedBytes;
        RemoteCleanPlan lru = planRemoteClean(*snap, f, size);
        QCOMPARE(lru.items.size(), plan.items.size()); // the least recently used go first

        // Watch the server while it cleans: each entry's group DEL comes before its children's.
        QProcess monitor;
        monitor.start("redis-cli", {"-h", "127.0.0.1", "-p", QString::number(server.port()), "monitor"});
        QVERIFY(monitor.waitForStarted());
        QTRY_VERIFY(monitor.bytesAvailable() > 0 || monitor.waitForReadyRead(100)); // "OK"
        auto done = executeRemoteClean(*c, plan);
        QVERIFY(done);
        QCOMPARE(done->entriesDeleted, plan.items.size());
        QVERIFY(c->command({"PING"}));
        QByteArray log;
        QTRY_VERIFY((log += monitor.readAll()).contains("\"PING\""));
        monitor.kill();
        monitor.waitForFinished();
        for (const RemoteCleanItem& it : plan.items) {
            const qsizetype group =
                log.indexOf(QByteArray::fromStdString("\"DEL\" \"" + it.redisKeys.front() + "\""));
            QVERIFY(group >= 0);
            QVERIFY(QByteArray::fromStdString(it.redisKeys.front()).contains("__grp__") ||
                    it.redisKeys.size() == 1);
            for (std::size_t i = 1; i < it.redisKeys.size(); ++i)
                QVERIFY(log.indexOf(QByteArray::fromStdString("\"DEL\" \"" + it.redisKeys[i] + "\"")) >
                        group);
        }
        auto after = scanRemote(*c, f);
        QVERIFY(after);
        QCOMPARE(after->snapshot.entries.size(), touched.size());
        Q_UNUSED(keys);
    }

    void passwordUnixSocketAndDatabase()
    {
        RedisServer::Options o;
        o.password = QStringLiteral("t0p s3cret");
        o.unixSocket = true;
        RedisServer server(o);
        KL_START_REDIS(server);
        auto tcp = clientFor(QStringLiteral("redis://:t0p%20s3cret@127.0.0.1:%1/2").arg(server.port()));
        QVERIFY(tcp);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*tcp, f) > 0);
        auto unix = clientFor(QStringLiteral("unix://:t0p%20s3cret@") + server.socketPath() + "?db=2");
        QVERIFY(unix);
        auto snap = scanRemote(*unix, f);
        QVERIFY(snap);
        QCOMPARE(snap->snapshot.entries.size(), static_cast<std::size_t>(demoKeys().size()));
        auto db0 = clientFor(QStringLiteral("redis://:t0p%20s3cret@127.0.0.1:%1/0").arg(server.port()));
        QVERIFY(db0);
        auto empty = scanRemote(*db0, f);
        QVERIFY(empty);
        QVERIFY(empty->snapshot.entries.empty());
    }

    void inductorValuesAreListedBesideTriton()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        QVERIFY(pushDemo(*c, defaultFormat()) > 0);
        // As torch/_inductor writes them: RedisRemoteCache's key format, JSON values.
        const std::string autotune = "pt2:" + std::string(64, 'e') + "::cq4rzbnx.py:c1";
        QVERIFY(c->command(
            {"SET", autotune,
             R"({"XBLOCK": 256, "num_warps": 4, "num_stages": 1, "configs_hash": "h", "found_by_coordesc": false, "time_taken_ms": 5, "triton_cache_hash": null})"}));
        QVERIFY(c->command({"SET", "pt2:fx-graph-v1::fabc:c1", std::string(5000, 'x')}));
        auto snap = scanRemote(*c, defaultFormat());
        QVERIFY(snap);
        QCOMPARE(snap->snapshot.entries.size(), static_cast<std::size_t>(demoKeys().size())); // Triton's only
        QCOMPARE(snap->inductor.size(), std::size_t{2});
        const InductorValue& fx =
            snap->inductor[0].kind == InductorKind::FxGraph ? snap->inductor[0] : snap->inductor[1];
        const InductorValue& at =
            snap->inductor[0].kind == InductorKind::Autotune ? snap->inductor[0] : snap->inductor[1];
        QCOMPARE(fx.size, std::uint64_t{5000});
        QVERIFY(fx.configs.empty()); // listed by size only
        QCOMPARE(at.redisKey, autotune);
        QCOMPARE(at.configs.size(), std::size_t{1});
        QCOMPARE(at.configs.front().kwargs.front().first, std::string("XBLOCK"));
        QVERIFY(at.idleSeconds >= 0);
    }

    void anotherKeyFormat()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        auto f = KeyFormat::parse("team/{filename}@{key}");
        QVERIFY(f);
        QVERIFY(pushDemo(*c, *f) > 0);
        // Triton's default format sees none of them; the right one sees all.
        auto none = scanRemote(*c, defaultFormat());
        QVERIFY(none);
        QVERIFY(none->snapshot.entries.empty());
        auto all = scanRemote(*c, *f);
        QVERIFY(all);
        QCOMPARE(all->snapshot.entries.size(), static_cast<std::size_t>(demoKeys().size()));
        for (const Entry& e : all->snapshot.entries)
            QCOMPARE(static_cast<int>(e.status), static_cast<int>(EntryStatus::Complete));
    }
};

QTEST_GUILESS_MAIN(TstRemoteCache)
#include "tst_remotecache.moc"
