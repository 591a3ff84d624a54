#include "paintthrottle.h"

#include <QAbstractScrollArea>
#include <QEvent>
#include <QScrollBar>
#include <algorithm>
#include <utility>

namespace kl::gui {
namespace {

// After the user's input, repaints follow every change for this long (a scroll drag, a few keys).
// Not input: resizes (the rows themselves bring the scroll bar in, which resizes the viewport) and
// hovering; the next frame is at most an interval away.
constexpr qint64 InputPauseMs = 500;

bool isUserInput(QEvent::Type t)
{
    switch (t) {
    case QEvent::Wheel:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
    case QEvent::KeyPress: return true;
    default: return false;
    }
}

} // namespace

PaintThrottle::PaintThrottle(QAbstractScrollArea* view, int intervalMs, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_intervalMs(intervalMs)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &PaintThrottle::release);
    view->installEventFilter(this);
    view->viewport()->installEventFilter(this);
    // Scrolling by bar, wheel or keys moves a scroll bar; the user must see where they went.
    for (QScrollBar* bar : {view->verticalScrollBar(), view->horizontalScrollBar()})
        connect(bar, &QScrollBar::valueChanged, this, [this] {
            m_lastInput.start();
            release();
        });
}

PaintThrottle::~PaintThrottle()
{
    holdOff(false);
}

void PaintThrottle::start()
{
    m_active = true;
    m_pending = false;
    m_frames = 0;
    m_lastFrame.invalidate();
}

void PaintThrottle::stop()
{
    m_active = false;
    release();
}

void PaintThrottle::beforeChange()
{
    if (!m_active || !m_view)
        return;
    if (!m_lastFrame.isValid() || m_lastFrame.elapsed() >= m_intervalMs || userActive()) {
        m_timer.stop();
        m_pending = false;
        holdOff(false); // this change schedules its own repaint
        m_lastFrame.start();
        ++m_frames;
        return;
    }
    m_pending = true;
    holdOff(true);
    if (!m_timer.isActive())
        m_timer.start(int(std::max<qint64>(1, m_intervalMs - m_lastFrame.elapsed())));
}

void PaintThrottle::release()
{
    m_timer.stop();
    if (!std::exchange(m_pending, false))
        return;
    holdOff(false); // updates on again: Qt repaints the whole viewport
    m_lastFrame.start();
    ++m_frames;
}

bool PaintThrottle::userActive() const
{
    return m_lastInput.isValid() && m_lastInput.elapsed() < InputPauseMs;
}

void PaintThrottle::holdOff(bool off)
{
    if (off == m_heldOff || !m_view)
        return;
    m_heldOff = off;
    m_view->viewport()->setUpdatesEnabled(!off);
}

bool PaintThrottle::eventFilter(QObject* watched, QEvent* event)
{
    if (isUserInput(event->type())) {
        m_lastInput.start();
        release();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace kl::gui
