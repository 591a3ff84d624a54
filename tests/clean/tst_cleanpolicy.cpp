// Clean policies -> plan -> executor on a copy of the real Triton fixture, and `klens clean` itself.
#include "cleantestutil.h"
#include "core/clean/cleanexecutor.h"
#include "core/clean/cleanplan.h"
#include "core/util/units.h"
#include "tests/support/klensprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <unistd.h>

using namespace cleantest;

namespace {

const QString fixture = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
constexpr qint64 kDay = 86400;

// The fixture's entries (see resources/demo/triton/README.md) and how many days ago each was
// "last written" in the copy: add_kernel x6, _row_softmax_kernel x2, one module.
const QList<QPair<QString, int>> kAges = {
    {"T7TU7KYQX7ZE4YM2UFP4TBMCFYMVCOQDPYCUIXDLVLUCMPIY3E5Q", 1},  // add_kernel sm_90 w4 (newest)
    {"TKQ5QKHZC3ATSI4W3GQZ3UCEPJFLFENDB2RTTAQSXU2BTSOBK75A", 2},  // add_kernel sm_90 w8
    {"ENMNKUMPFJVLQG3MJF6F2SA3TFSJ3FKVSWAG4JJWQTOMZ7ZZU2LA", 3},  // add_kernel sm_90 no line info
    {"DNQKZQLF752I7CKBZ7RR434PGOCLGO4QTQJJPTKEM3Y7JQ2Y4HJQ", 4},  // add_kernel sm_80
    {"4LVJOS4KGF2XIGNDGFA657WLTREYIZN42QNAKDLTBJLLEFUBCBWA", 5},  // add_kernel sm_100
    {"7VLOBFKU64V76QPR2M6JKZ6VANY5AVXJUOLFISTJX47MUY2DMMGQ", 6},  // add_kernel gfx90a
    {"JGXNU3A5UNZI4YDQWUP6BYQDEGSUY737GPSVL2ENN7T3KIFY6F5Q", 1},  // _row_softmax_kernel sm_90 (newest)
    {"EZ3QOF7C6JJWZMPMDZHZBZ4S2V2EF2QHFSZGCMURXVTVJFP2QCDA", 2},  // _row_softmax_kernel sm_80
    {"QCN5MOZV46GH2BG6ROWREZCCMYVUGVGBEKVLISWUDZVL3YRTZKYQ", 10}, // module
};

std::int64_t nowSeconds()
{
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// A private copy of the fixture with the ages above. Never touch the fixture itself.
struct FixtureCopy {
    QTemporaryDir dir;
    QString root;
    FixtureCopy()
    {
        root = dir.filePath("cache");
        if (!copyTree(fixture, root))
            root.clear();
        for (const auto& [folder, days] : kAges)
            setEntryMtime(root + "/" + folder, nowSeconds() - days * kDay);
    }
    QStringList folders() const
    {
        QStringList l = QDir(root).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        l.sort();
        return l;
    }
};

QStringList removedFolders(const kl::CleanPlan& plan)
{
    QStringList l;
    for (const kl::PlannedRemoval& r : plan.removals)
        l << QString::fromStdString(r.folderName);
    l.sort();
    return l;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

kl::CleanResult execute(const kl::CleanPlan& plan, std::int64_t graceNs = 600ll * 1000000000)
{
    kl::CleanOptions o;
    o.graceNs = graceNs;
    return kl::executeCleanPlan(plan, {}, o);
}

} // namespace

class TstCleanPolicy : public QObject {
    Q_OBJECT
private slots:
    void sizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes"); // -1: an error
        QTest::addRow("10G") << "10G" << (10ll << 30);
        QTest::addRow("500M") << "500M" << (500ll << 20);
        QTest::addRow("1.5G") << "1.5G" << (3ll << 29);
        QTest::addRow("10GiB") << "10GiB" << (10ll << 30);
        QTest::addRow("10gb") << "10gb" << (10ll << 30);
        QTest::addRow("64K") << "64K" << 65536ll;
        QTest::addRow("2T") << "2T" << (2ll << 40);
        QTest::addRow("plain bytes") << "4096" << 4096ll;
        QTest::addRow("zero") << "0" << 0ll;
        QTest::addRow("word") << "abc" << -1ll;
        QTest::addRow("negative") << "-1G" << -1ll;
        QTest::addRow("unknown unit") << "10X" << -1ll;
        QTest::addRow("empty") << "" << -1ll;
    }
    void sizes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        kl::Text error;
        auto v = kl::parseSize(text.toStdString(), error);
        if (bytes < 0) {
            QVERIFY(!v);
            QVERIFY2(error.english().find(text.toStdString()) != std::string::npos, error.english().c_str());
        } else {
            QVERIFY2(v, error.english().c_str());
            QCOMPARE(qint64(*v), bytes);
        }
    }

    void durations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("seconds"); // -1: an error
        QTest::addRow("7d") << "7d" << 7 * kDay;
        QTest::addRow("12h") << "12h" << 12 * 3600ll;
        QTest::addRow("30m") << "30m" << 1800ll;
        QTest::addRow("45s") << "45s" << 45ll;
        QTest::addRow("2w") << "2w" << 14 * kDay;
        QTest::addRow("1h30m") << "1h30m" << 5400ll;
        QTest::addRow("zero") << "0" << 0ll;
        QTest::addRow("no unit") << "7" << -1ll;
        QTest::addRow("unit only") << "d" << -1ll;
        QTest::addRow("negative") << "-1h" << -1ll;
        QTest::addRow("years") << "5y" << -1ll;
    }
    void durations()
    {
        QFETCH(QString, text);
        QFETCH(qint64, seconds);
        kl::Text error;
        auto v = kl::parseDuration(text.toStdString(), error);
        if (seconds < 0) {
            QVERIFY(!v);
            QVERIFY(!error.empty());
        } else {
            QVERIFY2(v, error.english().c_str());
            QCOMPARE(qint64(*v / 1000000000), seconds);
        }
    }

    void keepLatestKeepsTheNewestOfEachKernel()
    {
        FixtureCopy c;
        QVERIFY(!c.root.isEmpty());
        kl::CleanPolicy p;
        p.keepLatest = 1;
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(removedFolders(plan), sorted({kAges[1].first, kAges[2].first, kAges[3].first, kAges[4].first,
                                               kAges[5].first, kAges[7].first}));
        // Oldest first, with the reason.
        QCOMPARE(QString::fromStdString(plan.removals.front().folderName), kAges[5].first);
        QVERIFY2(plan.removals.front().reasons.front().english().find(
                     "keep-latest 1: 5 newer add_kernel entries exist") != std::string::npos,
                 plan.removals.front().reasons.front().english().c_str());
        const kl::CleanResult r = execute(plan);
        QCOMPARE(r.removed, std::size_t(6));
        QCOMPARE(r.failed, std::size_t(0));
        QCOMPARE(r.bytesFreed, plan.bytesPlanned);
        QCOMPARE(c.folders(), sorted({kAges[0].first, kAges[6].first, kAges[8].first}));
        // What is left is whole: a scan still finds those entries with their group files.
        const kl::Snapshot after = scan(c.root);
        QCOMPARE(after.entries.size(), std::size_t(3));
        for (const kl::Entry& e : after.entries)
            QVERIFY(!e.hasProblem(kl::problem::MissingGroup));
    }

    void olderThan()
    {
        FixtureCopy c;
        kl::CleanPolicy p;
        p.olderThanNs = (3 * kDay + 12 * 3600) * 1000000000ll; // 3.5 days
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(removedFolders(plan),
                 sorted({kAges[3].first, kAges[4].first, kAges[5].first, kAges[8].first}));
        QVERIFY(plan.removals.front().reasons.front().english().find("older than 3 d 12 h") !=
                std::string::npos);
    }

    void maxSizeRemovesTheLeastRecentlyWritten()
    {
        FixtureCopy c;
        const kl::Snapshot snap = scan(c.root);
        std::uint64_t total = 0, moduleSize = 0, gfxSize = 0;
        for (const kl::Entry& e : snap.entries) {
            total += e.totalSize;
            if (QString::fromStdString(e.folderName) == kAges[8].first)
                moduleSize = e.totalSize;
            if (QString::fromStdString(e.folderName) == kAges[5].first)
                gfxSize = e.totalSize;
        }
        kl::CleanPolicy p;
        p.maxSize = total - moduleSize - gfxSize; // exactly the two oldest must go
        kl::CleanPlan plan = kl::makeCleanPlan(snap, p, {});
        QCOMPARE(removedFolders(plan), sorted({kAges[5].first, kAges[8].first}));
        QCOMPARE(plan.bytesPlanned, moduleSize + gfxSize);
        QVERIFY(plan.note.empty());
        p.maxSize = total - moduleSize - gfxSize + 1; // one byte more room: the module alone is not enough
        QCOMPARE(removedFolders(kl::makeCleanPlan(snap, p, {})).size(), 2);
        p.maxSize = total;
        QVERIFY(kl::makeCleanPlan(snap, p, {}).removals.empty());
        p.maxSize = 0;
        QCOMPARE(kl::makeCleanPlan(snap, p, {}).removals.size(), std::size_t(9));
    }

    void gracePeriodProtectsYoungEntries()
    {
        FixtureCopy c;
        setEntryMtime(c.root + "/" + kAges[0].first, nowSeconds() - 60);
        kl::CleanPolicy p;
        p.maxSize = 0;
        kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(plan.removals.size(), std::size_t(8));
        QCOMPARE(plan.skipped.size(), std::size_t(1));
        QVERIFY2(plan.skipped.front().reason.english().find("within the grace period of 10 min") !=
                     std::string::npos,
                 plan.skipped.front().reason.english().c_str());
        QVERIFY(!plan.note.empty()); // the size limit cannot be reached
        // The executor re-checks: an entry written to after the scan is left alone too.
        setEntryMtime(c.root + "/" + kAges[1].first, nowSeconds());
        const kl::CleanResult r = execute(plan);
        QCOMPARE(r.removed, std::size_t(7));
        QCOMPARE(r.skipped, std::size_t(1));
        QCOMPARE(c.folders(), sorted({kAges[0].first, kAges[1].first}));
        p.graceNs = 0;
        QCOMPARE(kl::makeCleanPlan(scan(c.root), p, {}).removals.size(), std::size_t(2));
    }

    void staleNeedsAContext()
    {
        FixtureCopy c;
        const kl::Snapshot snap = scan(c.root);
        kl::CleanPolicy p;
        p.stale = true;
        QVERIFY(kl::makeCleanPlan(snap, p, {}).removals.empty());
        kl::DoctorContext ctx;
        ctx.tritonVersion = "3.9.0";
        ctx.gpuArchs = {"90"};
        QCOMPARE(removedFolders(kl::makeCleanPlan(snap, p, ctx)),
                 sorted({kAges[3].first, kAges[4].first, kAges[5].first, kAges[7].first}));
        ctx.gpuArchs.clear();
        ctx.tritonVersion = "3.10.0";
        QCOMPARE(kl::makeCleanPlan(snap, p, ctx).removals.size(), std::size_t(8)); // not the module
    }

    void incompleteAndCorrupt()
    {
        FixtureCopy c;
        QFile::remove(c.root + "/" + kAges[0].first + "/__grp__add_kernel.json");
        QFile f(c.root + "/" + kAges[6].first + "/_row_softmax_kernel.json");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"hash\": ");
        f.close();
        setEntryMtime(c.root + "/" + kAges[0].first, nowSeconds() - kDay);
        setEntryMtime(c.root + "/" + kAges[6].first, nowSeconds() - kDay);
        kl::CleanPolicy p;
        p.incomplete = true;
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(removedFolders(plan), sorted({kAges[0].first, kAges[6].first}));
        QCOMPARE(execute(plan).removed, std::size_t(2));
        QCOMPARE(c.folders().size(), 7);
    }

    void orphansGoUnlessTheirWriterRuns()
    {
        FixtureCopy c;
        const QString entry = c.root + "/" + kAges[0].first;
        const QString dead = entry + "/tmp.pid_999999999_dead";
        const QString live = entry + QStringLiteral("/tmp.pid_%1_live").arg(::getpid());
        QDir().mkpath(dead);
        QDir().mkpath(live);
        QFile(dead + "/add_kernel.ptx").open(QIODevice::WriteOnly);
        QDir().mkpath(c.root + "/tmp.pid_999999998_top");
        setEntryMtime(dead, nowSeconds() - kDay);
        setEntryMtime(live, nowSeconds() - kDay);
        setEntryMtime(c.root + "/tmp.pid_999999998_top", nowSeconds() - kDay);
        setMtime(entry, nowSeconds() - kDay);
        kl::CleanPolicy p;
        p.orphans = true;
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(plan.removals.size(), std::size_t(2));
        const kl::CleanResult r = execute(plan);
        QCOMPARE(r.removed, std::size_t(2));
        QVERIFY(!QFileInfo::exists(c.root + "/tmp.pid_999999998_top"));
        QVERIFY(!QFileInfo::exists(dead));
        QVERIFY(QFileInfo::exists(live)); // this test process is its writer
        QVERIFY(QFileInfo::exists(entry + "/__grp__add_kernel.json"));
        QCOMPARE(c.folders().size(), 9);
    }

    void foreignFilesAreNeverChosen()
    {
        FixtureCopy c;
        QFile(c.root + "/matmul.pickle").open(QIODevice::WriteOnly);
        QDir().mkpath(c.root + "/notes");
        QFile(c.root + "/notes/readme.txt").open(QIODevice::WriteOnly);
        // Folders that look like entries inside but are not named after a key: a home folder
        // given by mistake has plenty of these.
        QDir().mkpath(c.root + "/project");
        QFile(c.root + "/project/config.json").open(QIODevice::WriteOnly);
        QFile(c.root + "/project/kernel.ptx").open(QIODevice::WriteOnly);
        QDir().mkpath(c.root + "/lib");
        QFile(c.root + "/lib/libfoo.so").open(QIODevice::WriteOnly);
        for (const char* name : {"notes", "project", "lib"})
            setEntryMtime(c.root + "/" + name, nowSeconds() - kDay);
        setMtime(c.root + "/matmul.pickle", nowSeconds() - kDay);
        kl::CleanPolicy p;
        p.maxSize = 0;
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        QCOMPARE(plan.removals.size(), std::size_t(9));
        QCOMPARE(execute(plan).removed, std::size_t(9));
        QCOMPARE(c.folders(), sorted({"lib", "matmul.pickle", "notes", "project"}));
    }

    void writtenToWhileBeingRemoved()
    {
        // A writer gets in between the checks and the removal and commits another kernel's files
        // into the entry: the executor leaves the entry without any group file (a miss, never
        // half a hit) and says so.
        FixtureCopy c;
        const QString entry = c.root + "/" + kAges[0].first;
        kl::CleanPolicy p;
        p.keepLatest = 0;
        kl::CleanPlan plan = kl::makeCleanPlan(scan(c.root), p, {});
        plan.removals.erase(std::remove_if(plan.removals.begin(), plan.removals.end(),
                                           [&](const kl::PlannedRemoval& r) {
                                               return QString::fromStdString(r.folderName) != kAges[0].first;
                                           }),
                            plan.removals.end());
        QCOMPARE(plan.removals.size(), std::size_t(1));
        kl::CleanOptions o;
        o.beforeRemove = [&](const std::string&) {
            for (const char* name : {"/other.json", "/__grp__other.json"}) {
                QFile f(entry + name);
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write("{}");
            }
        };
        const kl::CleanResult r = kl::executeCleanPlan(plan, {}, o);
        QCOMPARE(int(r.outcomes.front().result), int(kl::RemovalResult::Interrupted));
        QVERIFY2(r.outcomes.front().detail.english().find("left without a group file") != std::string::npos,
                 r.outcomes.front().detail.english().c_str());
        QVERIFY(QDir(entry).entryList({"__grp__*"}, QDir::Files).isEmpty());
        QVERIFY(QFileInfo::exists(entry + "/other.json"));
        QVERIFY(!QFileInfo::exists(entry + "/add_kernel.cubin"));
    }

    void cliDryRunChangesNothing()
    {
        FixtureCopy c;
        const auto before = listing(c.root);
        ProcessResult r =
            runKlens({"clean", c.root, "--keep-latest", "1", "--dry-run", "--json"}, withoutMachineTools());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(listing(c.root), before);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.clean/1"));
        QCOMPARE(o["dry_run"].toBool(), true);
        const QJsonArray removals = o["removals"].toArray();
        QCOMPARE(removals.size(), 6);
        qint64 planned = 0;
        for (const auto& v : removals) {
            const QJsonObject x = v.toObject();
            QCOMPARE(x["result"].toString(), QStringLiteral("would-remove"));
            for (const char* key : {"path", "kind", "kernel", "size", "mtime", "scope", "reasons"})
                QVERIFY2(x.contains(key), key);
            planned += x["size"].toInteger();
        }
        QCOMPARE(o["summary"].toObject()["bytes_planned"].toInteger(), planned);
        QCOMPARE(o["policy"].toObject()["keep_latest"].toInt(), 1);

        ProcessResult text =
            runKlens({"clean", c.root, "--max-size", "0", "--dry-run"}, withoutMachineTools());
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("dry run: would remove 9 entries"), text.out.constData());
        QCOMPARE(listing(c.root), before);
    }

    void cliRemoves()
    {
        FixtureCopy c;
        ProcessResult r = runKlens({"clean", c.root, "--keep-latest", "1", "--json"}, withoutMachineTools());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(c.folders(), sorted({kAges[0].first, kAges[6].first, kAges[8].first}));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["dry_run"].toBool(), false);
        QCOMPARE(o["summary"].toObject()["removed"].toInt(), 6);
        QCOMPARE(o["summary"].toObject()["bytes_freed"].toInteger(),
                 o["summary"].toObject()["bytes_planned"].toInteger());
        for (const auto& v : o["removals"].toArray())
            QCOMPARE(v.toObject()["result"].toString(), QStringLiteral("removed"));

        ProcessResult text = runKlens({"clean", c.root, "--max-size", "0"}, withoutMachineTools());
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("removed 3 entries"), text.out.constData());
        QVERIFY(c.folders().isEmpty());
        QVERIFY(QFileInfo(c.root).isDir()); // the root itself stays
    }

    void cliUsageErrors()
    {
        FixtureCopy c;
        const auto before = listing(c.root);
        ProcessResult none = runKlens({"clean", c.root}, withoutMachineTools());
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("say what to remove"));
        ProcessResult size = runKlens({"clean", c.root, "--max-size", "12Q"}, withoutMachineTools());
        QCOMPARE(size.exitCode, 2);
        QVERIFY2(size.err.contains("--max-size: \"12Q\""), size.err.constData());
        ProcessResult grace =
            runKlens({"clean", c.root, "--orphans", "--grace", "soon"}, withoutMachineTools());
        QCOMPARE(grace.exitCode, 2);
        QVERIFY(grace.err.contains("--grace"));
        ProcessResult stale = runKlens({"clean", c.root, "--stale"}, withoutMachineTools());
        QCOMPARE(stale.exitCode, 2);
        QVERIFY(stale.err.contains("--triton-version"));
        ProcessResult missing =
            runKlens({"clean", "/nonexistent/kl-clean", "--max-size", "0"}, withoutMachineTools());
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("/nonexistent/kl-clean"));
        QCOMPARE(listing(c.root), before);
        ProcessResult stale2 = runKlens({"clean", "--stale", "--arch", "90", c.root, "--dry-run", "--json"},
                                        withoutMachineTools());
        QCOMPARE(stale2.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(stale2.out).object()["removals"].toArray().size(), 4);
    }
};

QTEST_GUILESS_MAIN(TstCleanPolicy)
#include "tst_cleanpolicy.moc"
