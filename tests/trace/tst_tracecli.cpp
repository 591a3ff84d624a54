// `klens trace` as a user runs it: per-kernel totals in --json against json.load's sums on the
// corpus traces, the demo trace joined with the demo caches (the planted mismatch found, exit 1),
// several files as ranks, --top, and a missing or cut-off file.
#include "tests/support/klensprocess.h"
#include "tests/support/redisserver.h"
#include "tracetestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kDemoTrace = QStringLiteral(KL_SOURCE_DIR "/resources/demo/trace/demo.pt.trace.json.gz");
const QString kDemoTriton = QStringLiteral(KL_SOURCE_DIR "/resources/demo/triton/cache");
const QString kDemoNvrtc = QStringLiteral(KL_SOURCE_DIR "/resources/demo/nvrtc-cache");

} // namespace

class TstTraceCli : public QObject {
    Q_OBJECT
private slots:
    void corpusTotals_data()
    {
        QTest::addColumn<QString>("path");
        if (tracesDir().isEmpty())
            return;
        for (const QString& f :
             QDir(tracesDir()).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << tracesDir() + QLatin1Char('/') + f;
    }
    void corpusTotals()
    {
        if (tracesDir().isEmpty())
            QSKIP("../shared/corpus/traces is absent");
        QFETCH(QString, path);
        const ProcessResult r = runKlens({QStringLiteral("trace"), QStringLiteral("--json"), path});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("schema").toString(), QStringLiteral("kernellens.trace/1"));
        const QJsonObject want = expectedFigures(path).value("names").toObject();
        const QJsonArray kernels = doc.value("kernels").toArray();
        QCOMPARE(kernels.size(), want.size());
        double share = 0;
        QSet<QString> shortNames;
        for (const QJsonValue& v : kernels) {
            const QJsonObject k = v.toObject();
            // No two kernels share a short name.
            QVERIFY2(!shortNames.contains(k.value("short_name").toString()),
                     qPrintable(k.value("short_name").toString()));
            shortNames.insert(k.value("short_name").toString());
            const QJsonObject w = want.value(k.value("name").toString()).toObject();
            QVERIFY2(!w.isEmpty(), qPrintable(k.value("name").toString()));
            QCOMPARE(k.value("calls").toInteger(), w.value("calls").toInteger());
            // total_us carries the nanoseconds exactly (three decimals).
            QCOMPARE(qRound64(k.value("total_us").toDouble() * 1000.0), w.value("total_ns").toInteger());
            share += k.value("share").toDouble();
        }
        QVERIFY(qAbs(share - 1.0) < 1e-9);
        for (const QJsonValue& d : doc.value("devices").toArray()) {
            const QJsonObject dev = d.toObject();
            QVERIFY(dev.value("busy_us").toDouble() <= dev.value("span_us").toDouble());
            QVERIFY(dev.value("overlap_us").toDouble() <= dev.value("communication_us").toDouble());
            QCOMPARE(dev.value("exposed_communication_us").toDouble(),
                     dev.value("communication_us").toDouble() - dev.value("overlap_us").toDouble());
        }
    }

    void demoJoinFindsThePlantedMismatch()
    {
        const ProcessResult r =
            runKlens({QStringLiteral("trace"), QStringLiteral("--json"), kDemoTrace,
                      QStringLiteral("--cache"), kDemoTriton, QStringLiteral("--cache"), kDemoNvrtc});
        QCOMPARE(r.exitCode, 1); // an error finding
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QStringList codes;
        for (const QJsonValue& f : doc.value("findings").toArray()) {
            const QJsonObject o = f.toObject();
            if (o.value("code").toString() == "binary-mismatch")
                QCOMPARE(o.value("kernel").toString(), QStringLiteral("_row_softmax_kernel"));
            codes << o.value("code").toString();
        }
        QCOMPARE(codes.count(QStringLiteral("binary-mismatch")), 1);
        QStringList fits;
        for (const QJsonValue& v : doc.value("kernels").toArray())
            if (v.toObject().value("match").toString() == "fits")
                fits << v.toObject().value("name").toString();
        QVERIFY2(fits.contains("add_kernel"), qPrintable(fits.join(',')));
        // NVRTC entries are named after their program (softmax, reduction): their kernels join
        // by the names their cubins hold.
        QVERIFY2(fits.contains("softmax_rows") && fits.contains("reduce_sum") && fits.contains("vector_add"),
                 qPrintable(fits.join(',')));
        QVERIFY(doc.value("matched_us").toDouble() > 0);
        QVERIFY(!doc.value("unmatched").toArray().isEmpty());

        const ProcessResult text =
            runKlens({QStringLiteral("trace"), kDemoTrace, QStringLiteral("--cache"), kDemoTriton});
        QCOMPARE(text.exitCode, 1);
        QVERIFY(text.out.contains("The binary that ran is not the one in the cache"));
    }

    void joinWithATeamCache()
    {
        // The demo cache pushed into a real redis-server: the join reads the cubins from the
        // server and finds the same planted mismatch as with the folder.
        RedisServer server;
        if (!server.error().isEmpty())
            QFAIL(qPrintable(server.error()));
        const ProcessResult push = runKlens({QStringLiteral("remote"), QStringLiteral("push"), kDemoTriton,
                                             QStringLiteral("--url"), server.url()});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        const ProcessResult r = runKlens({QStringLiteral("trace"), QStringLiteral("--json"), kDemoTrace,
                                          QStringLiteral("--cache"), server.url()});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("caches").toArray().size(), 1);
        bool mismatch = false;
        for (const QJsonValue& f : doc.value("findings").toArray())
            mismatch = mismatch || (f.toObject().value("code").toString() == "binary-mismatch" &&
                                    f.toObject().value("kernel").toString() == "_row_softmax_kernel");
        QVERIFY(mismatch);
        for (const QJsonValue& v : doc.value("kernels").toArray()) {
            const QJsonObject k = v.toObject();
            if (k.value("name").toString() != "add_kernel")
                continue;
            QCOMPARE(k.value("match").toString(), QStringLiteral("fits"));
            for (const QJsonValue& e : k.value("entries").toArray())
                QVERIFY2(e.toObject().value("cubin_error").isNull() ||
                             e.toObject().value("arch").toString() == "gfx90a",
                         qPrintable(e.toObject().value("cubin_error").toString()));
        }
    }

    void ranksAndTop()
    {
        QTemporaryDir dir;
        // The same trace as two ranks: everything doubles, devices split by rank.
        const ProcessResult one = runKlens({QStringLiteral("trace"), QStringLiteral("--json"), kDemoTrace});
        const ProcessResult two =
            runKlens({QStringLiteral("trace"), QStringLiteral("--json"), QStringLiteral("--top"),
                      QStringLiteral("3"), kDemoTrace, kDemoTrace});
        QVERIFY2(one.exitCode == 0 && two.exitCode == 0, two.err.constData());
        const QJsonObject a = QJsonDocument::fromJson(one.out).object();
        const QJsonObject b = QJsonDocument::fromJson(two.out).object();
        QCOMPARE(b.value("kernels").toArray().size(), 3);
        QCOMPARE(qRound64(b.value("gpu_total_us").toDouble() * 1000),
                 2 * qRound64(a.value("gpu_total_us").toDouble() * 1000));
        QCOMPARE(b.value("files").toArray().size(), 2);
        QCOMPARE(b.value("kernels").toArray().first().toObject().value("calls").toInteger(),
                 2 * a.value("kernels").toArray().first().toObject().value("calls").toInteger());
    }

    void badFiles()
    {
        ProcessResult r = runKlens({QStringLiteral("trace"), QStringLiteral("/nonexistent/x.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/nonexistent/x.json: cannot open"));
        QTemporaryDir dir;
        QFile in(kDemoTrace);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        const QString cut = dir.filePath("cut.json.gz");
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() * 2 / 3));
        out.close();
        r = runKlens({QStringLiteral("trace"), cut});
        QCOMPARE(r.exitCode, 1); // partial results, said so
        QVERIFY2(r.out.contains("warning: " + cut.toUtf8() + ": read up to byte"), r.out.constData());
        r = runKlens({QStringLiteral("trace"), QStringLiteral("--json"), cut});
        const QJsonObject f =
            QJsonDocument::fromJson(r.out).object().value("files").toArray().first().toObject();
        QVERIFY(f.value("truncated").toObject().value("offset").toInteger() > 0);
    }

    // --comm adds a user's pattern: the kernel it names is communication with that rule, and the
    // device's communication grows by it; a pattern that does not compile is refused first.
    void userCommPatterns()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("comm.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(commTraceJson());
        out.close();
        ProcessResult plain = runKlens({QStringLiteral("trace"), QStringLiteral("--json"), path});
        QCOMPARE(plain.exitCode, 0);
        const QJsonObject d0 = plain.json["devices"].toArray().first().toObject();
        QCOMPARE(d0["communication_us"].toDouble(), 30.0); // DeepEP's dispatch, by the built-in rules
        QCOMPARE(d0["exposed_communication_us"].toDouble(), 0.0);
        QCOMPARE(plain.json["unnamed_on_comm_streams"].toArray().size(), 1);
        ProcessResult text = runKlens({QStringLiteral("trace"), path});
        QVERIFY2(text.out.contains("summed over all streams"), text.out.constData());
        QVERIFY2(text.out.contains("DeepEP 1"), text.out.constData());
        QVERIFY2(text.out.contains("my_expert_exchange (--comm"), text.out.constData());

        ProcessResult user = runKlens({QStringLiteral("trace"), QStringLiteral("--json"),
                                       QStringLiteral("--comm"), QStringLiteral("expert_ex"), path});
        QCOMPARE(user.exitCode, 0);
        QCOMPARE(user.json["devices"].toArray().first().toObject()["communication_us"].toDouble(), 40.0);
        bool named = false;
        for (const QJsonValue& k : user.json["kernels"].toArray())
            if (k["name"].toString() == "my_expert_exchange")
                named = k["class_rule"].toString() == "--comm expert_ex" &&
                        k["class"].toString() == "communication";
        QVERIFY(named);

        ProcessResult bad = runKlens({QStringLiteral("trace"), QStringLiteral("--comm"),
                                      QStringLiteral("moe_("), QStringLiteral("/nonexistent/x.json")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("\"moe_(\" is not a valid regular expression"), bad.err.constData());
        QVERIFY(!bad.err.contains("/nonexistent")); // refused before any file is read
    }
};

QTEST_GUILESS_MAIN(TstTraceCli)
#include "tst_tracecli.moc"
