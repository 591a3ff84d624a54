// The autotune run that `klens autotune` and the GUI's autotune dialog share (autotunejob.h):
// without a GPU, through the CPU stand-in, a spec error, a missing backend and the compile events;
// on a GPU, the dialog's run (the job with makeCudaBackend, as AutotuneDialog::start builds it)
// against `klens autotune --json` on the same spec and cache.

#include "core/nvrtc/nvrtccompiler.h"
#include "cpubackend.h"
#include "gpu/autotunejob.h"
#include "gpu/cudabackend.h"
#include "gpu/gpustatus.h"
#include "gpu/kernels/kernellibrary.h"
#include "tests/support/klensprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

int lines(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : -1;
}

kl::BackendFactory cpu()
{
    return [] { return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(std::make_unique<CpuBackend>()); };
}

} // namespace

class TstAutotuneJob : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void compilesAreAppendedToTheEventsLog()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        kl::AutotuneJob job;
        job.specPath = kl::kernelLibraryDir() + "/vector_add.json";
        job.options.size = "small";
        job.options.limit = 3;
        job.options.cacheRoot = m_dir.filePath("cpu-cache").toStdString();
        job.eventsLog = m_dir.filePath("cpu-events.jsonl").toStdString();
        const kl::AutotuneJobResult r = kl::runAutotuneJob(job, cpu());
        QVERIFY(r.spec);
        QVERIFY2(r.report.error.empty(), r.report.error.english().c_str());
        QCOMPARE(r.report.configs.size(), std::size_t(3));
        QVERIFY(r.logErrors.empty());
        QCOMPARE(lines(QString::fromStdString(job.eventsLog)), 3);
        job.eventsLog.clear();
        kl::runAutotuneJob(job, cpu());
        QCOMPARE(lines(m_dir.filePath("cpu-events.jsonl")), 3); // no log named: nothing appended
    }

    void aBadSpecOrNoBackendRunsNothing()
    {
        kl::AutotuneJob job;
        job.specPath = m_dir.filePath("missing.json").toStdString();
        bool made = false;
        const kl::AutotuneJobResult bad = kl::runAutotuneJob(job, [&] {
            made = true;
            return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(std::make_unique<CpuBackend>());
        });
        QVERIFY(!bad.spec);
        QVERIFY2(bad.specError.english().find("missing.json") != std::string::npos,
                 bad.specError.english().c_str());
        QVERIFY(!made); // the spec is read before any device is touched
        job.specPath = kl::kernelLibraryDir() + "/vector_add.json";
        const kl::AutotuneJobResult none = kl::runAutotuneJob(job, [] {
            return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(
                kl::fail(kl::Text::verbatim("no GPU (test)")));
        });
        QVERIFY(none.spec);
        QCOMPARE(none.backendError.english(), std::string("no GPU (test)"));
        QVERIFY(none.report.configs.empty());
    }

    void theDialogsRunIsTheClis()
    {
        const kl::GpuStatus status = kl::gpuStatus();
        if (!status.available)
            QSKIP(("no GPU: " + status.reason.english()).c_str());
        const QString spec = QString::fromStdString(kl::kernelLibraryDir() + "/vector_add.json");
        kl::AutotuneJob job; // as AutotuneDialog::start builds it
        job.specPath = spec.toStdString();
        job.options.size = "default";
        job.options.limit = 6;
        job.options.cacheRoot = m_dir.filePath("gpu-cache").toStdString();
        job.eventsLog = m_dir.filePath("dialog.jsonl").toStdString();
        const kl::AutotuneJobResult dialog = kl::runAutotuneJob(job, [] { return kl::makeCudaBackend(0); });
        QVERIFY2(dialog.report.error.empty(), dialog.report.error.english().c_str());

        const ProcessResult run = runKlens({"autotune", spec, "--size", "default", "--limit", "6", "--cache",
                                            m_dir.filePath("gpu-cache"), "--log", m_dir.filePath("cli.jsonl"),
                                            "--no-save", "--no-copy", "--json"},
                                           {.timeoutMs = 300000});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        const QJsonObject cli = run.json;
        const QJsonArray configs = cli["configs"].toArray();
        QCOMPARE(std::size_t(configs.size()), dialog.report.configs.size());
        for (int i = 0; i < configs.size(); ++i) {
            const QJsonObject c = configs[i].toObject();
            const kl::ConfigOutcome& d = dialog.report.configs[std::size_t(i)];
            QCOMPARE(c["config"].toString().toStdString(), d.label);
            QCOMPARE(c["status"].toString().toStdString(), std::string(kl::configStatusName(d.status)));
            QCOMPARE(c["registers"].toInt(), d.kernel.registers);
            QVERIFY(c["compile_hit"].toBool()); // the dialog's run compiled them into the same cache
            const double a = c["timing_ms"]["median"].toDouble(), b = d.timing.median;
            QVERIFY2(std::abs(a - b) <= 0.1 * b,
                     qPrintable(QString("%1: %2 vs %3 ms").arg(c["config"].toString()).arg(a).arg(b)));
        }
        QCOMPARE(lines(m_dir.filePath("dialog.jsonl")), 6);
        QCOMPARE(lines(m_dir.filePath("cli.jsonl")), 6);
    }
};

QTEST_GUILESS_MAIN(TstAutotuneJob)
#include "tst_autotunejob.moc"
