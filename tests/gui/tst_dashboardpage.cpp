// The dashboard offscreen: charts that really draw, the exports, live logs (appended lines,
// corrupt and partial ones, missing and unreadable logs), the time-range selection, and the
// demo's bundled events history.
#include "app/gui/dashboard/dashboardmodels.h"
#include "app/gui/dashboard/dashboardpage.h"
#include "app/gui/dashboard/rangechartview.h"
#include "app/gui/demo/democache.h"
#include "core/events/eventline.h"
#include "core/events/eventlogreader.h"

#include <QChart>
#include <QLineSeries>
#include <QScrollArea>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

using kl::gui::DashboardPage;
using Panel = kl::gui::DashboardPage::Panel;

namespace {

constexpr std::int64_t kT0 = 1772409600LL * 1000000000LL; // 2026-03-02 00:00:00 UTC

kl::CompileEvent event(int i)
{
    kl::CompileEvent e;
    e.timeNs = kT0 + static_cast<std::int64_t>(i) * 90LL * 1000000000LL; // one every 90 s
    e.origin = i % 3 == 0 ? "nvrtc" : "triton";
    e.kernel = i % 2 ? "add_kernel" : "matmul_kernel";
    e.key = "k" + std::to_string(i % 7);
    e.cacheHit = i % 4 != 0 && i > 10;
    e.arch = i % 5 ? "sm_90" : "sm_80";
    if (e.cacheHit)
        e.stagesUs = {{"lookup", 3000}};
    else
        e.stagesUs = {
            {"ir_initialization", 100000 + i * 1000}, {"ttir", 20000}, {"cubin", 300000 + i * 5000}};
    for (const auto& s : e.stagesUs)
        e.totalUs += s.second;
    e.bytes = 10000 + static_cast<std::uint64_t>(i) * 100;
    return e;
}

std::vector<kl::CompileEvent> events(int n)
{
    std::vector<kl::CompileEvent> out;
    for (int i = 0; i < n; ++i)
        out.push_back(event(i));
    return out;
}

void append(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray line(int i)
{
    return QByteArray::fromStdString(kl::formatEventLine(event(i)));
}

// Shown, laid out and painted offscreen, so that grab() draws the charts at their real size.
void showPage(DashboardPage& page)
{
    page.resize(1400, 1100);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
}

} // namespace

class TstDashboardPage : public QObject {
    Q_OBJECT

private slots:
    void hitRateChartDrawsTheData()
    {
        DashboardPage page;
        page.setEvents(events(200));
        showPage(page);
        QCOMPARE(page.eventCount(), 200);
        QVERIFY(page.timelineModel()->rowCount() >= 20);
        auto* view = qobject_cast<QChartView*>(page.panelView(Panel::HitRate));
        QVERIFY(view);
        QCOMPARE(view->chart()->series().size(), 2);
        const QImage image = view->grab().toImage();
        QVERIFY(!image.isNull());
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
        // Inside the plot area, lines and points cover a fair share of the pixels.
        const QRect plot = view->chart()->plotArea().toRect().intersected(image.rect());
        QVERIFY(plot.width() > 200 && plot.height() > 100);
        const QRgb background = image.pixel(plot.left() + 1, plot.top() + 1);
        int drawn = 0;
        for (int y = plot.top(); y <= plot.bottom(); ++y)
            for (int x = plot.left(); x <= plot.right(); ++x)
                drawn += image.pixel(x, y) != background;
        QVERIFY2(drawn > plot.width() * plot.height() / 100, qPrintable(QString::number(drawn)));

        // Every chart got series; an empty list says so instead.
        for (Panel p : {Panel::CacheSize, Panel::StageTimes, Panel::Distribution, Panel::Origins,
                        Panel::SizeByKernel, Panel::SizeByArch})
            QVERIFY(!qobject_cast<QChartView*>(page.panelView(p))->chart()->series().isEmpty());
        page.setEvents({});
        QVERIFY(view->chart()->series().isEmpty());
        QCOMPARE(view->chart()->title(), QString("No compile events"));
    }

    void hoverShowsATooltip()
    {
        DashboardPage page;
        page.setEvents(events(100));
        showPage(page);
        auto* view = qobject_cast<QChartView*>(page.panelView(Panel::HitRate));
        auto* rate = qobject_cast<QLineSeries*>(view->chart()->series().constLast());
        QVERIFY(rate && rate->count() > 0);
        emit rate->hovered(rate->at(0), true);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains("hits"), qPrintable(QToolTip::text()));
        emit rate->hovered(rate->at(0), false);
    }

    void exports()
    {
        DashboardPage page;
        page.setEvents(events(120));
        showPage(page);
        QTemporaryDir dir;
        QString error;
        const QString png = dir.filePath("hit-rate.png");
        QVERIFY2(page.exportPng(Panel::HitRate, png, &error), qPrintable(error));
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), page.panelView(Panel::HitRate)->size());

        const QString svg = dir.filePath("stages.svg");
        QVERIFY2(page.exportSvg(Panel::StageTimes, svg, &error), qPrintable(error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("<?xml"));
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("<path") || text.contains("<rect") || text.contains("<polyline"));
        QVERIFY(text.contains("add_kernel")); // axis labels are text, not pixels

        const QString csv = dir.filePath("origins.csv");
        QVERIFY2(page.exportCsv(Panel::Origins, csv, &error), qPrintable(error));
        QFile c(csv);
        QVERIFY(c.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = c.readAll().split('\n');
        QCOMPARE(lines[0], QByteArray("Origin,Events,Hits,Misses,Hit rate (%),Compiled bytes\r"));
        QVERIFY(lines[1].startsWith("nvrtc,40,"));
        QVERIFY(lines[2].startsWith("triton,80,"));

        QVERIFY(!page.exportCsv(Panel::Origins, "/nonexistent-folder/x.csv", &error));
        QVERIFY2(error.contains("/nonexistent-folder/x.csv"), qPrintable(error));
    }

    void followsALiveLog()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        append(log, line(0) + line(1) + line(2));
        DashboardPage page;
        QSignalSpy status(&page, &DashboardPage::statusChanged);
        page.setEventLogPaths({log});
        QCOMPARE(page.eventLogPaths(), QStringList{log});
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 3, 5000);
        append(log, line(3) + line(4));
        QElapsedTimer clock;
        clock.start();
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 5, 2000);
        QVERIFY(clock.elapsed() < 2000);
        QCOMPARE(page.timelineModel()->timeline().buckets.size(),
                 std::size_t(7)); // 6 minutes, 1-minute buckets
        QVERIFY(page.statusText().startsWith("5 events"));
        QVERIFY(!status.isEmpty());
        QCOMPARE(status.last().at(0).toString(), page.statusText());
    }

    void corruptAndPartialLinesAreCounted()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        // A rotated generation cut off by a full disk, then the live log with two corrupt lines.
        append(log + ".1", line(0) + line(1) + "{\"schema\":\"kernellens.event/1\",\"ti");
        append(log, line(2) + "this is not json\n" + line(3) + "{\"origin\":\"triton\"}\n");
        DashboardPage page;
        page.setEventLogPaths({log});
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 4, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(page.corruptLines(), 2, 5000);
        // The follower waits a moment for a writer still appending to the renamed generation.
        QTRY_COMPARE_WITH_TIMEOUT(page.partialLines(), 1, 6000);
        QVERIFY2(page.statusText().contains("2 corrupt lines skipped"), qPrintable(page.statusText()));
        QVERIFY2(page.statusText().contains("1 partial lines skipped"), qPrintable(page.statusText()));
        append(log, "{\"bad\n");
        QTRY_COMPARE_WITH_TIMEOUT(page.corruptLines(), 3, 2000);
    }

    void missingAndUnreadableLogs()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath("later/events.jsonl");
        DashboardPage page;
        page.setEventLogPaths({missing});
        QTRY_VERIFY(page.statusText().contains("no events log at " + missing));
        QCOMPARE(page.eventCount(), 0);
        // The log appears: it is read from then on.
        QVERIFY(QDir().mkpath(dir.filePath("later")));
        append(missing, line(0) + line(1));
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), 2, 3000);
        QTRY_VERIFY(!page.statusText().contains("no events log"));

        // A folder where the log should be: named, with the cause.
        const QString folder = dir.filePath("folder.jsonl");
        QVERIFY(QDir().mkpath(folder));
        page.setEventLogPaths({folder});
        QTRY_VERIFY2(page.statusText().contains(folder + ": not a regular file"),
                     qPrintable(page.statusText()));
        QTRY_COMPARE(page.eventCount(), 0); // the figures are recomputed on a worker
        QVERIFY(page.statusText().contains(folder + ": not a regular file"));
    }

    void timeRangeSelection()
    {
        DashboardPage page;
        page.setEvents(events(200)); // 2026-03-02 00:00 to 04:58 UTC
        showPage(page);
        QSignalSpy selected(&page, &DashboardPage::timeRangeSelected);
        QSignalSpy cleared(&page, &DashboardPage::timeRangeCleared);
        const QDateTime from = QDateTime::fromSecsSinceEpoch(1772409600 + 3600, Qt::UTC);
        const QDateTime to = from.addSecs(1800);
        page.selectTimeRange(to, from); // either order
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected[0][0].toDateTime(), from);
        QCOMPARE(selected[0][1].toDateTime(), to);
        QVERIFY(page.hasTimeRange());
        page.clearTimeRange();
        QCOMPARE(cleared.size(), 1);
        QVERIFY(!page.hasTimeRange());

        // Dragging across the plot selects what lies under the mouse.
        auto* view = qobject_cast<kl::gui::RangeChartView*>(page.panelView(Panel::HitRate));
        const QRectF plot = view->chart()->plotArea();
        const QPoint a(static_cast<int>(plot.left() + plot.width() * 0.25),
                       static_cast<int>(plot.center().y()));
        const QPoint b(static_cast<int>(plot.left() + plot.width() * 0.75), a.y());
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, a);
        QTest::mouseMove(view->viewport(), (a + b) / 2);
        QTest::mouseMove(view->viewport(), b);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, b);
        QCOMPARE(selected.size(), 2);
        const QDateTime dragFrom = selected[1][0].toDateTime(), dragTo = selected[1][1].toDateTime();
        const auto& buckets = page.timelineModel()->timeline().buckets;
        const qint64 first = buckets.front().startMs;
        const qint64 span = buckets.back().startMs + page.timelineModel()->timeline().bucketMs - first;
        // A quarter and three quarters of the axis, give or take a few pixels.
        QVERIFY(qAbs(dragFrom.toMSecsSinceEpoch() - (first + span / 4)) < span / 50);
        QVERIFY(qAbs(dragTo.toMSecsSinceEpoch() - (first + span * 3 / 4)) < span / 50);
        QVERIFY(page.hasTimeRange());
    }

    void demoEventsHistory()
    {
        QVERIFY(kl::gui::DemoCache::eventsSourceFile().endsWith("resources/demo/events/events.jsonl"));
        kl::gui::DemoCache demo;
        QString error;
        QVERIFY2(demo.materialize(&error), qPrintable(error));
        QVERIFY(QFileInfo(demo.eventsPath()).isFile());
        QVERIFY(demo.eventsPath().startsWith(QFileInfo(demo.path()).path()));
        const kl::EventLogContents log = kl::readEventLog(demo.eventsPath().toStdString());
        QVERIFY(log.error.empty());
        QCOMPARE(log.corruptLines, 0u);
        QCOMPARE(log.partialLines, 0u);
        QVERIFY(log.events.size() > 1000);
        std::int64_t lo = INT64_MAX, hi = INT64_MIN;
        QSet<QString> origins, archs;
        for (const kl::CompileEvent& e : log.events) {
            lo = std::min(lo, e.timeNs);
            hi = std::max(hi, e.timeNs);
            origins.insert(QString::fromStdString(e.origin));
            if (!e.arch.empty() || e.origin != "triton-remote") // a remote miss knows no arch yet
                archs.insert(QString::fromStdString(e.arch));
        }
        QVERIFY(hi - lo >= 5LL * 24 * 3600 * 1000000000LL);
        QCOMPARE(origins, (QSet<QString>{"nvrtc", "nvrtc-remote", "triton", "triton-remote"}));
        QCOMPARE(archs, (QSet<QString>{"sm_80", "sm_90"}));

        DashboardPage page;
        page.setEventLogPaths({demo.eventsPath()});
        QTRY_COMPARE_WITH_TIMEOUT(page.eventCount(), static_cast<int>(log.events.size()), 10000);
        QCOMPARE(page.corruptLines(), 0);
        const int buckets = page.timelineModel()->rowCount();
        QVERIFY2(buckets >= 20 && buckets <= 60, qPrintable(QString::number(buckets)));
        // KL_DASHBOARD_SNAPSHOT=page.png: the whole page as drawn, to look at.
        if (const QString snapshot = qEnvironmentVariable("KL_DASHBOARD_SNAPSHOT"); !snapshot.isEmpty()) {
            showPage(page);
            auto* scroll = page.findChild<QScrollArea*>();
            QVERIFY(scroll && scroll->widget()->grab().save(snapshot));
        }
        page.setEventLogPaths({}); // stops following before the temporary folder goes
    }
};

QTEST_MAIN(TstDashboardPage)
#include "tst_dashboardpage.moc"
