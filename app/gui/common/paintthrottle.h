#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QAbstractScrollArea;

namespace kl::gui {

/// Repaints a view that rows stream into at most once per interval. Each batch of rows changes
/// what the whole viewport shows (the view is sorted), and a repaint of a 100,000-row table cost
/// more of the UI thread than inserting the rows did (tests/bench/RESULTS.md). While throttling,
/// the viewport's updates are off between frames; the user's own input (scrolling, clicks, keys)
/// repaints at once and pauses the throttle for a moment, so the view never lags behind them.
class PaintThrottle : public QObject {
    Q_OBJECT

public:
    PaintThrottle(QAbstractScrollArea* view, int intervalMs, QObject* parent = nullptr);
    ~PaintThrottle() override;

    /// Start holding back repaints; the next change paints at once.
    void start();
    /// Stop: updates on again, with one repaint if any was held back.
    void stop();
    bool isActive() const { return m_active; }
    /// Call before each change of what the view shows: a change when a frame is due paints as
    /// usual; one before that is held back until the frame is due.
    void beforeChange();
    /// Frames shown since start(): changes that painted, and held-back ones released (tests).
    int frames() const { return m_frames; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void release();
    void holdOff(bool off);
    bool userActive() const;

    QPointer<QAbstractScrollArea> m_view;
    int m_intervalMs;
    bool m_active = false;
    bool m_pending = false; ///< a change is held back
    bool m_heldOff = false; ///< the viewport's updates are off
    int m_frames = 0;
    QElapsedTimer m_lastFrame;
    QElapsedTimer m_lastInput; ///< the user's last input; throttling pauses after it
    QTimer m_timer;
};

} // namespace kl::gui
