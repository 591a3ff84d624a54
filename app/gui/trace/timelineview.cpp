#include "timelineview.h"

#include "app/gui/common/theme.h"
#include "tracetext.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace kl::gui {
namespace {

// The horizontal scroll bar counts in these units over the whole span (its range is an int).
constexpr int ScrollUnits = 1'000'000;
constexpr int MergedShades = 8;
// Events narrower than this are merged into their pixel column.
constexpr double MinEventPx = 2.0;
// Colour slots of merged columns: the four kernel classes, then the overlap lane's two parts.
constexpr int ColourSlots = 6;

std::size_t colourSlot(const TimelineLane& lane, std::size_t i)
{
    return lane.kind == LaneKind::CommOverlap ? 4 + (lane.cls[i] & 1) : lane.cls[i] & 3;
}

QString laneLabel(const TimelineLane& lane)
{
    return lane.kind == LaneKind::CommOverlap ? TraceText::overlapLane(lane.rank, lane.device)
                                              : TraceText::lane(lane.rank, lane.device, lane.stream);
}

// A tick label precise enough to tell neighbouring ticks apart: the unit by the time's size,
// the decimals by the step's.
QString tickLabel(double t, double step)
{
    static constexpr struct {
        double ns;
        const char* unit;
    } units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
    const double magnitude = std::max(std::abs(t), step);
    for (const auto& u : units) {
        if (magnitude >= u.ns || u.ns == 1) {
            const int decimals = std::clamp(int(std::ceil(std::log10(u.ns / step) - 1e-9)), 0, 9);
            return QStringLiteral("%1 %2").arg(QLocale().toString(t / u.ns, 'f', decimals),
                                               QString::fromUtf8(u.unit));
        }
    }
    return {};
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("timeline"));
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAutoFillBackground(false);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (m_syncing || !m_data || m_data->spanNs <= 0)
            return;
        m_fitted = false;
        m_startNs = double(value) / ScrollUnits * double(m_data->spanNs);
        clampView();
        viewport()->update();
        emit visibleRangeChanged(m_startNs, visibleEndNs());
    });
    connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
    updateMetrics();
    buildColours();
}

void TimelineView::setData(std::shared_ptr<const TimelineData> data)
{
    m_data = std::move(data);
    m_highlight = -1;
    m_highlightEvents.clear();
    updateMetrics();
    buildColours();
    fitAll();
}

void TimelineView::updateMetrics()
{
    const QFontMetrics fm(font());
    m_laneHeight = fm.height() + 12;
    m_rulerHeight = fm.height() + 8;
    int widest = fm.horizontalAdvance(TraceText::lane(99, 9, 99));
    if (m_data)
        for (const TimelineLane& l : m_data->lanes)
            widest = std::max(widest, fm.horizontalAdvance(laneLabel(l)));
    m_labelWidth = std::min(widest + 16, 260);
}

void TimelineView::buildColours()
{
    const QPalette p = palette();
    m_kernelColours.clear();
    if (m_data)
        for (std::size_t k = 0; k < m_data->kernelClasses.size(); ++k)
            m_kernelColours.push_back(
                theme::kernelColour(trace::KernelClass(m_data->kernelClasses[k]), std::int32_t(k), p));
    // A merged column blends its class's colour into the background by how busy the column is:
    // a dense stretch of tiny kernels reads as solid, a sparse one as faint.
    m_mergedColours.clear();
    const QColor base = p.color(QPalette::Base);
    for (int c = 0; c < ColourSlots; ++c) {
        const QColor full =
            c < 4 ? theme::timelineColour(trace::KernelClass(c), p) : theme::overlapColour(c == 4, p);
        for (int s = 0; s < MergedShades; ++s) {
            const double a = 0.35 + 0.65 * double(s) / (MergedShades - 1);
            m_mergedColours.push_back(QColor::fromRgbF(float(full.redF() * a + base.redF() * (1 - a)),
                                                       float(full.greenF() * a + base.greenF() * (1 - a)),
                                                       float(full.blueF() * a + base.blueF() * (1 - a))));
        }
    }
    m_highlightColour = p.color(QPalette::Highlight);
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        buildColours();
    if (event->type() == QEvent::FontChange)
        updateMetrics();
    QAbstractScrollArea::changeEvent(event);
}

void TimelineView::setHighlightedKernel(int kernel)
{
    if (kernel == m_highlight)
        return;
    m_highlight = kernel;
    m_highlightEvents.clear();
    if (m_data && kernel >= 0) {
        // One pass over the events (a few ms for a million), so painting only searches.
        m_highlightEvents.resize(m_data->lanes.size());
        for (std::size_t l = 0; l < m_data->lanes.size(); ++l) {
            const TimelineLane& lane = m_data->lanes[l];
            for (std::size_t i = 0; i < lane.size(); ++i)
                if (lane.kernel[i] == kernel)
                    m_highlightEvents[l].push_back(std::uint32_t(i));
        }
    }
    viewport()->update();
}

int TimelineView::contentHeight() const
{
    const int lanes = m_data ? int(m_data->lanes.size()) : 2;
    return m_rulerHeight + lanes * m_laneHeight + horizontalScrollBar()->sizeHint().height() +
           2 * frameWidth() + 2;
}

int TimelineView::plotWidth() const
{
    return std::max(1, viewport()->width() - m_labelWidth);
}

double TimelineView::visibleEndNs() const
{
    return m_startNs + plotWidth() * m_nsPerPx;
}

double TimelineView::minNsPerPx() const
{
    // Down to 200 ns across the plot: finer than any kernel's launch granularity.
    return 200.0 / plotWidth();
}

double TimelineView::maxNsPerPx() const
{
    const double span = m_data ? double(std::max<std::int64_t>(m_data->spanNs, 1)) : 1.0;
    return std::max(minNsPerPx(), span * 1.04 / plotWidth());
}

void TimelineView::clampView()
{
    m_nsPerPx = std::clamp(m_nsPerPx, minNsPerPx(), maxNsPerPx());
    const double span = m_data ? double(m_data->spanNs) : 0.0;
    const double visible = plotWidth() * m_nsPerPx;
    const double margin = span * 0.02;
    m_startNs = std::clamp(m_startNs, -margin, std::max(-margin, span + margin - visible));
    syncScrollBars();
}

void TimelineView::syncScrollBars()
{
    m_syncing = true;
    QScrollBar* h = horizontalScrollBar();
    const double span = m_data ? double(m_data->spanNs) : 0.0;
    if (span <= 0) {
        h->setRange(0, 0);
    } else {
        const double visible = plotWidth() * m_nsPerPx;
        const int page = int(std::clamp(visible / span, 0.0, 1.0) * ScrollUnits);
        h->setPageStep(std::max(page, 1));
        h->setSingleStep(std::max(page / 10, 1));
        h->setRange(0, std::max(0, ScrollUnits - page));
        h->setValue(int(std::clamp(m_startNs / span, 0.0, 1.0) * ScrollUnits));
    }
    QScrollBar* v = verticalScrollBar();
    const int lanes = m_data ? int(m_data->lanes.size()) : 0;
    const int content = m_rulerHeight + lanes * m_laneHeight;
    v->setRange(0, std::max(0, content - viewport()->height()));
    v->setPageStep(viewport()->height());
    v->setSingleStep(m_laneHeight);
    m_syncing = false;
}

void TimelineView::setVisibleRange(double startNs, double endNs)
{
    if (endNs <= startNs)
        return;
    m_fitted = false;
    m_nsPerPx = (endNs - startNs) / plotWidth();
    m_startNs = startNs;
    clampView();
    viewport()->update();
    emit visibleRangeChanged(m_startNs, visibleEndNs());
}

void TimelineView::zoomBy(double factor, double anchorX)
{
    if (factor <= 0)
        return;
    const double x = std::clamp(anchorX - m_labelWidth, 0.0, double(plotWidth()));
    const double anchorNs = m_startNs + x * m_nsPerPx;
    m_nsPerPx = std::clamp(m_nsPerPx / factor, minNsPerPx(), maxNsPerPx());
    m_startNs = anchorNs - x * m_nsPerPx;
    m_fitted = false;
    clampView();
    viewport()->update();
    emit visibleRangeChanged(m_startNs, visibleEndNs());
}

void TimelineView::panByPixels(double dx)
{
    m_startNs += dx * m_nsPerPx;
    m_fitted = false;
    clampView();
    viewport()->update();
    emit visibleRangeChanged(m_startNs, visibleEndNs());
}

void TimelineView::fitAll()
{
    const double span = m_data ? double(std::max<std::int64_t>(m_data->spanNs, 1)) : 1.0;
    m_nsPerPx = maxNsPerPx();
    m_startNs = -(plotWidth() * m_nsPerPx - span) / 2;
    m_fitted = true;
    clampView();
    viewport()->update();
    emit visibleRangeChanged(m_startNs, visibleEndNs());
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    if (m_fitted)
        fitAll();
    else
        clampView();
}

void TimelineView::paintRuler(QPainter& p, int width)
{
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, width, m_rulerHeight), pal.color(QPalette::Window));
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(0, m_rulerHeight - 1, width, m_rulerHeight - 1);
    if (!m_data)
        return;
    // A step of 1, 2 or 5 times a power of ten, at least ~90 px apart.
    const double minStep = 90 * m_nsPerPx;
    double step = std::pow(10.0, std::floor(std::log10(std::max(minStep, 1e-3))));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (step * m >= minStep) {
            step *= m;
            break;
        }
    const double first = std::ceil(m_startNs / step) * step;
    const double last = visibleEndNs();
    p.setPen(pal.color(QPalette::WindowText));
    const QFontMetrics fm(font());
    for (double t = first; t <= last; t += step) {
        const int x = m_labelWidth + int(std::lround((t - m_startNs) / m_nsPerPx));
        p.drawLine(x, m_rulerHeight - 5, x, m_rulerHeight - 1);
        p.drawText(x + 3, fm.ascent() + 3, tickLabel(t, step));
    }
}

std::size_t TimelineView::paintLane(QPainter& p, const TimelineLane& lane, int top)
{
    const double t0 = m_startNs;
    const double nsPerPx = m_nsPerPx;
    const int pw = plotWidth();
    const double t1 = t0 + pw * nsPerPx;
    const int left = m_labelWidth;
    const int y = top + 3;
    const int h = m_laneHeight - 6;
    std::size_t rects = 0;
    const std::size_t n = lane.size();
    const QColor* runColour = nullptr;
    int runStart = 0;
    int runEnd = 0;
    auto flushRun = [&] {
        if (!runColour)
            return;
        p.fillRect(QRect(runStart, y, runEnd - runStart, h), *runColour);
        ++rects;
        runColour = nullptr;
    };
    std::size_t i = lane.firstReaching(std::int64_t(std::floor(t0)));
    while (i < n && double(lane.start[i]) < t1) {
        const double x0 = (double(lane.start[i]) - t0) / nsPerPx;
        const double x1 = (double(lane.end[i]) - t0) / nsPerPx;
        if (x1 - x0 >= MinEventPx) {
            const int a = left + int(std::max(x0, -1.0));
            const int b = left + int(std::min(x1, double(pw) + 1));
            const std::int32_t k = lane.kernel[i];
            const QColor& c = k >= 0 && std::size_t(k) < m_kernelColours.size()
                                  ? m_kernelColours[std::size_t(k)]
                                  : m_mergedColours[colourSlot(lane, i) * MergedShades + MergedShades - 1];
            flushRun();
            // A hairline gap between back-to-back kernels keeps them apart.
            p.fillRect(QRect(a, y, std::max(1, b - a - (b - a > 4 ? 1 : 0)), h), c);
            ++rects;
            ++i;
            continue;
        }
        // Everything that starts in this pixel column becomes one bar up to the furthest end.
        const double column = std::floor(std::max(x0, 0.0));
        const auto columnEnd = std::int64_t(std::ceil(t0 + (column + 1) * nsPerPx));
        const std::size_t j = std::max(i + 1, lane.firstStartingFrom(i + 1, columnEnd));
        const double reach = (double(lane.maxEnd[j - 1]) - t0) / nsPerPx;
        const double x1m = std::min(std::max(column + 1, reach), double(pw));
        const double busy = double(lane.busyPrefix[j] - lane.busyPrefix[i]) / ((x1m - column) * nsPerPx);
        const int shade = std::clamp(int(busy * (MergedShades - 1) + 0.5), 0, MergedShades - 1);
        const int a = left + int(column);
        const int b = std::max(a + 1, left + int(std::ceil(x1m)));
        // An overlap column is the part that fills most of it: a hidden stretch with short exposed
        // gaps between kernels reads as hidden.
        std::size_t slot = colourSlot(lane, i);
        if (!lane.hiddenPrefix.empty()) {
            const std::int64_t hidden = lane.hiddenPrefix[j] - lane.hiddenPrefix[i];
            slot = hidden * 2 >= lane.busyPrefix[j] - lane.busyPrefix[i] ? 4 : 5;
        }
        const QColor* c = &m_mergedColours[slot * MergedShades + std::size_t(shade)];
        // Neighbouring columns of one shade are one rectangle: a zoomed-out dense lane is a few
        // long runs rather than a fill per pixel.
        if (c == runColour && a <= runEnd) {
            runEnd = std::max(runEnd, b);
        } else {
            flushRun();
            runColour = c;
            runStart = a;
            runEnd = b;
        }
        i = j;
    }
    flushRun();
    return rects;
}

std::size_t TimelineView::paintHighlight(QPainter& p, int laneIndex, int top)
{
    if (std::size_t(laneIndex) >= m_highlightEvents.size())
        return 0;
    const std::vector<std::uint32_t>& events = m_highlightEvents[std::size_t(laneIndex)];
    const TimelineLane& lane = m_data->lanes[std::size_t(laneIndex)];
    const double t0 = m_startNs;
    const int pw = plotWidth();
    const double t1 = t0 + pw * m_nsPerPx;
    auto startOf = [&](std::uint32_t e) { return lane.start[e]; };
    // The kernel's events are in start order too: search them by start, one mark per pixel.
    auto from = [&](double t) {
        return std::size_t(std::partition_point(events.begin(), events.end(),
                                                [&](std::uint32_t e) { return double(lane.end[e]) < t; }) -
                           events.begin());
    };
    std::size_t rects = 0;
    std::size_t i = from(t0);
    const int y = top + m_laneHeight - 4;
    // Marks that touch are drawn as one.
    int runStart = -1;
    int runEnd = -1;
    auto flushRun = [&] {
        if (runStart < 0)
            return;
        p.fillRect(QRect(runStart, y, runEnd - runStart, 3), m_highlightColour);
        ++rects;
    };
    while (i < events.size() && double(startOf(events[i])) < t1) {
        const std::uint32_t e = events[i];
        const double x0 = std::max((double(lane.start[e]) - t0) / m_nsPerPx, 0.0);
        const double x1 = std::min((double(lane.end[e]) - t0) / m_nsPerPx, double(pw));
        const int a = m_labelWidth + int(x0);
        const int b = a + std::max(2, int(x1 - x0));
        if (runStart >= 0 && a <= runEnd + 1) {
            runEnd = std::max(runEnd, b);
        } else {
            flushRun();
            runStart = a;
            runEnd = b;
        }
        // Skip the rest of this pixel, galloping (the next pixel's mark is usually close): its
        // marks would land on the same spot.
        const double nextNs = t0 + (std::floor(x0) + 1) * m_nsPerPx;
        std::size_t lo = i + 1;
        std::size_t hi = lo;
        for (std::size_t step = 1; hi < events.size() && double(lane.start[events[hi]]) < nextNs; step *= 2) {
            lo = hi + 1;
            hi = std::min(events.size(), hi + step);
        }
        const auto next =
            std::partition_point(events.begin() + std::ptrdiff_t(lo), events.begin() + std::ptrdiff_t(hi),
                                 [&](std::uint32_t x) { return double(lane.start[x]) < nextNs; });
        i = std::size_t(next - events.begin());
    }
    flushRun();
    return rects;
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(viewport());
    const QPalette pal = palette();
    const int width = viewport()->width();
    const int height = viewport()->height();
    p.fillRect(rect(), pal.color(QPalette::Base));
    std::size_t rects = 0;
    if (m_data) {
        const int scroll = verticalScrollBar()->value();
        const int lanes = int(m_data->lanes.size());
        const int first = std::max(0, scroll / m_laneHeight);
        const QFontMetrics fm(font());
        p.setClipRect(QRect(0, m_rulerHeight, width, height - m_rulerHeight));
        for (int l = first; l < lanes; ++l) {
            const int top = m_rulerHeight + l * m_laneHeight - scroll;
            if (top > height)
                break;
            const TimelineLane& lane = m_data->lanes[std::size_t(l)];
            if (l % 2)
                p.fillRect(QRect(0, top, width, m_laneHeight), pal.color(QPalette::AlternateBase));
            p.setClipRect(
                QRect(m_labelWidth, std::max(top, m_rulerHeight), width - m_labelWidth, m_laneHeight));
            rects += paintLane(p, lane, top);
            rects += paintHighlight(p, l, top);
            p.setClipRect(QRect(0, m_rulerHeight, width, height - m_rulerHeight));
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QRect(6, top, m_labelWidth - 10, m_laneHeight), Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(laneLabel(lane), Qt::ElideRight, m_labelWidth - 10));
        }
        p.setClipping(false);
        p.setPen(pal.color(QPalette::Mid));
        p.drawLine(m_labelWidth - 1, m_rulerHeight, m_labelWidth - 1, height);
    } else {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No trace opened"));
    }
    paintRuler(p, width);
    m_lastPaint = {rects, timer.nsecsElapsed()};
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const QPoint angle = event->angleDelta();
    if (angle.x() != 0 || (event->modifiers() & Qt::ShiftModifier)) {
        // A trackpad's sideways swipe, or Shift+wheel, pans.
        const int d = angle.x() != 0 ? angle.x() : angle.y();
        panByPixels(-d / 120.0 * plotWidth() / 8);
    } else if (angle.y() != 0) {
        // One notch zooms by √2 around the pointer; Ctrl+wheel does the same, as in browsers.
        zoomBy(std::pow(2.0, angle.y() / 240.0), event->position().x());
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragMoved = false;
        m_dragFrom = event->position().toPoint();
        m_dragStartNs = m_startNs;
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging) {
        const int dx = event->position().toPoint().x() - m_dragFrom.x();
        if (std::abs(dx) > 2)
            m_dragMoved = true;
        if (m_dragMoved) {
            m_startNs = m_dragStartNs - dx * m_nsPerPx;
            m_fitted = false;
            clampView();
            viewport()->update();
            emit visibleRangeChanged(m_startNs, visibleEndNs());
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        viewport()->unsetCursor();
        if (!m_dragMoved) {
            const auto [lane, index] = eventAt(event->position().toPoint());
            if (lane >= 0 && index >= 0) {
                const std::int32_t k = m_data->lanes[std::size_t(lane)].kernel[std::size_t(index)];
                if (k >= 0)
                    emit kernelClicked(k);
            }
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const double centre = m_labelWidth + plotWidth() / 2.0;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(2, centre); break;
    case Qt::Key_Minus: zoomBy(0.5, centre); break;
    case Qt::Key_0:
    case Qt::Key_Home: fitAll(); break;
    case Qt::Key_Left: panByPixels(-plotWidth() / 10.0); break;
    case Qt::Key_Right: panByPixels(plotWidth() / 10.0); break;
    default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
}

std::pair<int, std::int64_t> TimelineView::eventAt(const QPoint& pos) const
{
    if (!m_data || pos.x() < m_labelWidth || pos.y() < m_rulerHeight)
        return {-1, -1};
    const int lane = (pos.y() - m_rulerHeight + verticalScrollBar()->value()) / m_laneHeight;
    if (lane < 0 || lane >= int(m_data->lanes.size()))
        return {-1, -1};
    const double t = m_startNs + (pos.x() - m_labelWidth) * m_nsPerPx;
    const std::int64_t index =
        m_data->lanes[std::size_t(lane)].eventAt(std::int64_t(t), std::int64_t(std::ceil(3 * m_nsPerPx)));
    return {lane, index};
}

QString TimelineView::toolTipAt(const QPoint& pos) const
{
    const auto [laneIndex, index] = eventAt(pos);
    if (laneIndex < 0 || index < 0)
        return {};
    const TimelineLane& lane = m_data->lanes[std::size_t(laneIndex)];
    const std::size_t i = std::size_t(index);
    if (lane.kind == LaneKind::CommOverlap)
        return tr("%1\n%2 at %3\n%4")
            .arg(TraceText::overlapPart(OverlapPart(lane.cls[i]) == OverlapPart::Hidden),
                 TraceText::duration(lane.end[i] - lane.start[i]), TraceText::duration(lane.start[i]),
                 laneLabel(lane));
    const std::int32_t k = lane.kernel[i];
    const QString name = k >= 0 && std::size_t(k) < m_data->kernelNames.size()
                             ? QString::fromStdString(m_data->kernelNames[std::size_t(k)])
                             : tr("(unnamed activity)");
    return tr("%1\n%2, %3, at %4\n%5")
        .arg(name, TraceText::duration(lane.end[i] - lane.start[i]),
             TraceText::kernelClass(trace::KernelClass(lane.cls[i] & 3)), TraceText::duration(lane.start[i]),
             laneLabel(lane));
}

bool TimelineView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace kl::gui
