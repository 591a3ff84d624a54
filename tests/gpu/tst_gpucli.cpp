// `klens gpu` and `klens autotune` as a user runs them: exit codes and messages with and without
// a driver (the toolkit's stub stands in for a machine whose driver is not installed).

#include "gpu/gpustatus.h"
#include "tests/support/klensprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const char* kStub = "/usr/local/cuda/lib64/stubs/libcuda.so";

// libcuda: the driver library klens loads; home: a cache and an events log of the test's own.
ProcessResult klens(const QStringList& args, const QString& libcuda = {}, const QString& home = {})
{
    ProcessOptions options{.timeoutMs = 600000}; // a real autotune run compiles and times every config
    if (!libcuda.isEmpty())
        options.set.insert("KERNELLENS_LIBCUDA", libcuda);
    if (!home.isEmpty()) {
        options.set.insert("KERNELLENS_CACHE_DIR", home + "/cache");
        options.set.insert("KERNELLENS_EVENTS_LOG", home + "/events.jsonl");
    }
    return runKlens(args, options);
}

} // namespace

class TstGpuCli : public QObject {
    Q_OBJECT
private slots:
    void gpuWithoutADriverExits3AndSaysWhy()
    {
        const ProcessResult r = klens({"gpu"}, "/nonexistent/libcuda.so.1");
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.startsWith(
                     "klens: no CUDA driver (/nonexistent/libcuda.so.1: cannot open shared object file"),
                 r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void gpuJsonWithTheStub()
    {
        if (!QFileInfo::exists(kStub))
            QSKIP("no CUDA Toolkit stub at /usr/local/cuda/lib64/stubs");
        const ProcessResult r = klens({"gpu", "--json"}, kStub);
        QCOMPARE(r.exitCode, 3);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["schema"].toString(), QString("kernellens.gpu/1"));
        QCOMPARE(o["available"].toBool(), false);
        QVERIFY(o["reason"].toString().contains("stub library, not a driver"));
    }

    void gpuOnThisMachine()
    {
        const kl::GpuStatus s = kl::gpuStatus();
        const ProcessResult r = klens({"gpu"});
        if (!s.available) {
            QCOMPARE(r.exitCode, 3);
            QVERIFY(r.err.contains(QByteArray::fromStdString(s.reason.english())));
            QSKIP(("no GPU here: " + s.reason.english()).c_str());
        }
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QByteArray::fromStdString(s.devices[0].name)));
        QVERIFY(r.out.contains(QByteArray::fromStdString(s.devices[0].arch())));
    }

    void autotuneWithoutADriverExits3()
    {
        QTemporaryDir home;
        const ProcessResult r = klens({"autotune", "vector_add"}, "/nonexistent/libcuda.so.1", home.path());
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("cannot autotune vector_add: no CUDA driver"), r.err.constData());
    }

    void autotuneOfABadSpecNamesTheField()
    {
        QTemporaryDir home;
        QFile spec(home.filePath("broken.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(R"({"schema": "kernellens.kernel-spec/1", "name": "broken", "source": "x.cu"})");
        spec.close();
        const ProcessResult r =
            klens({"autotune", spec.fileName()}, "/nonexistent/libcuda.so.1", home.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(spec.fileName().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("field"), r.err.constData());
    }

    void autotuneOnThisMachine()
    {
        const kl::GpuStatus s = kl::gpuStatus();
        if (!s.available)
            QSKIP(("no GPU here: " + s.reason.english()).c_str());
        QTemporaryDir home;
        const ProcessResult r =
            klens({"autotune", "vector_add", "--size", "small", "--limit", "4", "--rep-ms", "10", "--json"},
                  {}, home.path());
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["schema"].toString(), QString("kernellens.autotune-run/1"));
        QVERIFY(!o["best"].toString().isEmpty());
        QVERIFY(o["copy_gbs"].toDouble() > 0);
        QVERIFY(QFileInfo::exists(o["results_path"].toString()));
    }

    // `override try --run SPEC`: the spec is checked against the entry on any machine (exit 2,
    // naming the spec and the kernel's parameters); a good one then needs a GPU (exit 3 without).
    void overrideTryRunChecksTheSpecThenNeedsAGpu()
    {
        const QString entry =
            QStringLiteral(KL_SOURCE_DIR) +
            "/tests/fixtures/triton-gpu/cache/A7II7PG4W6BL652IKCMCIPIFRVXKQBVVXHM3QC4GNO647JZXOQFA";
        QFile ptx(entry + "/add_kernel.ptx");
        if (!ptx.open(QIODevice::ReadOnly))
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("edit"));
        QFile edit(dir.path() + "/edit/add_kernel.ptx");
        QVERIFY(edit.open(QIODevice::WriteOnly));
        edit.write(ptx.readAll().replace("add.f32", "sub.f32"));
        edit.close();
        const QString spec = QStringLiteral(KL_SOURCE_DIR) + "/docs/examples/add_kernel.run.json";
        QFile good(spec);
        QVERIFY(good.open(QIODevice::ReadOnly));
        QByteArray threeArgs = good.readAll();
        threeArgs.replace(
            ",\n    {\"name\": \"n\", \"kind\": \"scalar\", \"type\": \"i32\", \"value\": \"N\"}", "");
        QFile bad(dir.path() + "/three.json");
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(threeArgs);
        bad.close();

        auto tryRun = [&](const QString& runSpec) {
            ProcessOptions options{.timeoutMs = 300000};
            options.set.insert("KERNELLENS_LIBCUDA", "/nonexistent/libcuda.so.1");
            options.set.insert("KERNELLENS_TRY_CACHE", "off");
            return runKlens({"override", "try", dir.path() + "/edit/add_kernel.ptx", "--entry", entry,
                             "--no-sass", "--run", runSpec, "--json"},
                            options);
        };
        ProcessResult r = tryRun(dir.path() + "/three.json");
        if (!r.json["ok"].toBool())
            QSKIP(qPrintable("the edit could not be assembled here: " + r.json["error"].toString()));
        QCOMPARE(r.exitCode, 2);
        const QJsonObject refused = r.json["gpu_run"].toObject();
        QCOMPARE(refused["ran"].toBool(), false);
        QCOMPARE(refused["reason"].toString(),
                 "not run: " + dir.path() +
                     "/three.json: 3 arguments, the kernel takes 4: `x_ptr` (!tt.ptr<f32>), `y_ptr` "
                     "(!tt.ptr<f32>), `out_ptr` (!tt.ptr<f32>), `n_elements` (i32)");

        r = tryRun(spec);
        QCOMPARE(r.exitCode, 3);
        const QJsonObject noGpu = r.json["gpu_run"].toObject();
        QCOMPARE(noGpu["ran"].toBool(), false);
        QVERIFY2(noGpu["reason"].toString().startsWith("not run: no CUDA driver (/nonexistent/libcuda.so.1"),
                 qPrintable(noGpu["reason"].toString()));
        // The comparison itself is there all the same.
        QCOMPARE(r.json["same_code"].toBool(), false);
    }
};

QTEST_GUILESS_MAIN(TstGpuCli)
#include "tst_gpucli.moc"
