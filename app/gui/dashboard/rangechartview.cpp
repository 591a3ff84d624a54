#include "rangechartview.h"

#include <QMouseEvent>
#include <QRubberBand>
#include <algorithm>

namespace kl::gui {
namespace {

// A shorter drag is a click (which also shows the tooltips), not a selection.
constexpr int kMinDragPixels = 6;

} // namespace

RangeChartView::RangeChartView(QChart* chart, QWidget* parent)
    : QChartView(chart, parent)
    , m_band(new QRubberBand(QRubberBand::Rectangle, viewport()))
{
    m_band->hide();
    setRenderHint(QPainter::Antialiasing);
    setToolTip(tr("Drag across the chart to select a time range"));
}

QDateTime RangeChartView::timeAt(int x) const
{
    const QPointF scene = mapToScene(QPoint(x, 0));
    const QPointF value = chart()->mapToValue(chart()->mapFromScene(scene));
    return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(value.x()), Qt::UTC);
}

void RangeChartView::showBand(int x0, int x1)
{
    const QRectF plot = chart()->mapToScene(chart()->plotArea()).boundingRect();
    const QRect area = mapFromScene(plot).boundingRect();
    const int left = std::clamp(std::min(x0, x1), area.left(), area.right());
    const int right = std::clamp(std::max(x0, x1), area.left(), area.right());
    m_band->setGeometry(QRect(QPoint(left, area.top()), QPoint(right, area.bottom())));
    m_band->show();
}

void RangeChartView::setSelection(const QDateTime& from, const QDateTime& to)
{
    m_from = from.isValid() && to.isValid() ? std::min(from, to) : QDateTime();
    m_to = from.isValid() && to.isValid() ? std::max(from, to) : QDateTime();
    updateBand();
}

void RangeChartView::updateBand()
{
    if (!m_from.isValid() || chart()->series().isEmpty()) {
        m_band->hide();
        return;
    }
    QAbstractSeries* series = chart()->series().constFirst();
    auto xOf = [&](const QDateTime& t) {
        const QPointF p =
            chart()->mapToPosition(QPointF(static_cast<qreal>(t.toMSecsSinceEpoch()), 0), series);
        return mapFromScene(chart()->mapToScene(p)).x();
    };
    showBand(xOf(m_from), xOf(m_to));
}

void RangeChartView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && !chart()->series().isEmpty()) {
        m_dragging = true;
        m_pressX = event->position().toPoint().x();
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void RangeChartView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging && std::abs(event->position().toPoint().x() - m_pressX) >= kMinDragPixels)
        showBand(m_pressX, event->position().toPoint().x());
    QChartView::mouseMoveEvent(event); // the series still get their hover events
}

void RangeChartView::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging || event->button() != Qt::LeftButton) {
        QChartView::mouseReleaseEvent(event);
        return;
    }
    m_dragging = false;
    const int x = event->position().toPoint().x();
    if (std::abs(x - m_pressX) < kMinDragPixels) {
        updateBand(); // a click: the previous selection stays
        return;
    }
    const QRectF plot = chart()->mapToScene(chart()->plotArea()).boundingRect();
    const QRect area = mapFromScene(plot).boundingRect();
    const int x0 = std::clamp(std::min(m_pressX, x), area.left(), area.right());
    const int x1 = std::clamp(std::max(m_pressX, x), area.left(), area.right());
    m_from = timeAt(x0);
    m_to = timeAt(x1);
    showBand(x0, x1);
    emit rangeSelected(m_from, m_to);
}

void RangeChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    updateBand(); // the plot area moved: the band follows the selected times, not the pixels
}

} // namespace kl::gui
