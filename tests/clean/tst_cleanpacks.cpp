// A packed cache (`<root>/.kernellens-pack`, docs/pack-format.md) holds entries as records:
// `klens clean`, with every policy at its most eager, takes the packed entries it chose out of
// their packs (rewriting them, or removing a pack left empty) in every root the cleaner may see
// (the effective roots, folders given as DIR, nested roots, vLLM rank folders, a cache that is all
// packs), never the pack folder itself nor a folder named like a packed key, and leaves an
// override folder's packs byte for byte. `--dump-folder` refuses the pack folder by name. Scan and
// doctor say what it holds and never call it a foreign or unknown entry.
#include "cleantestutil.h"
#include "core/pack/packwriter.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cleantest;

namespace {

std::int64_t daysAgo(int days)
{
    return QDateTime::currentSecsSinceEpoch() - std::int64_t(days) * 86400;
}

// A pack folder with `n` complete entry records in one pack, written long ago.
QString plantPacks(const QString& root, int n, const QString& seed)
{
    const QString folder = root + "/.kernellens-pack";
    QDir().mkpath(root);
    auto t = kl::PackWriter::take(folder.toStdString(), "node1-0.klpack", kl::PackWriterOptions{false});
    if (t.state != kl::PackWriter::State::Taken)
        qFatal("cannot plant a pack in %s: %s", qPrintable(folder), t.why.english().c_str());
    for (int i = 0; i < n; ++i) {
        const std::string key = base32Folder(sha256Of(seed + QString::number(i))).toStdString();
        const std::string group = "{\"child_paths\": {\"add_kernel.json\": \"" + root.toStdString() + "/" +
                                  key + "/add_kernel.json\"}}";
        const std::string meta = "{\"name\": \"add_kernel\"}";
        if (!t.writer->append(key, 1,
                              {kl::FileToPack{"add_kernel.json", meta, 1},
                               kl::FileToPack{"__grp__add_kernel.json", group, 1}}))
            qFatal("cannot append to a planted pack");
    }
    t.writer.reset();
    setEntryMtime(folder, daysAgo(40));
    return folder;
}

// A whole cache entry and an interrupted one, both old: every policy takes them.
QStringList addCacheEntries(const QString& root, const QString& seed)
{
    const QString whole =
        root + "/" + TempCache::addKernelAt(root, "add_kernel", sha256Of(seed + "whole"), 75);
    setEntryMtime(whole, daysAgo(40));
    const QString cut = root + "/" + base32Folder(sha256Of(seed + "cut"));
    writeFileAt(cut + "/add_kernel.source", "def add_kernel(): pass\n");
    writeFileAt(cut + "/add_kernel.ttir", "module {}\n");
    setEntryMtime(cut, daysAgo(40));
    return {whole, cut};
}

QStringList everyPolicy()
{
    return {"--max-size",
            "0",
            "--older-than",
            "1d",
            "--keep-latest",
            "0",
            "--orphans",
            "--incomplete",
            "--stale",
            "--arch",
            "80",
            "--triton-version",
            "9.9.9",
            "--grace",
            "0"};
}

// Every file under the folder with its bytes, size and time: what must not change.
QMap<QString, QByteArray> snapshotOf(const QString& folder)
{
    QMap<QString, QByteArray> out;
    const auto l = listing(folder);
    for (auto it = l.begin(); it != l.end(); ++it) {
        QFile f(folder + "/" + it.key());
        out.insert(it.key(),
                   it.value().toUtf8() + "|" + (f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray()));
    }
    return out;
}

struct Layout {
    QMap<QString, QString> env; ///< relative to the home folder where the value starts with '@'
    QStringList dirs;           ///< DIR arguments, relative to the home folder
    QStringList packFolders;    ///< must survive (their packs only in user folders)
    QStringList cacheEntries;   ///< must go
    int packedCount = 0;        ///< entries in the packs
    bool userPacks = false;     ///< the packs lie in an override folder: nothing in them goes
};

} // namespace

class TstCleanPacks : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;

    QString at(const QString& rel) const { return m_home.path() + "/" + rel; }

    ProcessOptions optionsFor(const QMap<QString, QString>& env) const
    {
        ProcessOptions o = withoutMachineTools();
        o.unset << "TRITON_CACHE_DIR"
                << "TRITON_DUMP_DIR"
                << "TRITON_OVERRIDE_DIR"
                << "TRITON_HOME"
                << "TORCHINDUCTOR_CACHE_DIR"
                << "TMPDIR";
        o.set.insert("HOME", at("home"));
        o.set.insert("TMPDIR", at("tmp"));
        for (auto it = env.begin(); it != env.end(); ++it)
            o.set.insert(it.key(), it.value().startsWith('@') ? at(it.value().mid(1)) : it.value());
        return o;
    }

    Layout layoutFor(const QString& tag) const
    {
        Layout l;
        if (tag == "TRITON_CACHE_DIR, no DIR") {
            l.env = {{"TRITON_CACHE_DIR", "@cache"}};
            l.packFolders << plantPacks(at("cache"), 3, "a");
            l.cacheEntries = addCacheEntries(at("cache"), "a");
        } else if (tag == "cache given as DIR") {
            l.dirs = {"cache"};
            l.packFolders << plantPacks(at("cache"), 2, "b");
            l.cacheEntries = addCacheEntries(at("cache"), "b");
        } else if (tag == "~/.triton given as DIR (nested roots)") {
            l.dirs = {"home/.triton"};
            l.packFolders << plantPacks(at("home/.triton/cache"), 2, "c");
            l.cacheEntries = addCacheEntries(at("home/.triton/cache"), "c");
        } else if (tag == "defaults under TRITON_HOME, Inductor's folder, no DIR") {
            l.env = {{"TRITON_HOME", "@th"}, {"TORCHINDUCTOR_CACHE_DIR", "@ind"}};
            l.packFolders << plantPacks(at("th/.triton/cache"), 2, "d")
                          << plantPacks(at("ind/triton"), 2, "e");
            l.cacheEntries =
                addCacheEntries(at("th/.triton/cache"), "d") + addCacheEntries(at("ind/triton"), "e");
        } else if (tag == "vLLM rank folders given as DIR") {
            l.dirs = {"vllm"};
            l.packFolders << plantPacks(at("vllm/rank0"), 2, "f")
                          << plantPacks(at("vllm/rank1/triton_cache"), 2, "g");
            l.cacheEntries = addCacheEntries(at("vllm/rank1/triton_cache"), "g");
        } else if (tag == "a cache that is all packs, given as DIR") {
            l.dirs = {"packed"};
            l.packFolders << plantPacks(at("packed"), 4, "h");
        } else if (tag == "TRITON_OVERRIDE_DIR is the cache folder") {
            l.env = {{"TRITON_CACHE_DIR", "@shared"}, {"TRITON_OVERRIDE_DIR", "@shared"}};
            l.packFolders << plantPacks(at("shared"), 2, "i");
        }
        l.packedCount = QMap<QString, int>{
            {"TRITON_CACHE_DIR, no DIR", 3},
            {"cache given as DIR", 2},
            {"~/.triton given as DIR (nested roots)", 2},
            {"defaults under TRITON_HOME, Inductor's folder, no DIR", 4},
            {"vLLM rank folders given as DIR", 4},
            {"a cache that is all packs, given as DIR", 4},
            {"TRITON_OVERRIDE_DIR is the cache folder",
             2}}.value(tag);
        l.userPacks = tag == "TRITON_OVERRIDE_DIR is the cache folder";
        return l;
    }

private slots:
    void init()
    {
        QDir(m_home.path()).removeRecursively();
        QDir().mkpath(at("home"));
        QDir().mkpath(at("tmp"));
    }

    void everyPolicyTakesPackedEntriesOutOfTheirPacks_data()
    {
        QTest::addColumn<int>("dummy");
        for (const char* tag :
             {"TRITON_CACHE_DIR, no DIR", "cache given as DIR", "~/.triton given as DIR (nested roots)",
              "defaults under TRITON_HOME, Inductor's folder, no DIR", "vLLM rank folders given as DIR",
              "a cache that is all packs, given as DIR", "TRITON_OVERRIDE_DIR is the cache folder"})
            QTest::newRow(tag) << 0;
    }

    void everyPolicyTakesPackedEntriesOutOfTheirPacks()
    {
        const Layout l = layoutFor(QTest::currentDataTag());
        QVERIFY(!l.packFolders.isEmpty());
        QMap<QString, QMap<QString, QByteArray>> before;
        for (const QString& p : l.packFolders) {
            before.insert(p, snapshotOf(p));
            QVERIFY(before[p].size() == 2); // the pack and its index
        }
        const ProcessOptions options = optionsFor(l.env);
        QStringList dirs;
        for (const QString& d : l.dirs)
            dirs << at(d);

        // The scan lists their entries at `<pack>/<key>` and says on each root what its packs hold.
        const ProcessResult scan = runKlens(QStringList{"scan", "--no-resources", "--json"} + dirs, options);
        QVERIFY2(scan.exitCode == 0 || scan.exitCode == 1, scan.err.constData());
        QStringList packedEntries;
        for (const QJsonValue& e : scan.json.value("entries").toArray()) {
            const QString path = e.toObject().value("path").toString();
            if (!path.contains(".kernellens-pack"))
                continue;
            QVERIFY2(e.toObject().value("pack").isObject() &&
                         path.contains(".kernellens-pack/node1-0.klpack/"),
                     qPrintable(path));
            packedEntries << path;
        }
        packedEntries.removeDuplicates(); // a folder that is two roots (cache and override) lists them twice
        QCOMPARE(packedEntries.size(), l.packedCount);
        QStringList reported;
        for (const QJsonValue& r : scan.json.value("roots").toArray())
            if (r.toObject().value("packed").isObject())
                reported << r.toObject().value("packed").toObject().value("path").toString();
        for (const QString& p : l.packFolders)
            QVERIFY2(reported.contains(p), qPrintable(p + " not reported: " + reported.join(", ")));

        ProcessResult dry = runKlens(
            QStringList{"clean"} + dirs + everyPolicy() + QStringList{"--dry-run", "--json"}, options);
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QStringList planned;
        for (const QJsonValue& r : dry.json.value("removals").toArray())
            planned << r.toObject().value("path").toString();
        for (const QString& p : planned)
            QVERIFY2(!p.contains(".kernellens-pack") || packedEntries.contains(p),
                     qPrintable(p + " would be removed"));
        for (const QString& c : l.cacheEntries)
            QVERIFY2(planned.contains(c), qPrintable(c + " is not planned: " + planned.join(", ")));
        for (const QString& e : packedEntries)
            QVERIFY2(planned.contains(e) == !l.userPacks,
                     qPrintable(e + (l.userPacks ? " is planned" : " is not planned")));

        // A folder of the user's named like a packed key, beside the pack folder: the cleaner
        // takes the record, never that folder.
        QString namesake;
        if (!packedEntries.isEmpty()) {
            const QString first = packedEntries.front();
            namesake = first.section("/.kernellens-pack/", 0, 0) + "/" + QFileInfo(first).fileName();
            writeFileAt(namesake + "/note.txt", "mine\n");
            setEntryMtime(namesake, daysAgo(40));
        }
        ProcessResult run =
            runKlens(QStringList{"clean"} + dirs + everyPolicy() + QStringList{"--json"}, options);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        for (const QString& c : l.cacheEntries) // the cleaner did run
            QVERIFY2(!QFileInfo::exists(c), qPrintable(c + " survived"));
        for (const QString& p : l.packFolders) {
            if (l.userPacks) {
                QCOMPARE(snapshotOf(p), before.value(p));
                continue;
            }
            // Every record went, so did the pack and its index; the folder stays for writers.
            QVERIFY2(QFileInfo(p).isDir(), qPrintable(p));
            QCOMPARE(snapshotOf(p), (QMap<QString, QByteArray>{}));
        }
        int freed = 0;
        for (const QJsonValue& r : run.json.value("removals").toArray())
            if (packedEntries.contains(r.toObject().value("path").toString())) {
                QCOMPARE(r.toObject().value("result").toString(), QStringLiteral("removed"));
                ++freed;
            }
        QCOMPARE(freed, l.userPacks ? 0 : l.packedCount);
        QVERIFY2(namesake.isEmpty() || QFileInfo::exists(namesake + "/note.txt"), qPrintable(namesake));
        const ProcessResult after = runKlens(QStringList{"scan", "--no-resources", "--json"} + dirs, options);
        QStringList left;
        for (const QJsonValue& e : after.json.value("entries").toArray())
            if (e.toObject().value("pack").isObject())
                left << e.toObject().value("path").toString();
        left.removeDuplicates();
        QCOMPARE(left.size(), l.userPacks ? l.packedCount : 0);
        if (!l.userPacks)
            return; // the --dump-folder check below needs a pack to compare

        // Named as a dump folder, it is refused and stays.
        ProcessResult named = runKlens(
            QStringList{"clean", "--dump-folder", l.packFolders.front(), "--grace", "0"} + dirs, options);
        QCOMPARE(named.exitCode, 2);
        QVERIFY2(named.err.contains(l.packFolders.front().toUtf8()), named.err.constData());
        QCOMPARE(snapshotOf(l.packFolders.front()), before.value(l.packFolders.front()));
    }

    void scanAndDoctorSayWhatItHolds()
    {
        const QString cache = at("cache");
        const QString folder = plantPacks(cache, 3, "s");
        addCacheEntries(cache, "s");
        const ProcessOptions options = optionsFor({{"TRITON_CACHE_DIR", "@cache"}});
        const ProcessResult text = runKlens({"scan", "--no-resources"}, options);
        QVERIFY2(text.out.contains("     packed: 3 entries in 1 pack in " + folder.toUtf8() + "\n"),
                 text.out.constData());
        const ProcessResult json = runKlens({"scan", "--no-resources", "--json"}, options);
        const QJsonObject packed =
            json.json.value("roots").toArray().at(0).toObject().value("packed").toObject();
        QCOMPARE(packed.value("path").toString(), folder);
        QCOMPARE(packed.value("packs").toInt(), 1);
        QCOMPARE(packed.value("entries").toInt(), 3);
        QCOMPARE(packed.value("records").toInt(), 3);
        QCOMPARE(packed.value("skipped").toInt(), 0);
        QVERIFY(packed.value("error").isNull());
        QCOMPARE(json.json.value("summary").toObject().value("by_kind").toObject().value("unknown").toInt(),
                 0);

        const ProcessResult doctor = runKlens({"doctor", "--json", "--no-binaries"}, options);
        for (const QJsonValue& f : doctor.json.value("findings").toArray())
            QVERIFY2(!f.toObject().value("path").toString().startsWith(folder),
                     qPrintable(f.toObject().value("code").toString() + " on " +
                                f.toObject().value("path").toString()));
    }
};

QTEST_GUILESS_MAIN(TstCleanPacks)
#include "tst_cleanpacks.moc"
