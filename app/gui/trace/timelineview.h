#pragma once

#include "timelinedata.h"

#include <QAbstractScrollArea>
#include <QColor>
#include <memory>
#include <vector>

namespace kl::gui {

/// The GPU timeline: one lane per (rank,) device and stream, time left to right. Zoom with the
/// wheel (Ctrl+wheel too) or +/-, pan by dragging or with the scroll bar, 0 shows everything.
///
/// Painting costs what the screen shows, not what the trace holds: each lane's events are
/// sorted with a running maximum of their ends, so the first visible one is a binary search,
/// and events narrower than two pixels are merged per pixel column (one more binary search
/// skips to the next column), shaded by how busy the column is. A million events paint in a
/// few milliseconds at any zoom (tests/gui/tst_tracegui measures it).
class TimelineView : public QAbstractScrollArea {
    Q_OBJECT

public:
    explicit TimelineView(QWidget* parent = nullptr);

    /// Shows `data` whole; null clears the view.
    void setData(std::shared_ptr<const TimelineData> data);
    const std::shared_ptr<const TimelineData>& data() const { return m_data; }

    /// Marks the launches of kernel `kernel` (a TraceReport index) under their lanes; -1 none.
    void setHighlightedKernel(int kernel);
    int highlightedKernel() const { return m_highlight; }

    /// The time shown, in ns from TimelineData::originNs.
    double visibleStartNs() const { return m_startNs; }
    double visibleEndNs() const;
    void setVisibleRange(double startNs, double endNs);
    /// `factor` > 1 zooms in, keeping the time under viewport x `anchorX` in place.
    void zoomBy(double factor, double anchorX);
    void panByPixels(double dx);
    void fitAll();

    /// What the last paint drew and how long it took: the tests' measure of a stall.
    struct PaintStats {
        std::size_t rects = 0;
        qint64 nsecs = 0;
    };
    const PaintStats& lastPaint() const { return m_lastPaint; }

    /// The tooltip for a point of the viewport: the event's name, duration and lane.
    QString toolTipAt(const QPoint& pos) const;
    /// The lane and event under a point of the viewport; {-1, -1} when none.
    std::pair<int, std::int64_t> eventAt(const QPoint& pos) const;
    /// Where the plot starts in the viewport (the lane labels are left of it).
    int plotLeft() const { return m_labelWidth; }
    /// The height that shows every lane without a vertical scroll bar.
    int contentHeight() const;

signals:
    /// A click on an event: its kernel (a TraceReport index).
    void kernelClicked(int kernel);
    void visibleRangeChanged(double startNs, double endNs);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int plotWidth() const;
    int laneHeight() const { return m_laneHeight; }
    int rulerHeight() const { return m_rulerHeight; }
    double minNsPerPx() const;
    double maxNsPerPx() const;
    void clampView();
    void syncScrollBars();
    void updateMetrics();
    void buildColours();
    void paintRuler(class QPainter& p, int width);
    std::size_t paintLane(QPainter& p, const TimelineLane& lane, int top);
    std::size_t paintHighlight(QPainter& p, int laneIndex, int top);

    std::shared_ptr<const TimelineData> m_data;
    double m_startNs = 0;
    double m_nsPerPx = 1;
    bool m_fitted = true; ///< showing everything: a resize keeps showing everything
    int m_highlight = -1;
    std::vector<std::vector<std::uint32_t>> m_highlightEvents; ///< per lane, the kernel's events
    std::vector<QColor> m_kernelColours;
    /// Merged pixel columns: per class, 8 shades from idle to busy.
    std::vector<QColor> m_mergedColours;
    QColor m_highlightColour;
    int m_labelWidth = 160;
    int m_laneHeight = 24;
    int m_rulerHeight = 22;
    bool m_syncing = false;
    bool m_dragging = false;
    bool m_dragMoved = false;
    QPoint m_dragFrom;
    double m_dragStartNs = 0;
    PaintStats m_lastPaint;
};

} // namespace kl::gui
