// bench_gui_open: opens a cache folder in the real main window (offscreen) and measures what a
// user feels: when the first rows are visible, when the scan has ended, and the longest time the
// UI thread went without running its event loop (a 2 ms watchdog timer; a gap of G ms means the
// window could not repaint or react for G ms). `find ROOT -type f` over the same folder runs in
// the same process run for the ratio. The CPU time of the UI thread and of the whole process up
// to the scan's end say where a slow scan's time went.
//
// The wait runs a real QEventLoop, as QApplication::exec does: QCoreApplication::processEvents(flags,
// ms) drops WaitForMoreEvents and polls with a zero timeout, so calling it in a loop spins the UI
// thread on a core the scan's readers need (strace: 190,000 zero-timeout polls in one run; the
// window's scan measured 1.5-2x slower than the application itself is).
//
//   bench_gui_open ROOT [REPS]      prints one line per repetition and the medians.
#include "app/gui/mainwindow.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTableView>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>
#include <vector>

namespace {

struct Run {
    double firstRowsMs = -1, finishedMs = -1, maxGapMs = 0;
    double maxGapScanningMs = 0, maxGapAfterMs = 0; ///< the longest gap while rows stream in, and after
    double maxGapAtMs = 0;                          ///< when the longest gap ended
    double maxGapCpuMs = 0; ///< the UI thread's CPU time in the longest gap: its own work, or waiting
    long maxGapWaits = 0, maxGapPreempted = 0; ///< its voluntary / involuntary context switches then
    int rows = 0;
    int gapsOver50 = 0;                   ///< stalls a user would notice
    double uiCpuMs = 0, processCpuMs = 0; ///< CPU time from openFolders to the scan's end
};

double cpuMs(int who)
{
    rusage u{};
    ::getrusage(who, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

double threadCpuMs()
{
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

Run openOnce(const QString& root)
{
    Run run;
    kl::gui::MainWindow w;
    w.resize(1400, 900);
    w.show();
    QCoreApplication::processEvents();
    QElapsedTimer clock;
    QTimer watchdog;
    watchdog.setInterval(2);
    qint64 last = 0;
    double lastCpu = 0;
    rusage lastUsage{};
    double uiCpu0 = 0, processCpu0 = 0;
    QEventLoop loop;
    bool scanning = true;
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double gap = (now - last) / 1e6;
        const double cpu = threadCpuMs();
        rusage usage{};
        ::getrusage(RUSAGE_THREAD, &usage);
        if (gap > run.maxGapMs) {
            run.maxGapAtMs = now / 1e6;
            run.maxGapCpuMs = cpu - lastCpu;
            run.maxGapWaits = usage.ru_nvcsw - lastUsage.ru_nvcsw;
            run.maxGapPreempted = usage.ru_nivcsw - lastUsage.ru_nivcsw;
        }
        lastCpu = cpu;
        lastUsage = usage;
        run.maxGapMs = std::max(run.maxGapMs, gap);
        double& phaseMax = scanning && w.isScanning() ? run.maxGapScanningMs : run.maxGapAfterMs;
        phaseMax = std::max(phaseMax, gap);
        run.gapsOver50 += (now - last) > 50'000'000;
        last = now;
        if (scanning && !w.isScanning()) {
            scanning = false;
            run.finishedMs = now / 1e6;
            run.uiCpuMs = cpuMs(RUSAGE_THREAD) - uiCpu0;
            run.processCpuMs = cpuMs(RUSAGE_SELF) - processCpu0;
            // What follows the scan (model reset, sorting, column sizing) counts too.
            QTimer::singleShot(500, &loop, &QEventLoop::quit);
        }
    });
    QAbstractItemModel* model = w.findChild<QTableView*>("entryTable")->model();
    auto firstRows = [&] {
        if (run.firstRowsMs < 0 && model->rowCount() > 0)
            run.firstRowsMs = clock.nsecsElapsed() / 1e6;
    };
    QObject::connect(model, &QAbstractItemModel::rowsInserted, firstRows);
    QObject::connect(model, &QAbstractItemModel::modelReset, firstRows);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, firstRows);
    uiCpu0 = cpuMs(RUSAGE_THREAD);
    processCpu0 = cpuMs(RUSAGE_SELF);
    clock.start();
    lastCpu = threadCpuMs();
    ::getrusage(RUSAGE_THREAD, &lastUsage);
    watchdog.start();
    w.openFolders({root});
    loop.exec();
    watchdog.stop();
    run.rows = model->rowCount();
    return run;
}

double findMs(const QString& root)
{
    QElapsedTimer t;
    t.start();
    QProcess find;
    find.setStandardOutputFile(QProcess::nullDevice());
    find.start(QStringLiteral("find"), {root, QStringLiteral("-type"), QStringLiteral("f")});
    find.waitForFinished(-1);
    return t.nsecsElapsed() / 1e6;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("KERNELLENS_WATCH", "off"); // the watcher's own setup is not what is measured
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui_open ROOT [REPS]\n");
        return 2;
    }
    const QString root = QString::fromLocal8Bit(argv[1]);
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    std::vector<double> first, finished, gap, find, uiCpu, cpu;
    std::printf("%-4s %12s %12s %12s %12s %12s %10s %14s %16s %8s %10s %12s %12s %12s\n", "rep", "first rows",
                "scan ended", "max UI gap", "  streaming", "  after", "  at", "  UI CPU in it",
                "waits/preempted", "> 50 ms", "rows", "find -type f", "UI CPU", "process CPU");
    for (int i = 0; i < reps; ++i) {
        const Run r = openOnce(root);
        const double f = findMs(root);
        std::printf("%-4d %9.0f ms %9.0f ms %9.1f ms %9.1f ms %9.1f ms %7.0f ms %11.1f ms %7ld / %6ld %8d "
                    "%10d %9.0f ms %9.0f ms "
                    "%9.0f ms\n",
                    i + 1, r.firstRowsMs, r.finishedMs, r.maxGapMs, r.maxGapScanningMs, r.maxGapAfterMs,
                    r.maxGapAtMs, r.maxGapCpuMs, r.maxGapWaits, r.maxGapPreempted, r.gapsOver50, r.rows, f,
                    r.uiCpuMs, r.processCpuMs);
        std::fflush(stdout);
        first.push_back(r.firstRowsMs);
        finished.push_back(r.finishedMs);
        gap.push_back(r.maxGapMs);
        find.push_back(f);
        uiCpu.push_back(r.uiCpuMs);
        cpu.push_back(r.processCpuMs);
    }
    const double mFirst = median(first), mFinished = median(finished), mGap = median(gap),
                 mFind = median(find);
    std::printf(
        "median: first rows %.0f ms (target < 300), scan ended %.0f ms, max UI gap %.1f ms "
        "(target < 50, worst %.1f), find -type f %.0f ms, scan/find ratio %.2f; CPU until the scan ended: "
        "UI thread %.0f ms, process %.0f ms\n",
        mFirst, mFinished, mGap, *std::max_element(gap.begin(), gap.end()), mFind, mFinished / mFind,
        median(uiCpu), median(cpu));
    return 0;
}
