// The scan index (core/scan/scanindex.h) on real files in temp folders: a re-scan takes unchanged
// entries from it and reads every changed one afresh, and the snapshot is always the one a scan
// without an index gives.
//
// Most cases set ScanOptions::racyMarginNs to 0 so that files written a moment ago are recorded:
// the racy rule (waitsOutTheRacyMargin, freshEntriesAreNotRecorded) is tested on its own. With a
// margin of 0 a change made in the same clock tick as the recording scan could keep its stamps,
// so every case changes files only after the file system's clock has moved on (nextTick): a
// real-time change, as a user makes it, and the stamps must show it.
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "core/report/snapshotjson.h"
#include "core/scan/cachescanner.h"
#include "core/scan/scanindex.h"
#include "tests/support/fakeenvironment.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sys/stat.h>

using namespace kl;

namespace {

struct Scan {
    Snapshot snap;
    ScanIndexStats stats;
    std::string json;
};

std::string jsonOf(const Snapshot& s)
{
    char* buf = nullptr;
    std::size_t len = 0;
    std::FILE* f = ::open_memstream(&buf, &len);
    writeSnapshotJson(s, f);
    std::fclose(f);
    std::string out(buf, len);
    std::free(buf);
    return out;
}

Scan scan(const QString& root, const QString& indexDir, std::int64_t racyMarginNs = 0)
{
    Scan r;
    ScanOptions o;
    o.indexDir = indexDir.toStdString();
    o.racyMarginNs = racyMarginNs;
    o.indexStats = &r.stats;
    o.threads = 3;
    r.snap = CacheScanner(o).scan({givenRoot(root.toStdString())});
    r.json = jsonOf(r.snap);
    return r;
}

std::string unindexedJson(const QString& root)
{
    return scan(root, QString()).json;
}

const Entry* byFolder(const Snapshot& s, const QString& folder)
{
    for (const Entry& e : s.entries)
        if (QString::fromStdString(e.folderName) == folder)
            return &e;
    return nullptr;
}

std::int64_t ctimeOf(const QString& path)
{
    struct stat st {};
    ::lstat(QFile::encodeName(path).constData(), &st);
    return static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
}

// Waits (polling, a few milliseconds) until a file written now gets a later time than `path` has:
// the file system's clock ticks coarsely.
void nextTick(const TempCache& c, const QString& path)
{
    const std::int64_t then = ctimeOf(path);
    const QString probe = c.filePath(QStringLiteral("../probe-tick"));
    for (int i = 0; i < 100000; ++i) {
        QFile f(probe);
        f.open(QIODevice::WriteOnly);
        f.write("x");
        f.close();
        if (ctimeOf(probe) > then)
            break;
    }
    QFile::remove(probe);
}

QString hashOf(int i)
{
    return QString::number(i).rightJustified(64, QLatin1Char('a'));
}

// Eight kernels, an autotune entry, a module, and things the index never records.
QStringList fill(const TempCache& c)
{
    QStringList kernels;
    for (int i = 0; i < 8; ++i)
        kernels << c.addKernel(QStringLiteral("kernel_%1").arg(i), hashOf(i));
    c.write("AAAA/matmul.autotune.json",
            R"({"key": [1024], "configs_timings": [[{"num_warps": 4}, [0.1, 0.09, 0.11]]]})");
    c.write("BBBB/cuda_utils.cpython-312-x86_64-linux-gnu.so", "\x7f"
                                                               "ELF");
    c.write("tmp.0badcafe/k.ptx", "partial");
    c.write("notes.txt", "hello");
    c.write("CCCC/readme.md", "hello"); // foreign
    c.write("DDDD/x.ttir", "");         // a problem: an empty stage, and no metadata
    return kernels;
}

constexpr std::size_t kRecordable = 10; // 8 kernels, the autotune entry, the module

} // namespace

class TstScanIndex : public QObject {
    Q_OBJECT
private slots:
    void secondScanUsesTheIndex()
    {
        TempCache c;
        QTemporaryDir idx;
        fill(c);
        const Scan first = scan(c.path(), idx.path());
        QCOMPARE(first.stats.loaded, std::size_t(0));
        QCOMPARE(first.stats.entriesFromIndex, std::size_t(0));
        QCOMPARE(first.stats.recorded, kRecordable);
        QCOMPARE(first.stats.filesWritten, std::size_t(1));
        QCOMPARE(QDir(idx.path()).entryList(QDir::Files).size(), 1);

        const Scan second = scan(c.path(), idx.path());
        QCOMPARE(second.stats.loaded, kRecordable);
        QCOMPARE(second.stats.entriesFromIndex, kRecordable);
        QCOMPARE(second.stats.filesWritten, std::size_t(0)); // nothing changed: not rewritten
        QCOMPARE(second.json, first.json);
        QCOMPARE(second.json, unindexedJson(c.path()));
        QVERIFY(second.json.find("\"kernel_7\"") != std::string::npos);

        // Entries taken from the index carry the stamps this scan checked, as a read gives them
        // (linking keys its kept digests by them).
        const Scan unindexed = scan(c.path(), QString());
        QCOMPARE(second.snap.entries.size(), unindexed.snap.entries.size());
        std::size_t stamped = 0;
        for (std::size_t i = 0; i < unindexed.snap.entries.size(); ++i) {
            const Entry& a = second.snap.entries[i];
            const Entry& b = unindexed.snap.entries[i];
            QCOMPARE(a.path, b.path);
            QCOMPARE(a.dev, b.dev);
            QCOMPARE(a.stages.size(), b.stages.size());
            for (std::size_t k = 0; k < a.stages.size(); ++k) {
                QCOMPARE(a.stages[k].ino, b.stages[k].ino);
                QCOMPARE(a.stages[k].ctimeNs, b.stages[k].ctimeNs);
                stamped += a.stages[k].ino != 0;
            }
        }
        QVERIFY(stamped >= 8 * 5);
        QVERIFY(second.snap.stampedFromNs > first.snap.stampedFromNs);
    }

    void rewrittenInPlaceWithTheSameSize()
    {
        TempCache c;
        QTemporaryDir idx;
        const QStringList kernels = fill(c);
        scan(c.path(), idx.path());
        const QString meta = c.filePath(kernels[2] + "/kernel_2.json");
        nextTick(c, meta);
        QFile f(meta);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray text = f.readAll();
        const qsizetype at = text.indexOf("\"num_warps\": 4");
        QVERIFY(at >= 0);
        text[at + 13] = '8';
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(text), text.size()); // no truncation: same size, same inode
        f.close();

        const Scan second = scan(c.path(), idx.path());
        QCOMPARE(second.stats.entriesFromIndex, kRecordable - 1);
        QCOMPARE(*byFolder(second.snap, kernels[2])->numWarps, std::int64_t(8));
        QCOMPARE(second.json, unindexedJson(c.path()));
        QCOMPARE(second.stats.filesWritten, std::size_t(1));
        QCOMPARE(scan(c.path(), idx.path()).stats.entriesFromIndex, kRecordable);
    }

    void filesAddedRemovedRenamedTruncated()
    {
        TempCache c;
        QTemporaryDir idx;
        const QStringList k = fill(c);
        scan(c.path(), idx.path());
        nextTick(c, c.filePath(k[0]));
        c.write(k[0] + "/kernel_0.sass", "sass");                   // added
        QVERIFY(QFile::remove(c.filePath(k[1] + "/kernel_1.ptx"))); // removed
        QVERIFY(QFile::rename(c.filePath(k[2] + "/kernel_2.ttir"),
                              c.filePath(k[2] + "/kernel_2.ttx")));     // renamed
        QVERIFY(QFile::resize(c.filePath(k[3] + "/kernel_3.llir"), 1)); // truncated
        QFile::remove(c.filePath("AAAA/matmul.autotune.json"));
        c.write("AAAA/matmul.autotune.json", "{not json"); // replaced
        const Scan second = scan(c.path(), idx.path());
        QCOMPARE(second.stats.entriesFromIndex, kRecordable - 5);
        QCOMPARE(second.json, unindexedJson(c.path()));
        QVERIFY(byFolder(second.snap, k[0])->stage("sass"));
        QVERIFY(!byFolder(second.snap, k[1])->stage("ptx"));
        QCOMPARE(byFolder(second.snap, k[3])->stage("llir")->size, std::uint64_t(1));
        QCOMPARE(int(byFolder(second.snap, "AAAA")->status), int(EntryStatus::Corrupt));
        // Not recorded: the corrupt entry, and the two whose group file lists a file now gone.
        QCOMPARE(second.stats.recorded, kRecordable - 3);
    }

    void folderReplacedByOneWithTheSameName()
    {
        TempCache c;
        QTemporaryDir idx;
        const QStringList k = fill(c);
        scan(c.path(), idx.path());
        nextTick(c, c.filePath(k[4]));
        // Another kernel's files under the old name: moved in whole, as a rename would.
        TempCache other;
        const QString otherFolder = other.addKernel(QStringLiteral("kernel_4"), hashOf(4), 80);
        QVERIFY(QDir(c.filePath(k[4])).removeRecursively());
        QVERIFY(QDir().rename(other.filePath(otherFolder), c.filePath(k[4])));
        const Scan second = scan(c.path(), idx.path());
        QCOMPARE(second.stats.entriesFromIndex, kRecordable - 1);
        QCOMPARE(QString::fromStdString(byFolder(second.snap, k[4])->target.arch), QStringLiteral("80"));
        QCOMPARE(second.json, unindexedJson(c.path()));
    }

    void corruptIndexFiles_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("truncated") << "truncated";
        QTest::newRow("flipped byte") << "flipped";
        QTest::newRow("flipped header byte") << "header";
        QTest::newRow("garbage") << "garbage";
        QTest::newRow("empty") << "empty";
    }

    void corruptIndexFiles()
    {
        QFETCH(QString, damage);
        TempCache c;
        QTemporaryDir idx;
        fill(c);
        const Scan first = scan(c.path(), idx.path());
        const QStringList files = QDir(idx.path()).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QFile f(idx.filePath(files[0]));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        f.close();
        if (damage == "truncated")
            bytes.chop(bytes.size() / 3);
        else if (damage == "flipped")
            bytes[bytes.size() - 40] = char(bytes[bytes.size() - 40] ^ 0x10);
        else if (damage == "header")
            bytes[9] = char(bytes[9] ^ 1);
        else if (damage == "garbage")
            bytes = QByteArray(5000, '\xff');
        else
            bytes.clear();
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();
        const Scan second = scan(c.path(), idx.path());
        QCOMPARE(second.stats.loaded, std::size_t(0));
        QCOMPARE(second.stats.entriesFromIndex, std::size_t(0));
        QCOMPARE(second.json, first.json);
        QCOMPARE(second.stats.filesWritten, std::size_t(1)); // repaired
        QCOMPARE(scan(c.path(), idx.path()).stats.entriesFromIndex, kRecordable);
    }

    void indexOfAnotherRootIsNotUsed()
    {
        // The same folders (same inodes and times) under another root path: a group file that
        // records the old path now makes a moved-cache problem, which old facts would hide.
        QTemporaryDir parent;
        const QString a = parent.filePath("a"), b = parent.filePath("b");
        QVERIFY(QDir().mkdir(a));
        TempCache made;
        const QString folder = made.addKernel(QStringLiteral("moved"), hashOf(1));
        QVERIFY(QDir().rename(made.filePath(folder), a + "/" + folder));
        QTemporaryDir idx;
        QCOMPARE(scan(a, idx.path()).stats.recorded, std::size_t(0)); // records another path: moved
        // A group file that records a's own path, so that a records the entry.
        QString children;
        for (const QString& n : QDir(a + "/" + folder).entryList(QDir::Files))
            if (!n.startsWith(QLatin1String("__grp__")))
                children += QStringLiteral("%1\"%2\": \"%3/%4/%2\"")
                                .arg(children.isEmpty() ? "" : ", ", n, a, folder);
        QFile g(a + "/" + folder + "/__grp__moved.json");
        QVERIFY(g.remove());
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(("{\"child_paths\": {" + children + "}}").toUtf8());
        g.close();
        const Scan first = scan(a, idx.path());
        QCOMPARE(first.stats.recorded, std::size_t(1));
        QVERIFY(byFolder(first.snap, folder)->problems.empty());

        QVERIFY(QDir().rename(a, b));
        const std::string fileA = ScanIndex::filePath(idx.path().toStdString(), a.toStdString());
        const std::string fileB = ScanIndex::filePath(idx.path().toStdString(), b.toStdString());
        QVERIFY(QFile::copy(QString::fromStdString(fileA), QString::fromStdString(fileB)));
        const Scan moved = scan(b, idx.path());
        QCOMPARE(moved.stats.entriesFromIndex, std::size_t(0));
        QVERIFY(byFolder(moved.snap, folder)->hasProblem(problem::MovedCache));
        QCOMPARE(moved.json, unindexedJson(b));
    }

    void freshEntriesAreNotRecorded()
    {
        TempCache c;
        QTemporaryDir idx;
        fill(c);
        const Scan first = scan(c.path(), idx.path(), 2'000'000'000);
        QCOMPARE(first.stats.recorded, std::size_t(0));
        QCOMPARE(first.stats.filesWritten, std::size_t(0));
        QCOMPARE(scan(c.path(), idx.path(), 2'000'000'000).stats.entriesFromIndex, std::size_t(0));
    }

    void waitsOutTheRacyMargin()
    {
        TempCache c;
        QTemporaryDir idx;
        fill(c);
        // The newest stamp is the cache folder's own, written last; poll the clock past it + 2 s.
        std::int64_t newest = 0;
        for (const QFileInfo& fi : QDir(c.path()).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot))
            newest = std::max(newest, ctimeOf(fi.filePath()));
        for (;;) {
            struct timespec t {};
            ::clock_gettime(CLOCK_REALTIME, &t);
            if (std::int64_t(t.tv_sec) * 1000000000 + t.tv_nsec > newest + 2'050'000'000)
                break;
            QTest::qWait(20);
        }
        QCOMPARE(scan(c.path(), idx.path(), 2'000'000'000).stats.recorded, kRecordable);
        const Scan second = scan(c.path(), idx.path(), 2'000'000'000);
        QCOMPARE(second.stats.entriesFromIndex, kRecordable);
        QCOMPARE(second.json, unindexedJson(c.path()));
    }

    void offWritesNothing()
    {
        QCOMPARE(scanIndexDir(fakeEnvironment({{"KERNELLENS_SCAN_INDEX", "off"}})), std::string());
        QCOMPARE(scanIndexDir(fakeEnvironment({{"KERNELLENS_SCAN_INDEX", "/x/y"}})), std::string("/x/y"));
        QCOMPARE(scanIndexDir(fakeEnvironment({{"XDG_CACHE_HOME", "/xdg"}})),
                 std::string("/xdg/kernellens/scan-index"));
        QCOMPARE(scanIndexDir(fakeEnvironment({}, "/home/u")),
                 std::string("/home/u/.cache/kernellens/scan-index"));
        TempCache c;
        QTemporaryDir idx;
        fill(c);
        const Scan s = scan(c.path(), QString());
        QCOMPARE(s.stats.recorded, std::size_t(0));
        QVERIFY(QDir(idx.path()).isEmpty());
    }

    void unwritableIndexFolderIsIgnored()
    {
        TempCache c;
        fill(c);
        const Scan s = scan(c.path(), QStringLiteral("/proc/no-such/index"));
        QCOMPARE(s.stats.filesWritten, std::size_t(0));
        QCOMPARE(s.json, unindexedJson(c.path()));
    }
};

QTEST_GUILESS_MAIN(TstScanIndex)
#include "tst_scanindex.moc"
