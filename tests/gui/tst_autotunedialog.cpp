// The GUI's autotune action and dialog, offscreen: disabled with the reason where there is no
// driver; the dialog's worker, progress, table and cancel driven through the CPU stand-in
// backend (real NVRTC compiles and reference checks).

#include "app/gui/dialogs/autotunedialog.h"
#include "app/gui/mainwindow.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "gpu/kernels/kernellibrary.h"
#include "tests/gpu/cpubackend.h"

#include <QAction>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TstAutotuneDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static QString vectorAdd() { return QString::fromStdString(kl::kernelLibraryDir() + "/vector_add.json"); }

private slots:
    void initTestCase()
    {
        // Before anything loads the driver: this process must see none, GPU machine or not.
        qputenv("KERNELLENS_LIBCUDA", "/nonexistent/libcuda.so.1");
    }

    void theActionIsDisabledWithTheReasonWithoutAGpu()
    {
        kl::gui::MainWindow w;
        QAction* a = w.findChild<QAction*>("autotuneAction");
        QVERIFY(a);
        QTRY_VERIFY_WITH_TIMEOUT(a->toolTip().contains("no CUDA driver"), 10000);
        QVERIFY(!a->isEnabled());
        QVERIFY(a->toolTip().contains("/nonexistent/libcuda.so.1"));
        QVERIFY(a->text().contains("no GPU"));
    }

    void theDialogRunsShowsTheTableAndTheBest()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        kl::gui::AutotuneDialog d(
            [] { return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(std::make_unique<CpuBackend>()); },
            m_dir.filePath("cache"), m_dir.filePath("events.jsonl"));
        QSignalSpy done(&d, &kl::gui::AutotuneDialog::finished);
        d.start(vectorAdd(), "small", 4);
        QVERIFY(d.isRunning());
        QVERIFY(done.wait(60000));
        QCOMPARE(d.table()->rowCount(), 4);
        int best = 0;
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(d.table()->item(r, 1)->text(), QString("ok"));
            best += d.table()->item(r, 0)->text().endsWith("(best)");
        }
        QCOMPARE(best, 1);
        QVERIFY2(d.summaryText().startsWith("Best: BLOCK_SIZE=128"), qPrintable(d.summaryText()));
        QVERIFY(d.summaryText().contains("vector_add.autotune.json"));
    }

    void cancellingStopsTheRun()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        kl::gui::AutotuneDialog d(
            [] { return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(std::make_unique<CpuBackend>()); },
            m_dir.filePath("cache2"), QString());
        QSignalSpy done(&d, &kl::gui::AutotuneDialog::finished);
        d.start(vectorAdd(), "small");
        d.cancel();
        QVERIFY(done.wait(60000));
        QVERIFY2(d.summaryText().contains("cancelled"), qPrintable(d.summaryText()));
        QVERIFY(d.table()->rowCount() > 0);
        QVERIFY(d.table()->item(d.table()->rowCount() - 1, 1)->text().startsWith("not-run"));
    }

    void noBackendShowsTheReason()
    {
        kl::gui::AutotuneDialog d(
            [] {
                return kl::Result<std::unique_ptr<kl::AutotuneBackend>>(
                    kl::fail(kl::Text::verbatim("no CUDA driver (test)")));
            },
            m_dir.filePath("cache3"), QString());
        QSignalSpy done(&d, &kl::gui::AutotuneDialog::finished);
        d.start(vectorAdd(), "small");
        QVERIFY(done.wait(20000));
        QCOMPARE(d.summaryText(), QString("Cannot autotune: no CUDA driver (test)"));
    }
};

QTEST_MAIN(TstAutotuneDialog)
#include "tst_autotunedialog.moc"
