// `klens gpu` and `klens autotune` as a user runs them: exit codes and messages with and without
// a driver (the toolkit's stub stands in for a machine whose driver is not installed).

#include "gpustatus.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

const char* kStub = "/usr/local/cuda/lib64/stubs/libcuda.so";

Run klens(const QStringList& args, const QString& libcuda = {}, const QString& home = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!libcuda.isEmpty())
        env.insert("KERNELLENS_LIBCUDA", libcuda);
    if (!home.isEmpty()) {
        env.insert("KERNELLENS_CACHE_DIR", home + "/cache");
        env.insert("KERNELLENS_EVENTS_LOG", home + "/events.jsonl");
    }
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(KL_KLENS_BIN), args);
    p.waitForFinished(600000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace

class TstGpuCli : public QObject {
    Q_OBJECT
private slots:
    void gpuWithoutADriverExits3AndSaysWhy()
    {
        const Run r = klens({"gpu"}, "/nonexistent/libcuda.so.1");
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(
                     "klens: no CUDA driver (/nonexistent/libcuda.so.1: cannot open shared object file"),
                 r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void gpuJsonWithTheStub()
    {
        if (!QFileInfo::exists(kStub))
            QSKIP("no CUDA Toolkit stub at /usr/local/cuda/lib64/stubs");
        const Run r = klens({"gpu", "--json"}, kStub);
        QCOMPARE(r.code, 3);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["schema"].toString(), QString("kernellens.gpu/1"));
        QCOMPARE(o["available"].toBool(), false);
        QVERIFY(o["reason"].toString().contains("stub library, not a driver"));
    }

    void gpuOnThisMachine()
    {
        const kl::GpuStatus s = kl::gpuStatus();
        const Run r = klens({"gpu"});
        if (!s.available) {
            QCOMPARE(r.code, 3);
            QVERIFY(r.err.contains(QByteArray::fromStdString(s.reason.english())));
            QSKIP(("no GPU here: " + s.reason.english()).c_str());
        }
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QByteArray::fromStdString(s.devices[0].name)));
        QVERIFY(r.out.contains(QByteArray::fromStdString(s.devices[0].arch())));
    }

    void autotuneWithoutADriverExits3()
    {
        QTemporaryDir home;
        const Run r = klens({"autotune", "vector_add"}, "/nonexistent/libcuda.so.1", home.path());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("cannot autotune vector_add: no CUDA driver"), r.err.constData());
    }

    void autotuneOfABadSpecNamesTheField()
    {
        QTemporaryDir home;
        QFile spec(home.filePath("broken.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(R"({"schema": "kernellens.kernel-spec/1", "name": "broken", "source": "x.cu"})");
        spec.close();
        const Run r = klens({"autotune", spec.fileName()}, "/nonexistent/libcuda.so.1", home.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(spec.fileName().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("field"), r.err.constData());
    }

    void autotuneOnThisMachine()
    {
        const kl::GpuStatus s = kl::gpuStatus();
        if (!s.available)
            QSKIP(("no GPU here: " + s.reason.english()).c_str());
        QTemporaryDir home;
        const Run r =
            klens({"autotune", "vector_add", "--size", "small", "--limit", "4", "--rep-ms", "10", "--json"},
                  {}, home.path());
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["schema"].toString(), QString("kernellens.autotune-run/1"));
        QVERIFY(!o["best"].toString().isEmpty());
        QVERIFY(o["copy_gbs"].toDouble() > 0);
        QVERIFY(QFileInfo::exists(o["results_path"].toString()));
    }
};

QTEST_GUILESS_MAIN(TstGpuCli)
#include "tst_gpucli.moc"
