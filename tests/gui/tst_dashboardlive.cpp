// The dashboard follows the events log while real writers append to it: `klens compile` (NVRTC,
// a miss then a hit) and a real Triton compile with KernelLens's listener. Each new event shows
// within a second or two of being written.

#include "app/gui/dashboard/dashboardpage.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "tests/support/klensprocess.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TstDashboardLive : public QObject {
    Q_OBJECT

private slots:
    void klensCompileEventsShowUp()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        QTemporaryDir dir;
        const QString log = dir.filePath("state/events.jsonl");
        kl::gui::DashboardPage page;
        page.setEventLogPaths({log}); // does not exist yet: waited for
        QCOMPARE(page.eventCount(), 0);
        const QStringList args{"compile",
                               "--cache",
                               dir.filePath("cache"),
                               "--log",
                               log,
                               "--arch",
                               "sm_80",
                               QStringLiteral(KL_SOURCE_DIR "/resources/kernels/vector_add.cu")};
        QCOMPARE(runKlens(args).exitCode, 0);
        QElapsedTimer shown;
        shown.start();
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 1, 3000);
        QVERIFY(shown.elapsed() < 3000);
        QCOMPARE(runKlens(args).exitCode, 0); // the same again: a cache hit
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 2, 3000);
        QVERIFY2(page.statusText().startsWith("2 events"), qPrintable(page.statusText()));
        // The hit rate chart's model has the two events: one miss, one hit.
        const QAbstractItemModel* m = page.panelModel(kl::gui::DashboardPage::Panel::HitRate);
        QVERIFY(m->rowCount() >= 1);
    }

    void aRealTritonRunShowsUp()
    {
        const QString python = QStringLiteral(KL_SOURCE_DIR "/.venv-triton/bin/python");
        if (!QFileInfo(python).isExecutable())
            QSKIP(qPrintable("no Triton venv at " + python + " (run scripts/triton-venv.sh)"));
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        kl::gui::DashboardPage page;
        page.setEventLogPaths({log});
        const QMap<QString, QString> env{{"TRITON_CACHE_DIR", dir.filePath("cache")},
                                         {"TRITON_HOME", dir.filePath("home")},
                                         {"KERNELLENS_EVENTS_LOG", log}};
        const ProcessResult py =
            runProcess(python,
                       {QStringLiteral(KL_SOURCE_DIR "/tests/events/compile_twice.py"),
                        QStringLiteral(KL_SOURCE_DIR "/resources/python"), "listener-first"},
                       {.set = env, .timeoutMs = 180000});
        if (py.exitCode != 0 && py.err.contains("No module named 'triton'"))
            QSKIP(qPrintable(python + " cannot import triton (run scripts/triton-venv.sh)"));
        QVERIFY2(py.exitCode == 0, py.err.constData());
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 1, 3000);
        // Its stages are Triton's: the stage chart has a series per stage it reported.
        const QAbstractItemModel* stages = page.panelModel(kl::gui::DashboardPage::Panel::StageTimes);
        QStringList headers;
        for (int c = 0; c < stages->columnCount(); ++c)
            headers << stages->headerData(c, Qt::Horizontal).toString();
        QVERIFY2(headers.join(',').contains("ttgir"), qPrintable(headers.join(',')));
    }
};

QTEST_MAIN(TstDashboardLive)
#include "tst_dashboardlive.moc"
