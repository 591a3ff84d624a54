// Dump and override folders are a user's work: `klens clean`, with every policy at its most
// eager, must leave each one in every root the cleaner may see (the effective roots, the folders
// given as DIR, nested roots, a cache holding one), while the cache entries beside them go. Only
// `--dump-folder PATH` removes one, and only the one it names. Issue 28, point 0: `clean
// --incomplete` once deleted a hand-edited override PTX as an "incomplete" cache entry.
#include "cleantestutil.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cleantest;

namespace {

const QByteArray kEdited = "// hand-edited by a user: must survive every clean\n";

std::int64_t daysAgo(int days)
{
    return QDateTime::currentSecsSinceEpoch() - std::int64_t(days) * 86400;
}

// A folder of the given stage files, named as Triton 3.3+ names dump and override folders.
QString addStageFolder(const QString& root, const QString& seed, const QStringList& exts)
{
    const QString folder = root + "/" + base32Folder(sha256Of(seed));
    for (const QString& ext : exts)
        writeFileAt(folder + "/add_kernel." + ext, kEdited + ext.toUtf8());
    setEntryMtime(folder, daysAgo(40));
    return folder;
}

// A whole cache entry and an interrupted one (.source and .ttir, no metadata): both must go.
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

QStringList filesUnder(const QStringList& folders)
{
    QStringList files;
    for (const QString& f : folders)
        for (const QString& n : QDir(f).entryList(QDir::Files))
            files << f + "/" + n;
    return files;
}

// Every policy at once, as eagerly as it goes.
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

struct Layout {
    QMap<QString, QString> env; ///< relative to the home folder where the value starts with '@'
    QStringList dirs;           ///< DIR arguments, relative to the home folder
    QStringList userFolders;    ///< made by the row: must survive
    QStringList cacheEntries;   ///< made by the row: must go
};

} // namespace

class TstCleanUserFolders : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;

    QString at(const QString& rel) const { return m_home.path() + "/" + rel; }

    // The environment klens runs in: only what the row names (no TRITON_* of the test's own).
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

private slots:
    void init()
    {
        QDir(m_home.path()).removeRecursively();
        QDir().mkpath(at("home"));
        QDir().mkpath(at("tmp"));
    }

    // Each row's folders are made by the test body (layoutFor), after init() emptied the home.
    void everyRootKeepsItsUserFolders_data()
    {
        QTest::addColumn<bool>("cleansCache"); // false where the cache itself is an override folder
        QTest::newRow("environment's folders, no DIR") << true;
        QTest::newRow("defaults under TRITON_HOME, Inductor's folder, no DIR") << true;
        QTest::newRow("TRITON_OVERRIDE_DIR given as DIR") << true;
        QTest::newRow("default override folder given as DIR, environment silent") << true;
        QTest::newRow("~/.triton given as DIR (nested roots)") << true;
        QTest::newRow("TRITON_OVERRIDE_DIR inside the cache, no DIR") << true;
        QTest::newRow("override and dump shapes in a cache given as DIR") << true;
        QTest::newRow("TRITON_OVERRIDE_DIR is the cache folder") << false;
    }

    void everyRootKeepsItsUserFolders()
    {
        QFETCH(bool, cleansCache);
        Layout l = layoutFor(QTest::currentDataTag());
        QVERIFY(!l.userFolders.isEmpty());
        const QStringList userFiles = filesUnder(l.userFolders);
        QVERIFY(!userFiles.isEmpty());
        const ProcessOptions options = optionsFor(l.env);
        QStringList dirs;
        for (const QString& d : l.dirs)
            dirs << at(d);

        // The plan lists none of them.
        ProcessResult dry = runKlens(
            QStringList{"clean"} + dirs + everyPolicy() + QStringList{"--dry-run", "--json"}, options);
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QStringList planned;
        for (const QJsonValue& r : dry.json.value("removals").toArray())
            planned << r.toObject().value("path").toString();
        for (const QString& u : l.userFolders)
            for (const QString& p : planned)
                QVERIFY2(!p.startsWith(u) && !u.startsWith(p + "/"), qPrintable(p + " would be removed"));
        if (cleansCache)
            for (const QString& c : l.cacheEntries)
                QVERIFY2(planned.contains(c), qPrintable(c + " is not planned: " + planned.join(", ")));

        ProcessResult run =
            runKlens(QStringList{"clean"} + dirs + everyPolicy() + QStringList{"--json"}, options);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        for (const QString& f : userFiles) {
            QFile file(f);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(f + " is gone"));
            QVERIFY2(file.readAll().startsWith(kEdited), qPrintable(f + " changed"));
        }
        // The cleaner did run: what is Triton's beside them went (so this test can fail).
        for (const QString& c : l.cacheEntries)
            QCOMPARE(QFileInfo::exists(c), !cleansCache);
    }

    void dumpFolderRemovesOnlyTheFolderNamed()
    {
        const QMap<QString, QString> env = {{"TRITON_CACHE_DIR", "@cache"}, {"TRITON_OVERRIDE_DIR", "@over"}};
        const QString a = addStageFolder(at("over"), "a", {"ptx"});
        const QString b = addStageFolder(at("over"), "b", {"ttgir"});
        const QStringList cache = addCacheEntries(at("cache"), "c");
        const ProcessOptions options = optionsFor(env);

        ProcessResult run = runKlens({"clean", "--dump-folder", a, "--grace", "0", "--json"}, options);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(!QFileInfo::exists(a));
        QVERIFY(QFileInfo::exists(b + "/add_kernel.ttgir"));
        for (const QString& c : cache)
            QVERIFY2(QFileInfo::exists(c), qPrintable(c)); // no other policy was asked for
        const QJsonArray named = run.json.value("policy").toObject().value("dump_folders").toArray();
        QCOMPARE(named.size(), 1);
        QCOMPARE(named.at(0).toString(), a);

        // A cache entry is not a dump folder; a folder outside the roots scanned is refused by name.
        ProcessResult entry = runKlens({"clean", "--dump-folder", cache.front(), "--grace", "0"}, options);
        QCOMPARE(entry.exitCode, 2);
        QVERIFY2(entry.err.contains("not a dump or override folder") &&
                     entry.err.contains(cache.front().toUtf8()),
                 entry.err.constData());
        QVERIFY(QFileInfo::exists(cache.front()));
        ProcessResult outside =
            runKlens({"clean", "--dump-folder", at("nowhere/x"), "--grace", "0"}, options);
        QCOMPARE(outside.exitCode, 2);
        QVERIFY2(outside.err.contains("not a folder directly inside the roots scanned"),
                 outside.err.constData());
        QVERIFY(QFileInfo::exists(b + "/add_kernel.ttgir"));
    }

    void scanAndDoctorSayWhatTheyAre()
    {
        const QString cache = at("cache");
        const QString ptxOnly = addStageFolder(cache, "p", {"ptx"});
        const QString dump = addStageFolder(cache, "d", {"ttir", "ttgir", "llir", "ptx", "cubin", "sass"});
        const QStringList entries = addCacheEntries(cache, "c");
        const QString over = addStageFolder(at("over"), "o", {"ttir"});
        const ProcessOptions options =
            optionsFor({{"TRITON_CACHE_DIR", "@cache"}, {"TRITON_OVERRIDE_DIR", "@over"}});

        ProcessResult scan = runKlens({"scan", "--json"}, options);
        QVERIFY2(scan.exitCode == 0 || scan.exitCode == 1, scan.err.constData());
        QMap<QString, QJsonObject> byPath;
        for (const QJsonValue& v : scan.json.value("entries").toArray())
            byPath.insert(v.toObject().value("path").toString(), v.toObject());
        auto codes = [&](const QString& path) {
            QStringList out;
            for (const QJsonValue& p : byPath.value(path).value("problems").toArray())
                out << p.toObject().value("code").toString();
            return out;
        };
        QCOMPARE(byPath.value(ptxOnly).value("kind").toString(), QStringLiteral("override"));
        QCOMPARE(codes(ptxOnly), QStringList{"dump-folder-in-cache"});
        QCOMPARE(byPath.value(dump).value("kind").toString(), QStringLiteral("dump"));
        QCOMPARE(codes(dump), QStringList{"dump-folder-in-cache"});
        QVERIFY(byPath.value(dump).value("unknown_stages").toArray().isEmpty()); // .sass is a dump's own
        QCOMPARE(byPath.value(over).value("kind").toString(), QStringLiteral("override"));
        QCOMPARE(byPath.value(over).value("status").toString(), QStringLiteral("complete"));
        QVERIFY(codes(over).isEmpty());
        QCOMPARE(byPath.value(entries.at(1)).value("status").toString(), QStringLiteral("incomplete"));
        bool overrideRootSeen = false;
        for (const QJsonValue& r : scan.json.value("roots").toArray()) {
            if (r.toObject().value("path").toString() != at("over"))
                continue;
            overrideRootSeen = true;
            QCOMPARE(r.toObject().value("kind").toString(), QStringLiteral("override"));
        }
        QVERIFY(overrideRootSeen);

        ProcessResult doctor = runKlens({"doctor", "--json"}, options);
        QMap<QString, QStringList> findings;
        for (const QJsonValue& f : doctor.json.value("findings").toArray())
            findings[f.toObject().value("path").toString()] << f.toObject().value("code").toString();
        QCOMPARE(findings.value(ptxOnly), QStringList{"dump-folder-in-cache"});
        QCOMPARE(findings.value(dump), QStringList{"dump-folder-in-cache"});
        QVERIFY2(!findings.contains(over), qPrintable(findings.value(over).join(", ")));
        QCOMPARE(findings.value(entries.at(1)), QStringList{"incomplete-entry"});
    }

private:
    Layout layoutFor(const QString& tag) const
    {
        Layout l;
        if (tag == "environment's folders, no DIR") {
            l.env = {{"TRITON_CACHE_DIR", "@cache"},
                     {"TRITON_OVERRIDE_DIR", "@over"},
                     {"TRITON_DUMP_DIR", "@dumps"}};
            l.userFolders << addStageFolder(at("over"), "o1", {"ptx"})
                          << addStageFolder(at("over"), "o2", {"ttir"})
                          << addStageFolder(at("dumps"), "d1",
                                            {"ttir", "ttgir", "llir", "ptx", "cubin", "sass"});
            l.cacheEntries = addCacheEntries(at("cache"), "c1");
        } else if (tag == "defaults under TRITON_HOME, Inductor's folder, no DIR") {
            l.env = {{"TRITON_HOME", "@th"}, {"TORCHINDUCTOR_CACHE_DIR", "@ind"}};
            l.userFolders << addStageFolder(at("th/.triton/override"), "o", {"ttir"})
                          << addStageFolder(at("th/.triton/dump"), "d",
                                            {"ttir", "ttgir", "llir", "ptx", "cubin"})
                          << addStageFolder(at("ind/triton"), "i", {"ttgir", "ptx"});
            l.cacheEntries =
                addCacheEntries(at("th/.triton/cache"), "c") + addCacheEntries(at("ind/triton"), "i");
        } else if (tag == "TRITON_OVERRIDE_DIR given as DIR") {
            l.env = {{"TRITON_OVERRIDE_DIR", "@my/overrides"}};
            l.dirs = {"my/overrides"};
            l.userFolders << addStageFolder(at("my/overrides"), "o", {"ttir"});
        } else if (tag == "default override folder given as DIR, environment silent") {
            l.dirs = {"elsewhere/.triton/override"};
            l.userFolders << addStageFolder(at("elsewhere/.triton/override"), "o", {"source", "ttir"});
        } else if (tag == "~/.triton given as DIR (nested roots)") {
            l.dirs = {"home/.triton"};
            l.userFolders << addStageFolder(at("home/.triton/override"), "o", {"ttir"})
                          << addStageFolder(at("home/.triton/dump"), "d", {"ttir", "ttgir"});
            l.cacheEntries = addCacheEntries(at("home/.triton/cache"), "c");
        } else if (tag == "TRITON_OVERRIDE_DIR inside the cache, no DIR") {
            l.env = {{"TRITON_CACHE_DIR", "@cache"}, {"TRITON_OVERRIDE_DIR", "@cache/my-overrides"}};
            l.userFolders << addStageFolder(at("cache/my-overrides"), "o", {"ttir"});
            l.cacheEntries = addCacheEntries(at("cache"), "c");
        } else if (tag == "override and dump shapes in a cache given as DIR") {
            l.dirs = {"cache"};
            l.userFolders << addStageFolder(at("cache"), "p", {"ptx"})
                          << addStageFolder(at("cache"), "g", {"ttgir", "ptx"})
                          << addStageFolder(at("cache"), "s",
                                            {"ttir", "ttgir", "llir", "ptx", "cubin", "sass"})
                          << addStageFolder(at("cache"), "w", {"ttir", "ttgir", "llir", "ptx", "cubin"});
            l.cacheEntries = addCacheEntries(at("cache"), "c");
        } else if (tag == "TRITON_OVERRIDE_DIR is the cache folder") {
            l.env = {{"TRITON_CACHE_DIR", "@shared"}, {"TRITON_OVERRIDE_DIR", "@shared"}};
            l.userFolders << addStageFolder(at("shared"), "o", {"ttir"});
            l.cacheEntries = addCacheEntries(at("shared"), "c");
        }
        return l;
    }
};

QTEST_GUILESS_MAIN(TstCleanUserFolders)
#include "tst_cleanuserfolders.moc"
