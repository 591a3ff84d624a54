#include "dashboardcharts.h"

#include "app/gui/common/theme.h"
#include "dashboardmodels.h"
#include "diskfigures.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLineSeries>
#include <QLocale>
#include <QPieSeries>
#include <QPieSlice>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <limits>

namespace kl::gui {
namespace {

class Tr {
    Q_DECLARE_TR_FUNCTIONS(DashboardCharts)
};

void reset(QChart* chart, bool legend)
{
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(QString());
    chart->legend()->setVisible(legend);
    chart->legend()->setAlignment(Qt::AlignBottom);
}

// An empty chart says why it is empty instead of showing bare axes.
bool empty(QChart* chart, bool isEmpty)
{
    if (isEmpty)
        chart->setTitle(Tr::tr("No compile events"));
    return isEmpty;
}

void tip(bool show, const QString& text)
{
    if (show)
        QToolTip::showText(QCursor::pos(), text);
    else
        QToolTip::hideText();
}

// Category labels short enough for a card: a long kernel name ("_fused_attention_fwd_kernel")
// is shortened in the middle, as its start and end tell kernels apart best; the tooltip has the
// whole name. Categories must stay unique, so a name whose short form collides is kept whole.
QStringList shortNames(const QStringList& names, qsizetype maxChars = 24)
{
    QStringList out;
    for (const QString& n : names) {
        QString s = n;
        if (n.size() > maxChars) {
            const qsizetype head = (maxChars - 1) / 2, tail = maxChars - 1 - head;
            s = n.left(head) + QChar(0x2026) + n.right(tail);
        }
        out << s;
    }
    for (qsizetype i = 0; i < out.size(); ++i)
        if (out.count(out[i]) > 1)
            for (qsizetype j = 0; j < out.size(); ++j)
                if (out[j] == out[i] && out[j] != names[j])
                    out[j] = names[j];
    return out;
}

QString ms(double us)
{
    return Tr::tr("%1 ms").arg(QLocale().toString(us / 1000.0, 'f', 1));
}

QDateTimeAxis* timeAxis(QChart* chart, const Timeline& t)
{
    auto* axis = new QDateTimeAxis;
    // Ticks a day or more apart need no time of day (a half-width card has no room for it).
    const qint64 span = t.buckets.back().startMs + t.bucketMs - t.buckets.front().startMs;
    axis->setFormat(span < 2 * 24 * 3600 * 1000ll ? QStringLiteral("MMM d hh:mm") : QStringLiteral("MMM d"));
    axis->setTickCount(7);
    axis->setRange(QDateTime::fromMSecsSinceEpoch(t.buckets.front().startMs),
                   QDateTime::fromMSecsSinceEpoch(t.buckets.back().startMs + t.bucketMs));
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

QValueAxis* valueAxis(QChart* chart, Qt::Alignment where, const QString& title, double max)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, max > 0 ? max : 1);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(axis, where);
    return axis;
}

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

// The bucket under a hovered point of a time series.
const TimelineBucket* bucketAt(const Timeline& t, qreal x)
{
    if (t.buckets.empty())
        return nullptr;
    const auto i = static_cast<qint64>((x - static_cast<qreal>(t.buckets.front().startMs)) /
                                       static_cast<qreal>(t.bucketMs));
    return &t.buckets[static_cast<std::size_t>(
        std::clamp<qint64>(i, 0, static_cast<qint64>(t.buckets.size()) - 1))];
}

QString bucketText(const Timeline& t, const TimelineBucket& b)
{
    const QLocale l;
    const QString from = l.toString(QDateTime::fromMSecsSinceEpoch(b.startMs), QLocale::ShortFormat);
    const QString to =
        l.toString(QDateTime::fromMSecsSinceEpoch(b.startMs + t.bucketMs), QLocale::ShortFormat);
    const int events = b.hits + b.misses;
    QString rate = events ? Tr::tr("hit rate %1 %").arg(l.toString(100.0 * b.hits / events, 'f', 1))
                          : Tr::tr("no events");
    return Tr::tr("%1 – %2\n%3 · %4 hits · %5 misses\ncompiled %6 · cache %7")
        .arg(from, to, rate)
        .arg(b.hits)
        .arg(b.misses)
        .arg(humanBytes(b.bytes), humanBytes(b.cumulativeBytes));
}

// Both in MiB, or both in KiB when the numbers are small.
std::pair<double, QString> byteUnit(std::uint64_t max)
{
    if (max >= 1024 * 1024)
        return {1024.0 * 1024.0, Tr::tr("MiB")};
    return {1024.0, Tr::tr("KiB")};
}

} // namespace

void fillHitRateChart(QChart* chart, const TimelineModel& model)
{
    reset(chart, true);
    const Timeline& t = model.timeline();
    if (empty(chart, t.buckets.empty()))
        return;
    auto* rate = new QLineSeries;
    rate->setName(Tr::tr("Hit rate (%)"));
    rate->setPointsVisible(true);
    auto* events = new QLineSeries;
    events->setName(Tr::tr("Events"));
    int most = 0;
    for (const TimelineBucket& b : t.buckets) {
        const qreal mid = static_cast<qreal>(b.startMs + t.bucketMs / 2);
        const int n = b.hits + b.misses;
        most = std::max(most, n);
        events->append(mid, n);
        if (n > 0)
            rate->append(mid, 100.0 * b.hits / n);
    }
    QDateTimeAxis* x = timeAxis(chart, t);
    QValueAxis* percent = valueAxis(chart, Qt::AlignLeft, Tr::tr("Hit rate (%)"), 100);
    percent->setRange(0, 100);
    QValueAxis* count = valueAxis(chart, Qt::AlignRight, Tr::tr("Events"), most);
    attach(chart, events, x, count);
    attach(chart, rate, x, percent);
    QPen pen = events->pen();
    pen.setColor(theme::secondarySeries());
    events->setPen(pen);
    const Timeline copy = t; // the model may change before the next hover
    for (QLineSeries* s : {rate, events})
        QObject::connect(s, &QXYSeries::hovered, chart, [copy](const QPointF& p, bool on) {
            if (const TimelineBucket* b = bucketAt(copy, p.x()))
                tip(on, bucketText(copy, *b));
        });
}

void fillCacheSizeChart(QChart* chart, const TimelineModel& model, const DiskTimelineModel* disk)
{
    reset(chart, true);
    const Timeline& t = model.timeline();
    const std::vector<DiskPoint> none;
    const std::vector<DiskPoint>& points = disk ? disk->points() : none;
    if (empty(chart, t.buckets.empty() && points.empty()))
        return;
    // One time axis and one byte unit for both: what the events say was compiled, and what the
    // entries on disk add up to by the time each was written.
    std::int64_t first = std::numeric_limits<std::int64_t>::max(),
                 last = std::numeric_limits<std::int64_t>::min();
    std::uint64_t most = 0;
    if (!t.buckets.empty()) {
        first = t.buckets.front().startMs;
        last = t.buckets.back().startMs + t.bucketMs;
        most = t.buckets.back().cumulativeBytes;
    }
    if (!points.empty()) {
        first = std::min(first, points.front().ms);
        last = std::max(last, points.back().ms);
        most = std::max(most, points.back().cumulativeBytes);
    }
    if (last <= first)
        last = first + 60'000;
    (void)most;
    auto* x = new QDateTimeAxis;
    x->setFormat(last - first < 2 * 24 * 3600 * 1000ll ? QStringLiteral("MMM d hh:mm")
                                                       : QStringLiteral("MMM d"));
    x->setTickCount(7);
    x->setRange(QDateTime::fromMSecsSinceEpoch(first), QDateTime::fromMSecsSinceEpoch(last));
    chart->addAxis(x, Qt::AlignBottom);
    // Each series on its own axis: a small cache on disk must not vanish under a large compiled
    // total (or the reverse).
    if (!t.buckets.empty()) {
        const auto [scale, unit] = byteUnit(t.buckets.back().cumulativeBytes);
        QValueAxis* y = valueAxis(chart, Qt::AlignLeft, Tr::tr("Compiled (%1)").arg(unit),
                                  static_cast<double>(t.buckets.back().cumulativeBytes) / scale);
        auto* size = new QLineSeries;
        size->setName(Tr::tr("Compiled (events)"));
        size->append(static_cast<qreal>(t.buckets.front().startMs), 0);
        for (const TimelineBucket& b : t.buckets)
            size->append(static_cast<qreal>(b.startMs + t.bucketMs),
                         static_cast<double>(b.cumulativeBytes) / scale);
        attach(chart, size, x, y);
        const Timeline copy = t;
        QObject::connect(size, &QXYSeries::hovered, chart, [copy](const QPointF& p, bool on) {
            // A point sits at its bucket's end.
            if (const TimelineBucket* b = bucketAt(copy, p.x() - static_cast<qreal>(copy.bucketMs) / 2))
                tip(on, bucketText(copy, *b));
        });
    }
    if (!points.empty()) {
        const auto [scale, unit] = byteUnit(points.back().cumulativeBytes);
        QValueAxis* y = valueAxis(chart, t.buckets.empty() ? Qt::AlignLeft : Qt::AlignRight,
                                  Tr::tr("On disk (%1)").arg(unit),
                                  static_cast<double>(points.back().cumulativeBytes) / scale);
        auto* onDisk = new QLineSeries;
        onDisk->setName(Tr::tr("On disk (entries by time written)"));
        for (const DiskPoint& p : points)
            onDisk->append(static_cast<qreal>(p.ms), static_cast<double>(p.cumulativeBytes) / scale);
        attach(chart, onDisk, x, y);
        QObject::connect(onDisk, &QXYSeries::hovered, chart, [points](const QPointF& at, bool on) {
            auto it = std::lower_bound(points.begin(), points.end(), static_cast<std::int64_t>(at.x()),
                                       [](const DiskPoint& d, std::int64_t ms) { return d.ms < ms; });
            if (it == points.end())
                it = std::prev(points.end());
            tip(on, Tr::tr("%1: %2 entries, %3 on disk")
                        .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(it->ms), QLocale::ShortFormat))
                        .arg(it->entries)
                        .arg(humanBytes(it->cumulativeBytes)));
        });
    }
}

void fillStageChart(QChart* chart, const StageBreakdownModel& model)
{
    reset(chart, true);
    chart->legend()->setAlignment(Qt::AlignRight); // up to 11 stage names: a column, not a row
    const StageBreakdown& d = model.breakdown();
    if (empty(chart, d.rows.empty()))
        return;
    auto* series = new QHorizontalStackedBarSeries;
    QStringList names, archs;
    // Bars are drawn bottom-up: the slowest goes last so that it is on top.
    for (auto r = d.rows.rbegin(); r != d.rows.rend(); ++r) {
        names << QString::fromStdString(r->kernel);
        archs << QString::fromStdString(r->arch);
    }
    QStringList kernels;
    const QStringList shortKernels = shortNames(names);
    for (qsizetype i = 0; i < names.size(); ++i)
        kernels << QStringLiteral("%1 (%2)").arg(shortKernels[i], archs[i]);
    double longest = 0;
    for (std::size_t s = 0; s < d.stages.size(); ++s) {
        auto* set = new QBarSet(QString::fromStdString(d.stages[s]));
        for (auto r = d.rows.rbegin(); r != d.rows.rend(); ++r)
            *set << static_cast<double>(r->stageUs[s]) / 1000.0;
        series->append(set);
        QObject::connect(set, &QBarSet::hovered, chart, [set, d](bool on, int i) {
            const auto& row = d.rows[d.rows.size() - 1 - static_cast<std::size_t>(i)];
            tip(on, Tr::tr("%1 (%2, %3)\n%4: %5 of %6")
                        .arg(QString::fromStdString(row.kernel), QString::fromStdString(row.origin),
                             QString::fromStdString(row.arch), set->label(), ms(set->at(i) * 1000.0),
                             ms(static_cast<double>(row.totalUs))));
        });
    }
    for (const auto& r : d.rows)
        longest = std::max(longest, static_cast<double>(r.totalUs) / 1000.0);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(kernels);
    y->setTruncateLabels(false);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    series->attachAxis(valueAxis(chart, Qt::AlignBottom, Tr::tr("Slowest compile (ms)"), longest));
}

void fillHistogramChart(QChart* chart, const CompileHistogramModel& model)
{
    reset(chart, false);
    const auto& bins = model.bins();
    if (empty(chart, bins.empty()))
        return;
    auto* set = new QBarSet(Tr::tr("Compiles"));
    QStringList labels;
    int most = 0;
    for (const HistogramBin& b : bins) {
        *set << b.compiles;
        labels << CompileHistogramModel::rangeLabel(b);
        most = std::max(most, b.compiles);
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.9);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(labels);
    x->setLabelsAngle(-45);
    x->setTruncateLabels(false);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(valueAxis(chart, Qt::AlignLeft, Tr::tr("Compiles"), most));
    QObject::connect(set, &QBarSet::hovered, chart, [labels, set](bool on, int i) {
        tip(on, Tr::tr("%1: %2 compiles").arg(labels.value(i)).arg(set->at(i)));
    });
}

void fillOriginChart(QChart* chart, const OriginModel& model)
{
    reset(chart, true);
    const auto& origins = model.origins();
    if (empty(chart, origins.empty()))
        return;
    auto* hits = new QBarSet(Tr::tr("Hits"));
    auto* misses = new QBarSet(Tr::tr("Misses"));
    QStringList names;
    std::size_t most = 0;
    for (const OriginStats& o : origins) {
        names << QString::fromStdString(o.origin);
        *hits << static_cast<double>(o.hits);
        *misses << static_cast<double>(o.misses);
        most = std::max(most, o.events);
    }
    auto* series = new QStackedBarSeries;
    series->append(hits);
    series->append(misses);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(names);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(valueAxis(chart, Qt::AlignLeft, Tr::tr("Events"), static_cast<double>(most)));
    for (QBarSet* set : {hits, misses})
        QObject::connect(set, &QBarSet::hovered, chart, [origins, names](bool on, int i) {
            const OriginStats& o = origins[static_cast<std::size_t>(i)];
            tip(on, Tr::tr("%1: %2 events · %3 hits · %4 misses (hit rate %5 %)")
                        .arg(names.value(i))
                        .arg(o.events)
                        .arg(o.hits)
                        .arg(o.misses)
                        .arg(QLocale().toString(o.hitRate.value_or(0) * 100.0, 'f', 1)));
        });
}

void fillSizeByKernelChart(QChart* chart, const SizeShareModel& model, int limit)
{
    reset(chart, false);
    const int rows = std::min(limit, model.rowCount());
    if (empty(chart, rows == 0))
        return;
    const auto [scale, unit] = byteUnit(model.shares().front().bytes);
    auto* set = new QBarSet(Tr::tr("Compiled"));
    QStringList names;
    for (int r = rows - 1; r >= 0; --r) { // bottom-up: the largest on top
        names << model.shownName(r);
        *set << static_cast<double>(model.shares()[static_cast<std::size_t>(r)].bytes) / scale;
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(shortNames(names));
    y->setTruncateLabels(false);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    series->attachAxis(valueAxis(chart, Qt::AlignBottom, Tr::tr("Compiled (%1)").arg(unit),
                                 static_cast<double>(model.shares().front().bytes) / scale));
    std::vector<SizeShare> shares(model.shares().begin(), model.shares().begin() + rows);
    QObject::connect(set, &QBarSet::hovered, chart, [shares, names, rows](bool on, int i) {
        const SizeShare& s = shares[static_cast<std::size_t>(rows - 1 - i)];
        tip(on, Tr::tr("%1: %2 in %3 compiles").arg(names.value(i), humanBytes(s.bytes)).arg(s.compiles));
    });
}

void fillSizeByArchChart(QChart* chart, const SizeShareModel& model)
{
    reset(chart, true);
    chart->legend()->setAlignment(Qt::AlignRight);
    if (empty(chart, model.rowCount() == 0))
        return;
    auto* series = new QPieSeries;
    for (int r = 0; r < model.rowCount(); ++r) {
        const SizeShare& s = model.shares()[static_cast<std::size_t>(r)];
        QPieSlice* slice = series->append(model.shownName(r), static_cast<double>(s.bytes));
        const QString text =
            Tr::tr("%1: %2 in %3 compiles").arg(model.shownName(r), humanBytes(s.bytes)).arg(s.compiles);
        QObject::connect(slice, &QPieSlice::hovered, chart, [slice, text](bool on) {
            slice->setExploded(on);
            tip(on, text);
        });
    }
    series->setPieSize(0.8);
    chart->addSeries(series);
}

} // namespace kl::gui
