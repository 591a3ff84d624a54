// Runs the real klens binary as a user would, on the real Triton fixture and on temp caches.
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

const QString fixture = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

} // namespace

class TstKlens : public QObject {
    Q_OBJECT
private slots:
    void scanJsonHasTheDocumentedShape()
    {
        ProcessResult r = runKlens({"scan", fixture, "--json"});
        QCOMPARE(r.exitCode, 1); // the fixture is a moved cache: problems found
        QJsonParseError pe;
        QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QJsonObject o = doc.object();
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.scan/1"));
        QCOMPARE(o["roots"].toArray().size(), 1);
        const QJsonArray entries = o["entries"].toArray();
        QCOMPARE(entries.size(), 9);
        const QStringList kinds{"kernel", "autotune", "module", "temp", "foreign", "unknown"};
        const QStringList statuses{"complete", "incomplete", "orphan", "corrupt", "foreign"};
        for (const auto& v : entries) {
            QJsonObject e = v.toObject();
            for (const char* key : {"path", "kind", "kernel", "key_era", "hash_ok", "target", "stages",
                                    "size", "mtime", "status", "problems"})
                QVERIFY2(e.contains(key), key);
            QVERIFY(kinds.contains(e["kind"].toString()));
            QVERIFY(statuses.contains(e["status"].toString()));
            QCOMPARE(e["key_era"].toString(), QStringLiteral("base32"));
            if (e["kind"].toString() == "kernel") {
                QCOMPARE(e["hash_ok"].toBool(), true);
                QVERIFY(e["stages"].toObject().contains("cubin") || e["stages"].toObject().contains("hsaco"));
                QCOMPARE(e["problems"].toArray().at(0).toObject()["code"].toString(),
                         QStringLiteral("moved-cache"));
            }
        }
        QJsonObject s = o["summary"].toObject();
        QCOMPARE(s["entries"].toInt(), 9);
        QCOMPARE(s["by_kind"].toObject()["kernel"].toInt(), 8);
        QCOMPARE(s["by_kind"].toObject()["module"].toInt(), 1);
    }

    void cleanCacheExitsZero()
    {
        TempCache c;
        c.addKernel("add_kernel", QString(64, 'a'));
        ProcessResult r = runKlens({"scan", c.path()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("add_kernel"));
        QVERIFY(r.out.contains("1 entries"));
    }

    void missingRootIsAnIoError()
    {
        ProcessResult r = runKlens({"scan", "/nonexistent/kl-cache"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/nonexistent/kl-cache"));
        QVERIFY(r.err.contains("No such file or directory"));
    }

    void usageErrorExitsTwo()
    {
        QCOMPARE(runKlens({"frobnicate"}).exitCode, 2);
        QCOMPARE(runKlens({"show"}).exitCode, 2);
        ProcessResult v = runKlens({"--version"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("klens "));
    }

    void noDirUsesTheEffectiveRoots()
    {
        ProcessResult r = runKlens({"scan", "--json"}, {.set = {{"TRITON_CACHE_DIR", fixture}}});
        QJsonArray roots = QJsonDocument::fromJson(r.out).object()["roots"].toArray();
        QVERIFY(roots.size() >= 3);
        QCOMPARE(roots[0].toObject()["reason"].toString(), QStringLiteral("TRITON_CACHE_DIR"));
        QCOMPARE(roots[0].toObject()["path"].toString(), QDir(fixture).absolutePath());
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["summary"].toObject()["entries"].toInt(), 9);
    }

    void showByPrefixAndPath()
    {
        // One folder prefix in the fixture: the sm_90 add_kernel with num_warps=8 (see its README).
        ProcessResult byPath =
            runKlens({"show", fixture + "/EZ3QOF7C6JJWZMPMDZHZBZ4S2V2EF2QHFSZGCMURXVTVJFP2QCDA"});
        QCOMPARE(byPath.exitCode, 1);
        QVERIFY(byPath.out.contains("_row_softmax_kernel"));
        QVERIFY(byPath.out.contains("TRITON_DEFAULT_FP_FUSION"));
        QVERIFY(byPath.out.contains("folder name matches"));
        ProcessResult byPrefix = runKlens({"show", "EZ3QOF", "--root", fixture, "--json"});
        QCOMPARE(byPrefix.exitCode, 1);
        QJsonObject o = QJsonDocument::fromJson(byPrefix.out).object();
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.entry/1"));
        QCOMPARE(o["metadata"].toObject()["env_vars"].toObject()["TRITON_F32_DEFAULT"].toString(),
                 QStringLiteral("ieee"));
        QCOMPARE(o["group"].toObject()["shape"].toString(), QStringLiteral("path-map"));
    }

    // The handle a listing prints is what the next command takes: scan's and the doctor's name
    // the same entry, and show resolves it.
    void handlesCarryFromOneCommandToTheNext()
    {
        ProcessResult scan = runKlens({"scan", fixture, "--no-resources"});
        QCOMPARE(scan.exitCode, 1); // the fixture's moved-cache warnings
        QString handle;
        for (const QByteArray& line : scan.out.split('\n'))
            if (line.startsWith("EZ3QOF"))
                handle = QString::fromUtf8(line.split(' ').front());
        QVERIFY2(handle.startsWith("EZ3QOF") && handle.size() >= 8, scan.out.constData());
        QVERIFY(handle.size() < 52);
        ProcessResult doctor = runKlens({"doctor", fixture});
        QVERIFY2(doctor.out.contains(" " + handle.toUtf8() + " "), doctor.out.constData());
        ProcessResult show = runKlens({"show", handle, "--root", fixture});
        QCOMPARE(show.exitCode, 1);
        QVERIFY(show.out.contains("_row_softmax_kernel"));
    }

    void showPrefixErrors()
    {
        ProcessResult none = runKlens({"show", "ZZZZZZ", "--root", fixture});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("no entry folder starts with \"ZZZZZZ\""));
        // Several folders start with a single common letter in a 9-entry base32 cache? Use "".
        TempCache c;
        c.addKernel("k", QString(64, 'a'));
        c.addKernel("k", QString(63, 'a') + "b");
        ProcessResult many = runKlens({"show", "VKVK", "--root", c.path()});
        QCOMPARE(many.exitCode, 2);
        QVERIFY2(many.err.contains("matches 2 entries"), many.err.constData());
    }

    void showStageTextAndBinary()
    {
        const QString entry = fixture + "/EZ3QOF7C6JJWZMPMDZHZBZ4S2V2EF2QHFSZGCMURXVTVJFP2QCDA";
        ProcessResult ptx = runKlens({"show", entry, "--stage", "ptx"});
        QCOMPARE(ptx.exitCode, 0);
        QVERIFY(ptx.out.contains(".visible .entry _row_softmax_kernel"));
        ProcessResult cubin = runKlens({"show", entry, "--stage", "cubin"});
        QCOMPARE(cubin.exitCode, 0);
        QVERIFY2(cubin.out.contains("ELF"), cubin.out.left(300).constData());
        QVERIFY(cubin.out.contains("00000000  7f 45 4c 46"));
        ProcessResult missing = runKlens({"show", entry, "--stage", "amdgcn"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("has no stage \"amdgcn\""));
    }
};

QTEST_GUILESS_MAIN(TstKlens)
#include "tst_klens.moc"
