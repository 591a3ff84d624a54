#pragma once

#include "core/events/compileevent.h"

#include <QObject>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <thread>
#include <vector>

namespace kl::gui {

/// Compile events from one or more events logs, kept up to date: each log is followed by core's
/// followEventLog (its rotated generations first, then new lines as they are appended, across
/// rotations) on its own thread; what the threads read is handed to the UI thread every 250 ms.
/// Corrupt lines, and partial lines left in rotated generations, are skipped and counted. A
/// partial last line of a live log is a line being written: it is read once it is complete.
class EventSource : public QObject {
    Q_OBJECT

public:
    explicit EventSource(QObject* parent = nullptr);
    ~EventSource() override;

    /// Follow these logs instead of the current ones (an empty list stops); the events and the
    /// counts start again from zero.
    void setPaths(const QStringList& paths);
    QStringList paths() const { return m_paths; }

    /// Stop following and hold these events instead.
    void setEvents(std::vector<CompileEvent> events);

    /// Everything read so far, in the order read (per log: oldest generation first).
    const std::vector<CompileEvent>& events() const { return m_events; }
    int corruptLines() const { return m_corrupt; }
    int partialLines() const { return m_partial; }
    /// The first skipped lines as "path:line: cause".
    QStringList issues() const { return m_issues; }
    /// Logs that cannot be read, each with its cause; logs that do not exist (yet).
    QStringList errors() const { return m_errors; }
    QStringList missing() const { return m_missing; }

signals:
    /// New events were read (or the events were replaced).
    void eventsChanged();
    /// The counts of skipped lines, the errors or the missing logs changed.
    void problemsChanged();

private:
    struct Shared;
    void stop();
    void drain();

    QStringList m_paths;
    std::shared_ptr<Shared> m_shared;
    std::vector<std::thread> m_threads;
    QTimer m_timer;
    std::vector<CompileEvent> m_events;
    int m_corrupt = 0;
    int m_partial = 0;
    QStringList m_issues, m_errors, m_missing;
};

} // namespace kl::gui
