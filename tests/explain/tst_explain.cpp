// `klens explain` on the real Triton fixture: pairs of entries that differ in exactly one
// recorded input, an entry against itself, and one entry against a controlled environment
// (fake python3 and nvidia-smi on PATH, chosen cache-invalidating variables).
#include "core/explain/currentenvironment.h"
#include "core/explain/entrycomparison.h"
#include "core/formats/envvars.h"
#include "core/report/entrydetail.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString fixture = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

// The environment minus every cache-invalidating variable (and the Python override), so the
// runs see only what a test sets.
QProcessEnvironment cleanEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const kl::CacheEnvVar& v : kl::cacheInvalidatingEnvVars())
        env.remove(QString::fromLatin1(v.name.data(), static_cast<int>(v.name.size())));
    env.remove("KL_PYTHON");
    return env;
}

ProcessResult klens(const QStringList& args, const QProcessEnvironment& env = cleanEnvironment())
{
    return runKlens(args, {.environment = env});
}

// Entry folder of a fixture plan, from expected.json (names change when the fixture is regenerated).
QString folderOf(const QString& planId)
{
    QFile f(QStringLiteral(KL_DEMO_TRITON_DIR "/expected.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject entries = QJsonDocument::fromJson(f.readAll()).object()["entries"].toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it)
        if (it.value().toObject()["plan_id"].toString() == planId)
            return it.key();
    return {};
}

QString entryPath(const QString& planId)
{
    return fixture + "/" + folderOf(planId);
}

// (kind, name) of every difference, for exact comparisons.
QSet<QString> differenceNames(const QJsonObject& o)
{
    QSet<QString> out;
    for (const auto& d : o["differences"].toArray())
        out.insert(d.toObject()["kind"].toString() + ":" + d.toObject()["name"].toString());
    return out;
}

QJsonObject difference(const QJsonObject& o, const QString& name)
{
    for (const auto& d : o["differences"].toArray())
        if (d.toObject()["name"].toString() == name)
            return d.toObject();
    return {};
}

// A folder with fake python3 / nvidia-smi scripts, to control what --env sees.
class FakeTools {
public:
    void add(const QString& name, const QByteArray& script)
    {
        QFile f(m_dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write("#!/bin/sh\n" + script + "\n");
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = cleanEnvironment();
        env.insert("PATH", m_dir.path()); // nothing else: no real python3, no real nvidia-smi
        return env;
    }

private:
    QTemporaryDir m_dir;
};

} // namespace

class TstExplain : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        for (const char* id :
             {"add_sm90_w4", "add_sm90_w8", "add_sm90_w4_noline", "add_sm80", "add_sm100_binary_only"})
            QVERIFY2(!folderOf(id).isEmpty(), id);
    }

    void numWarpsOnly()
    {
        ProcessResult r = klens({"explain", entryPath("add_sm90_w4"), entryPath("add_sm90_w8"), "--json"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json["schema"].toString(), QStringLiteral("kernellens.explain/1"));
        QCOMPARE(r.json["mode"].toString(), QStringLiteral("entries"));
        QCOMPARE(differenceNames(r.json), QSet<QString>{"option:num_warps"});
        const QJsonObject d = difference(r.json, "num_warps");
        QCOMPARE(d["a"].toInt(), 4);
        QCOMPARE(d["b"].toInt(), 8);
        QCOMPARE(r.json["nothing_recorded_differs"].toBool(), false);
        QCOMPARE(r.json["same_hash"].toBool(), false);

        ProcessResult text = klens({"explain", entryPath("add_sm90_w4"), entryPath("add_sm90_w8")});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("1 recorded difference"), text.out.constData());
        QVERIFY(text.out.contains("num_warps"));
        QVERIFY(text.out.contains("4 -> 8"));
    }

    // TRITON_DISABLE_LINE_INFO=1 is recorded as "true", and drops the loc() lines from the IR:
    // the initial TTIR (.source) and .ttir start differently.
    void lineInfoEnvVar()
    {
        ProcessResult r =
            klens({"explain", entryPath("add_sm90_w4"), entryPath("add_sm90_w4_noline"), "--json"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(differenceNames(r.json),
                 (QSet<QString>{"env_var:TRITON_DISABLE_LINE_INFO", "stage:source", "stage:ttir"}));
        const QJsonObject env = difference(r.json, "TRITON_DISABLE_LINE_INFO");
        QVERIFY(env["a"].isNull());
        QCOMPARE(env["b"].toString(), QStringLiteral("true"));
        for (const char* stage : {"source", "ttir"}) {
            const QJsonObject s = difference(r.json, stage);
            QVERIFY(s["a_lines"].toInt() > s["b_lines"].toInt()); // fewer lines without locations
            const QJsonObject first = s["lines"].toArray()[0].toObject();
            QCOMPARE(first["line"].toInt(), 1);
            QVERIFY2(
                first["a"].toString().startsWith("#loc = loc(\"/tmp/klens-fixture-gen/generate_cache.py\""),
                qPrintable(first["a"].toString()));
            QCOMPARE(first["b"].toString(), QStringLiteral("#loc1 = loc(\"x_ptr\")"));
        }
    }

    void targetArch()
    {
        ProcessResult r = klens({"explain", entryPath("add_sm80"), entryPath("add_sm90_w4"), "--json"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject arch = difference(r.json, "arch");
        QCOMPARE(arch["kind"].toString(), QStringLiteral("target"));
        QCOMPARE(arch["a"].toInt(), 80);
        QCOMPARE(arch["b"].toInt(), 90);
        // The options that follow from the arch differ too; no env var, no IR text.
        QCOMPARE(differenceNames(r.json),
                 (QSet<QString>{"target:arch", "option:supported_fp8_dtypes",
                                "option:deprecated_fp8_dot_operand_dtypes",
                                "option:max_num_imprecise_acc_default", "option:arch"}));
        QCOMPARE(difference(r.json, "supported_fp8_dtypes")["b"].toArray().size(), 3);
    }

    void sameEntryNothingDiffers()
    {
        const QString a = entryPath("add_sm90_w4");
        ProcessResult r = klens({"explain", a, a, "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json["nothing_recorded_differs"].toBool(), true);
        QCOMPARE(r.json["same_hash"].toBool(), true);
        QVERIFY(r.json["differences"].toArray().isEmpty());
        const QJsonArray suspects = r.json["not_recorded"].toArray();
        QVERIFY(suspects.size() >= 4);
        QVERIFY(suspects[0].toString().startsWith("triton_key"));
        QVERIFY(suspects[1].toString().startsWith("source hash"));

        ProcessResult text = klens({"explain", a, a});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("Nothing recorded differs."), text.out.constData());
        QVERIFY(text.out.contains("they remain the suspects"));
        QVERIFY(text.out.contains("libtriton"));
    }

    void binaryOnlyStageIsANote()
    {
        ProcessResult r =
            klens({"explain", entryPath("add_sm90_w4"), entryPath("add_sm100_binary_only"), "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!differenceNames(r.json).contains("stage:ttir"));
        QVERIFY(differenceNames(r.json).contains("target:arch"));
        bool noted = false;
        for (const auto& n : r.json["notes"].toArray())
            noted |= n.toString().startsWith(".ttir only in A");
        QVERIFY(noted);
    }

    void prefixesResolveLikeShow()
    {
        const QString a = folderOf("add_sm90_w4"), b = folderOf("add_sm90_w8");
        ProcessResult r = klens({"explain", a.left(6), b.left(6), "--root", fixture, "--json"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json["a"].toObject()["folder"].toString(), a);
        QCOMPARE(r.json["b"].toObject()["folder"].toString(), b);
        ProcessResult none = klens({"explain", "ZZZZ", a, "--root", fixture});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("no entry folder starts with \"ZZZZ\""), none.err.constData());
    }

    void usageAndInputErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString a = entryPath("add_sm90_w4");
        const QString module = fixture + "/QCN5MOZV46GH2BG6ROWREZCCMYVUGVGBEKVLISWUDZVL3YRTZKYQ";
        QTest::addRow("one entry") << QStringList{"explain", a} << "give two entries";
        QTest::addRow("two with --env") << QStringList{"explain", a, a, "--env"} << "drop the second ENTRY";
        QTest::addRow("missing path")
            << QStringList{"explain", a, "/nonexistent/X"} << "cannot open /nonexistent/X";
        QTest::addRow("module entry") << QStringList{"explain", a, module} << "not a compiled kernel";
    }

    void usageAndInputErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        ProcessResult r = klens(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    // The entry recorded TRITON_DISABLE_LINE_INFO=true; here it is set to "1" (the same once
    // normalised), Triton is 3.8.0 and the GPU is sm_80.
    void envAgainstControlledEnvironment()
    {
        FakeTools tools;
        tools.add("python3", "echo 3.8.0");
        tools.add("nvidia-smi", "echo 8.0");
        QProcessEnvironment env = tools.environment();
        env.insert("TRITON_DISABLE_LINE_INFO", "1");
        ProcessResult r = klens({"explain", entryPath("add_sm90_w4_noline"), "--env", "--json"}, env);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json["mode"].toString(), QStringLiteral("environment"));
        QVERIFY(r.json["b"].isNull());
        QCOMPARE(differenceNames(r.json), (QSet<QString>{"triton_version:triton_version", "target:arch"}));
        QCOMPARE(difference(r.json, "triton_version")["a"].toString(), QStringLiteral("3.9.0"));
        QCOMPARE(difference(r.json, "triton_version")["b"].toString(), QStringLiteral("3.8.0"));
        QCOMPARE(difference(r.json, "arch")["b"].toInt(), 80);
        const QJsonObject now = r.json["environment"].toObject();
        QCOMPARE(now["triton_version"].toString(), QStringLiteral("3.8.0"));
        QCOMPARE(now["gpu_archs"].toArray(), QJsonArray{"80"});
        QCOMPARE(now["env_vars"].toObject()["TRITON_DISABLE_LINE_INFO"].toString(), QStringLiteral("1"));

        // The twin without the variable: now it is set here but was not then.
        ProcessResult w4 = klens({"explain", entryPath("add_sm90_w4"), "--env", "--json"}, env);
        QCOMPARE(w4.exitCode, 1);
        const QJsonObject d = difference(w4.json, "TRITON_DISABLE_LINE_INFO");
        QCOMPARE(d["kind"].toString(), QStringLiteral("env_var"));
        QVERIFY(d["a"].isNull());
        QCOMPARE(d["b"].toString(), QStringLiteral("true"));
        QVERIFY2(d["note"].toString().contains("which Triton records as \"true\""),
                 qPrintable(d["note"].toString()));
    }

    void envMatchesWhenNothingDiffers()
    {
        FakeTools tools;
        tools.add("python3", "echo 3.9.0");
        tools.add("nvidia-smi", "echo 9.0; echo 8.0");
        QProcessEnvironment env = tools.environment();
        env.insert("TRITON_DISABLE_LINE_INFO", "true");
        env.insert("TRITON_STORE_BINARY_ONLY", "1"); // not part of the key
        ProcessResult r = klens({"explain", entryPath("add_sm90_w4_noline"), "--env"}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Nothing recorded differs."), r.out.constData());
        QVERIFY(r.out.contains("GPU arch 90, 80"));
    }

    void envWithoutTools()
    {
        FakeTools none; // PATH holds nothing
        QProcessEnvironment env = none.environment();
        env.insert("TRITON_F32_DEFAULT", "ieee");
        env.insert("DISABLE_FAST_REDUCTION", "1"); // a name only older Tritons keyed on
        ProcessResult r = klens({"explain", entryPath("add_sm90_w4"), "--env", "--json"}, env);
        QCOMPARE(r.exitCode, 1);
        const QJsonObject now = r.json["environment"].toObject();
        QVERIFY(now["triton_version"].isNull());
        QVERIFY2(now["triton_version_source"].toString().contains("python3"),
                 qPrintable(now["triton_version_source"].toString()));
        QVERIFY(now["gpu_archs"].toArray().isEmpty());
        QVERIFY2(now["gpu_source"].toString().contains("nvidia-smi not found"),
                 qPrintable(now["gpu_source"].toString()));
        QCOMPARE(differenceNames(r.json),
                 (QSet<QString>{"env_var:TRITON_F32_DEFAULT", "env_var:DISABLE_FAST_REDUCTION"}));
        QVERIFY(
            difference(r.json, "DISABLE_FAST_REDUCTION")["note"].toString().contains("only older Triton"));
    }

    void hangingPythonTimesOut()
    {
        FakeTools tools;
        tools.add("python3", "/bin/sleep 60");
        QElapsedTimer t;
        t.start();
        ProcessResult r =
            klens({"explain", entryPath("add_sm90_w4"), "--env", "--json"}, tools.environment());
        QVERIFY2(t.elapsed() < 30000, "a hanging python3 must not hang klens");
        QCOMPARE(r.exitCode, 0);
        const QJsonObject now = r.json["environment"].toObject();
        QVERIFY(now["triton_version"].isNull());
        QVERIFY2(now["triton_version_source"].toString().contains("did not answer within"),
                 qPrintable(now["triton_version_source"].toString()));
    }

    // The core API directly, on entries a test writes.
    void differentKernelsAreNamed()
    {
        TempCache c;
        const QString a = c.addKernel("kern_a", QString(64, 'a'));
        const QString b = c.addKernel("kern_b", QString(64, 'b'));
        bool vanished = false;
        const kl::CacheScanner scanner;
        kl::EntryDetail da =
            kl::loadEntryDetail(scanner.scanOne(c.path().toStdString(), a.toStdString(), vanished));
        kl::EntryDetail db =
            kl::loadEntryDetail(scanner.scanOne(c.path().toStdString(), b.toStdString(), vanished));
        kl::Explanation ex = kl::compareEntries(da, db);
        QVERIFY2(ex.ok, ex.error.english().c_str());
        QVERIFY(!ex.differences.empty());
        QVERIFY(ex.differences.front().kind == kl::DifferenceKind::Kernel);
        QCOMPARE(ex.differences.front().a.value_or(""), std::string("\"kern_a\""));
        // The source differs with the kernel, so it is no longer listed as an unrecorded suspect.
        for (const kl::Text& s : ex.notRecorded)
            QVERIFY(s.english().rfind("source hash", 0) != 0);
    }

    // A stage that cannot be read (here: replaced by a symlink after the scan) or is too large is
    // left out with a note; the recorded inputs are still compared.
    void unreadableStageIsANote()
    {
        TempCache c;
        const QString a = c.addKernel("kern", QString(64, 'a'));
        const QString b = c.addKernel("kern", QString(64, 'b'));
        bool vanished = false;
        const kl::CacheScanner scanner;
        kl::EntryDetail da =
            kl::loadEntryDetail(scanner.scanOne(c.path().toStdString(), a.toStdString(), vanished));
        kl::EntryDetail db =
            kl::loadEntryDetail(scanner.scanOne(c.path().toStdString(), b.toStdString(), vanished));
        QVERIFY(QFile::remove(c.filePath(b + "/kern.ttir")));
        QVERIFY(QFile::link(c.filePath(a + "/kern.ttir"), c.filePath(b + "/kern.ttir")));
        kl::Explanation ex = kl::compareEntries(da, db);
        QVERIFY2(ex.ok, ex.error.english().c_str());
        QStringList notes;
        for (const kl::Text& n : ex.notes)
            notes << QString::fromStdString(n.english());
        QVERIFY2(notes.filter(".ttir not compared: cannot read").size() == 1, qPrintable(notes.join('\n')));

        kl::CompareOptions small;
        small.maxStageBytes = 4;
        ex = kl::compareEntries(da, da, small);
        QVERIFY(ex.ok);
        notes.clear();
        for (const kl::Text& n : ex.notes)
            notes << QString::fromStdString(n.english());
        QVERIFY2(notes.filter(".source not compared: kern.source is larger than 4 bytes").size() == 1,
                 qPrintable(notes.join('\n')));
    }

    void computeCapabilities()
    {
        QCOMPARE(kl::archFromComputeCap("9.0").value_or(""), std::string("90"));
        QCOMPARE(kl::archFromComputeCap("10.0").value_or(""), std::string("100"));
        QCOMPARE(kl::archFromComputeCap("12.1").value_or(""), std::string("121"));
        QVERIFY(!kl::archFromComputeCap("[N/A]"));
        QVERIFY(!kl::archFromComputeCap("9"));
    }
};

QTEST_GUILESS_MAIN(TstExplain)
#include "tst_explain.moc"
