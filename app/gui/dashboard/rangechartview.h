#pragma once

#include <QChartView>
#include <QDateTime>
#include <QPointer>

class QRubberBand;

namespace kl::gui {

/// A chart view over a QDateTimeAxis where dragging across the plot selects a time range: the
/// range stays shaded until cleared (or replaced) and rangeSelected() says which it is.
class RangeChartView : public QChartView {
    Q_OBJECT

public:
    explicit RangeChartView(QChart* chart, QWidget* parent = nullptr);

    bool hasSelection() const { return m_from.isValid(); }
    QDateTime selectionFrom() const { return m_from; }
    QDateTime selectionTo() const { return m_to; }
    /// Shade [from, to] without emitting; an invalid pair clears.
    void setSelection(const QDateTime& from, const QDateTime& to);
    void clearSelection() { setSelection({}, {}); }
    /// The selection again after the chart was refilled (the axes moved).
    void updateBand();

signals:
    void rangeSelected(const QDateTime& from, const QDateTime& to);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QDateTime timeAt(int x) const;
    void showBand(int x0, int x1);

    QRubberBand* m_band = nullptr;
    bool m_dragging = false;
    int m_pressX = 0;
    QDateTime m_from, m_to;
};

} // namespace kl::gui
