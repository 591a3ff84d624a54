// bench_gui_sass: the entry pane's SASS tab opening an entry's cubin (offscreen), as a user clicks
// it: the longest time the UI thread went without running its event loop (a 2 ms watchdog timer)
// until the tab is filled, and how long that took. Each repetition builds a fresh StageTabs; the
// first one runs nvdisasm (unless the SASS cache already holds the cubin), the others reopen from
// KernelLens's SASS cache.
//
//   bench_gui_sass ENTRY_FOLDER [REPS]     prints one line per repetition and the medians.
#include "app/gui/stages/codeview.h"
#include "app/gui/stages/stagetabs.h"
#include "core/scan/cachescanner.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPlainTextEdit>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui_sass ENTRY_FOLDER [REPS]\n");
        return 2;
    }
    const QString folder = QString::fromLocal8Bit(argv[1]);
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    bool vanished = false;
    const kl::Entry entry = kl::CacheScanner().scanOne(folder.section('/', 0, -2).toStdString(),
                                                       folder.section('/', -1).toStdString(), vanished);
    std::vector<double> gaps, loads;
    std::printf("rep   filled in   longest UI gap   lines\n");
    for (int rep = 0; rep < reps; ++rep) {
        auto* details = new QPlainTextEdit;
        kl::gui::StageTabs tabs(details);
        tabs.resize(1200, 800);
        tabs.show();
        tabs.setEntry(entry);
        const int sass = tabs.tabOf(QStringLiteral("sass"));
        if (sass < 0) {
            std::fprintf(stderr, "%s: no SASS tab (no cubin?)\n", argv[1]);
            return 1;
        }
        QEventLoop loop;
        QObject::connect(&tabs, &kl::gui::StageTabs::stageLoaded, &loop, [&](const QString& s) {
            if (s == QLatin1String("sass"))
                loop.quit();
        });
        QElapsedTimer since, total;
        double worst = 0;
        QTimer tick;
        tick.setInterval(2);
        QObject::connect(&tick, &QTimer::timeout,
                         [&] { worst = std::max(worst, since.nsecsElapsed() / 1e6), since.restart(); });
        total.start();
        since.start();
        tick.start();
        tabs.setCurrentIndex(sass); // the click
        QTimer::singleShot(300000, &loop, &QEventLoop::quit);
        loop.exec();
        worst = std::max(worst, since.nsecsElapsed() / 1e6);
        const double filled = total.nsecsElapsed() / 1e6;
        tick.stop();
        const kl::gui::CodeView* view = tabs.codeView(QStringLiteral("sass"));
        std::printf("%3d %9.1f ms %13.1f ms %7d\n", rep + 1, filled, worst, view ? view->blockCount() : -1);
        if (rep > 0) { // the first may run nvdisasm
            gaps.push_back(worst);
            loads.push_back(filled);
        }
    }
    auto median = [](std::vector<double> v) {
        if (v.empty())
            return 0.0;
        std::sort(v.begin(), v.end());
        return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    };
    std::printf("reopened (reps 2-%d), median: filled in %.1f ms, longest UI gap %.1f ms (target < 50 ms)\n",
                reps, median(loads), median(gaps));
    return 0;
}
