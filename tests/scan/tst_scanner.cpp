// Layouts of every Triton era and every entry kind, built in temp folders. The shapes follow
// Triton's cache.py/compiler.py of each era (see ../shared/reference/triton-cache-format.md).
#include "core/env/cacheroots.h"
#include "core/formats/keyencoding.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QTest>
#include <algorithm>
#include <mutex>
#include <set>

using namespace kl;

namespace {

Snapshot scanDir(const QString& dir)
{
    return CacheScanner().scan({kl::givenRoot(dir.toStdString())});
}

const Entry* byFolder(const Snapshot& s, const QString& folder)
{
    for (const Entry& e : s.entries)
        if (QString::fromStdString(e.folderName) == folder)
            return &e;
    return nullptr;
}

QString sha(const QByteArray& b)
{
    return QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex();
}

} // namespace

class TstScanner : public QObject {
    Q_OBJECT
private slots:
    void triton2xLayout()
    {
        TempCache c;
        // 2.x: md5-hex folder, a list-shaped group file, no hash/target, device_type + arch.
        const QString folder = QCryptographicHash::hash("k", QCryptographicHash::Md5).toHex();
        c.write(folder + "/add_kernel.ttir", "module {}\n");
        c.write(folder + "/add_kernel.ptx", "//\n");
        c.write(folder + "/add_kernel.cubin", QByteArray("\x7f"
                                                         "ELF",
                                                         4));
        c.write(folder + "/add_kernel.json",
                R"({"num_warps": 4, "num_stages": 3, "constants": {}, "debug": false,
            "device_type": "cuda", "shared": 0, "name": "add_kernel", "arch": 80})");
        c.write(
            folder + "/__grp__add_kernel.json",
            R"({"child_paths": ["add_kernel.cubin", "add_kernel.json", "add_kernel.ptx", "add_kernel.ttir"]})");
        c.write(folder + "/add_kernel.ptx.tmp.pid_4242_123456", "partial");
        Snapshot s = scanDir(c.path());
        const Entry* e = byFolder(s, folder);
        QVERIFY(e);
        QCOMPARE(int(e->era), int(KeyEra::Md5Hex));
        QCOMPARE(int(e->kind), int(EntryKind::Kernel));
        QCOMPARE(int(e->status), int(EntryStatus::Complete));
        QVERIFY(!e->hashOk.has_value()); // 2.x records no hash
        QCOMPARE(QString::fromStdString(e->target.backend), QStringLiteral("cuda"));
        QCOMPARE(QString::fromStdString(e->target.arch), QStringLiteral("80"));
        QCOMPARE(QString::fromStdString(e->metadataFormat), QStringLiteral("2.x"));
        QVERIFY(e->hasProblem(problem::OrphanTemp));  // the 2.x sibling temp file
        QVERIFY(!e->hasProblem(problem::MovedCache)); // list shape records no paths
        QVERIFY(!e->stage("tmp"));
    }

    void mixedErasInOneRoot()
    {
        TempCache c;
        const QString h = sha("one");
        // sha256-hex era (up to 3.1) and base64url nightlies, next to base32.
        for (KeyEra era : {KeyEra::Sha256Hex, KeyEra::Base64Url, KeyEra::Base32}) {
            const QString folder = QString::fromStdString(*encodeKeyFolder(h.toStdString(), era));
            c.write(folder + "/k.json",
                    QStringLiteral(R"({"hash": "%1", "target": {"backend": "cuda", "arch": 80,
                "warp_size": 32}, "name": "k"})")
                        .arg(h)
                        .toUtf8());
            c.write(folder + "/k.ptx", "//");
            c.write(folder + "/__grp__k.json", R"({"child_paths": ["k.json", "k.ptx"]})");
        }
        Snapshot s = scanDir(c.path());
        QCOMPARE(s.entries.size(), 3u);
        QSet<int> eras;
        for (const Entry& e : s.entries) {
            eras << int(e.era);
            QVERIFY2(e.hashOk.value_or(false), e.folderName.c_str());
            QCOMPARE(int(e.status), int(EntryStatus::Complete));
        }
        QCOMPARE(eras.size(), 3);
    }

    void hashMismatch()
    {
        TempCache c;
        const QString folder = c.addKernel("k", sha("a"));
        // Rewrite the metadata with another hash: folder no longer matches.
        c.write(folder + "/k.json", QStringLiteral(R"({"hash": "%1", "name": "k"})").arg(sha("b")).toUtf8());
        Snapshot s = scanDir(c.path());
        const Entry* e = byFolder(s, folder);
        QVERIFY(e);
        QCOMPARE(e->hashOk, std::optional<bool>(false));
        QVERIFY(e->hasProblem(problem::HashMismatch));
    }

    void kernelNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addRow("underscore") << "_bias_kernel";
        QTest::addRow("at sign (IR-file source)") << "@fn";
        QTest::addRow("200 characters") << QString(200, 'k');
        // Cut by characters as Python slices, not by bytes: 140 ASCII + 10 of the 60 'ü' survive.
        QTest::addRow("non-ASCII past 150") << QString(140, 'k') + QString(60, QChar(0xFC));
    }
    void kernelNames()
    {
        QFETCH(QString, name);
        TempCache c;
        const QString inFiles = name.left(150); // Triton cuts file names at 150 characters
        const QString h = sha(name.toUtf8());
        const QString folder = base32Folder(h);
        c.write(folder + "/" + inFiles + ".source", "x");
        c.write(folder + "/" + inFiles + ".json",
                QStringLiteral(R"({"hash": "%1", "name": "%2"})").arg(h, name).toUtf8());
        c.write(folder + "/__grp__" + inFiles + ".json",
                QStringLiteral(R"({"child_paths": {"%1.source": "%2/%1.source", "%1.json": "%2/%1.json"}})")
                    .arg(inFiles, c.filePath(folder))
                    .toUtf8());
        Snapshot s = scanDir(c.path());
        QCOMPARE(s.entries.size(), 1u);
        const Entry& e = s.entries.front();
        QCOMPARE(QString::fromStdString(e.kernel), name);
        QCOMPARE(int(e.status), int(EntryStatus::Complete));
        QVERIFY2(e.problems.empty(), e.problems.empty() ? "" : e.problems.front().message.english().c_str());
        QVERIFY(e.stage("source"));
    }

    void otherKinds()
    {
        TempCache c;
        c.write("AAAA/matmul.autotune.json",
                R"({"key": [1024], "configs_timings": [[{"num_warps": 4}, [0.1, 0.09, 0.11]]]})");
        c.write("BBBB/__triton_launcher.so", "\x7f"
                                             "ELF");
        c.write("CCCC/cuda_utils.cpython-312-x86_64-linux-gnu.so", "\x7f"
                                                                   "ELF");
        c.write("tmp.pid_123_0f0e0d0c-0000-4000-8000-000000000000/k.ptx", "partial");
        c.write("tmp.0badcafe/k.ptx", "partial");
        c.write("matmul.pickle", "\x80\x04");
        c.write("matmul.pickle.lock", "");
        c.write("notes.txt", "hello");
        c.write("DDDD/readme.md", "hello");
        Snapshot s = scanDir(c.path());
        auto kindOf = [&](const char* f) {
            return QString::fromStdString(std::string(toString(byFolder(s, f)->kind)));
        };
        auto statusOf = [&](const char* f) {
            return QString::fromStdString(std::string(toString(byFolder(s, f)->status)));
        };
        QCOMPARE(kindOf("AAAA"), QStringLiteral("autotune"));
        QCOMPARE(QString::fromStdString(byFolder(s, "AAAA")->kernel), QStringLiteral("matmul"));
        QCOMPARE(kindOf("BBBB"), QStringLiteral("module"));
        QCOMPARE(QString::fromStdString(byFolder(s, "CCCC")->kernel), QStringLiteral("cuda_utils"));
        QCOMPARE(kindOf("tmp.pid_123_0f0e0d0c-0000-4000-8000-000000000000"), QStringLiteral("temp"));
        QCOMPARE(statusOf("tmp.pid_123_0f0e0d0c-0000-4000-8000-000000000000"), QStringLiteral("orphan"));
        QCOMPARE(kindOf("tmp.0badcafe"), QStringLiteral("temp"));
        QCOMPARE(kindOf("matmul.pickle"), QStringLiteral("foreign"));
        QCOMPARE(kindOf("matmul.pickle.lock"), QStringLiteral("foreign"));
        QCOMPARE(kindOf("notes.txt"), QStringLiteral("unknown"));
        QCOMPARE(kindOf("DDDD"), QStringLiteral("unknown"));
        QCOMPARE(statusOf("DDDD"), QStringLiteral("foreign"));
    }

    void corruptAutotuneResult()
    {
        TempCache c;
        c.write("AAAA/f.autotune.json", R"({"key": [1]})");
        Snapshot s = scanDir(c.path());
        QCOMPARE(int(s.entries.front().status), int(EntryStatus::Corrupt));
        QVERIFY(s.entries.front().hasProblem(problem::CorruptJson));
    }

    void interruptedCompiles()
    {
        TempCache c;
        const QString h = sha("x");
        const QString folder = base32Folder(h);
        // Stages written in compile order, crash before the metadata and the group file; a temp
        // folder left behind.
        c.write(folder + "/k.source", "def k(): pass");
        c.write(folder + "/k.ttir", "module {}");
        c.write(folder + "/k.ttgir", "module {}");
        c.write(folder + "/tmp.pid_999_abc/k.llir", "partial");
        c.mkdir(base32Folder(sha("empty")));
        // No compile stops leaving TTIR and PTX without what lies between: a hand-made override
        // folder (formats/dumplayout), listed but never an incomplete entry.
        const QString handMade = base32Folder(sha("hand-made"));
        c.write(handMade + "/k.ttir", "module {}");
        c.write(handMade + "/k.ptx", "//");
        Snapshot s = scanDir(c.path());
        const Entry* over = byFolder(s, handMade);
        QVERIFY(over);
        QCOMPARE(int(over->kind), int(EntryKind::Override));
        QCOMPARE(int(over->status), int(EntryStatus::Complete));
        QVERIFY(over->hasProblem(problem::DumpFolderInCache));
        QVERIFY(!over->hasProblem(problem::MissingMetadata));
        const Entry* e = byFolder(s, folder);
        QVERIFY(e);
        QCOMPARE(int(e->kind), int(EntryKind::Kernel));
        QCOMPARE(int(e->status), int(EntryStatus::Incomplete));
        QVERIFY(e->hasProblem(problem::MissingGroup));
        QVERIFY(e->hasProblem(problem::MissingMetadata));
        QVERIFY(e->hasProblem(problem::OrphanTemp));
        const Entry* empty = byFolder(s, base32Folder(sha("empty")));
        QVERIFY(empty);
        QCOMPARE(int(empty->status), int(EntryStatus::Incomplete));
        QVERIFY(empty->hasProblem(problem::EmptyEntry));
    }

    void unknownStagesListed()
    {
        TempCache c;
        const QString folder = c.addKernel("k", sha("fork"));
        c.write(folder + "/k.sass", "fork stage");
        c.write(folder + "/k.launch_metadata", "{}");
        Snapshot s = scanDir(c.path());
        const Entry& e = s.entries.front();
        QVERIFY(e.stage("sass"));
        QVERIFY(!e.stage("sass")->known);
        QVERIFY(e.stage("launch_metadata"));
        QVERIFY(e.problems.empty());
    }

    void nestedCachesAreFound()
    {
        TempCache c;
        // vLLM: torch_compile_cache/<hash>/rank_0_0/triton_cache/<entries>
        const QString root = "torch_compile_cache/d4ec7c2a7d/rank_0_0/triton_cache";
        c.mkdir(root);
        const QString h = sha("nested");
        const QString folder = base32Folder(h);
        c.write(root + "/" + folder + "/k.json",
                QStringLiteral(R"({"hash": "%1", "name": "k"})").arg(h).toUtf8());
        c.write(root + "/" + folder + "/__grp__k.json", R"({"child_paths": ["k.json"]})");
        Snapshot s = scanDir(c.path());
        QCOMPARE(s.entries.size(), 1u);
        QCOMPARE(int(s.entries.front().status), int(EntryStatus::Complete));
        QCOMPARE(QString::fromStdString(s.roots[std::size_t(s.entries.front().rootIndex)].path),
                 c.filePath(root));
    }

    void progressAndThreads()
    {
        TempCache c;
        for (int i = 0; i < 40; ++i)
            c.addKernel("k", sha(QByteArray::number(i)));
        std::atomic<std::size_t> last{0};
        ScanOptions o;
        o.threads = 3;
        o.progress = [&](std::size_t done, std::size_t total) {
            QVERIFY(done <= total);
            std::size_t prev = last.load();
            while (done > prev && !last.compare_exchange_weak(prev, done)) {
            }
        };
        Snapshot s = CacheScanner(o).scan({kl::givenRoot(c.path().toStdString())});
        QCOMPARE(s.entries.size(), 40u);
        QCOMPARE(last.load(), 40u);
        QVERIFY(std::is_sorted(s.entries.begin(), s.entries.end(),
                               [](const Entry& a, const Entry& b) { return a.path < b.path; }));
    }

    // A viewer that showed entries while they were read maps them to the sorted snapshot by their
    // readId: across nested levels, with an entry that vanished, and with paths that tie on the
    // sort's 8-byte keys (a shared stretch, a prefix of another, bytes above 0x7f).
    void readIdsMapToTheSortedSnapshot()
    {
        TempCache c;
        for (const char* name : {"aaaaaaaaaaaa2", "aaaaaaaaaaaa1", "abc", "abcd", "\xc3\xa9x", "zz", "gone"})
            c.write(QString::fromUtf8(name) + "/k.json", R"({"name": "k"})");
        const QString nested = "torch_compile_cache/d4ec7c2a7d/rank_0_0/triton_cache";
        for (int i = 0; i < 5; ++i)
            c.write(nested + "/n" + QString::number(i) + "/k.json", R"({"name": "k"})");
        const std::string gone = c.filePath("gone").toStdString();
        std::mutex mutex;
        std::vector<std::pair<std::size_t, std::string>> read;
        std::vector<int> index;
        ScanOptions o;
        o.threads = 3;
        o.beforeEntry = [&](const std::string& path) {
            if (path == gone)
                QDir(QString::fromStdString(path)).removeRecursively();
        };
        o.entryRead = [&](const Entry& e, std::size_t id) {
            const std::lock_guard lock(mutex);
            read.emplace_back(id, e.path);
        };
        CacheScanner::Placed placed = CacheScanner(o).scanPlaced({kl::givenRoot(c.path().toStdString())});
        const Snapshot& s = placed.snapshot;
        index = std::move(placed.placeOfRead);
        QCOMPARE(s.vanished, 1u);
        QCOMPARE(s.entries.size(), 11u); // 6 at the top, 5 nested
        QCOMPARE(read.size(), s.entries.size());
        QVERIFY(std::is_sorted(s.entries.begin(), s.entries.end(),
                               [](const Entry& a, const Entry& b) { return a.path < b.path; }));
        std::set<int> seen;
        for (const auto& [id, path] : read) {
            QVERIFY(id < index.size());
            const int at = index[id];
            QVERIFY(at >= 0 && std::size_t(at) < s.entries.size());
            QCOMPARE(s.entries[std::size_t(at)].path, path);
            QVERIFY(seen.insert(at).second);
        }
        // Ids of what was not an entry (the vanished one, the folders searched) map to nothing.
        QCOMPARE(std::size_t(std::count_if(index.begin(), index.end(), [](int i) { return i >= 0; })),
                 s.entries.size());
    }
};

QTEST_APPLESS_MAIN(TstScanner)
#include "tst_scanner.moc"
