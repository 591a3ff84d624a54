#include "eventsource.h"

#include "app/gui/common/coretext.h"
#include "core/events/eventfollower.h"

#include <QFileInfo>
#include <atomic>
#include <mutex>

namespace kl::gui {
namespace {

constexpr int kMaxIssues = 20;

} // namespace

// What the follower threads hand over; guarded by `mutex` except for `cancel`.
struct EventSource::Shared {
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::vector<CompileEvent> pending;
    int corrupt = 0;
    int partial = 0;
    QStringList issues;
    QStringList errors;
    bool problemsChanged = false;
};

EventSource::EventSource(QObject* parent)
    : QObject(parent)
{
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, &EventSource::drain);
}

EventSource::~EventSource()
{
    stop();
}

void EventSource::stop()
{
    m_timer.stop();
    if (m_shared)
        m_shared->cancel = true;
    // A follower notices the flag within one poll (200 ms), or once it has read a log's history.
    for (std::thread& t : m_threads)
        t.join();
    m_threads.clear();
    m_shared.reset();
}

void EventSource::setPaths(const QStringList& paths)
{
    stop();
    m_paths = paths;
    m_events.clear();
    m_corrupt = m_partial = 0;
    m_issues.clear();
    m_errors.clear();
    m_missing.clear();
    emit eventsChanged();
    emit problemsChanged();
    if (paths.isEmpty())
        return;
    m_shared = std::make_shared<Shared>();
    for (const QString& path : paths) {
        // The thread owns a reference to the shared state, never to `this`. It words core's sentences
        // itself (QCoreApplication::translate is thread-safe); a language change rebuilds the window.
        m_threads.emplace_back([shared = m_shared, path = path.toStdString()] {
            EventFollowCallbacks callbacks;
            callbacks.event = [&](const CompileEvent& e) {
                std::lock_guard lock(shared->mutex);
                shared->pending.push_back(e);
            };
            callbacks.issue = [&](const EventLogIssue& i) {
                std::lock_guard lock(shared->mutex);
                // The follower reports partial lines only for rotated generations.
                if (i.partial)
                    ++shared->partial;
                else
                    ++shared->corrupt;
                if (shared->issues.size() < kMaxIssues)
                    shared->issues << QStringLiteral("%1:%2: %3")
                                          .arg(QString::fromStdString(i.path))
                                          .arg(i.line)
                                          .arg(coreText(i.cause));
                shared->problemsChanged = true;
            };
            EventFollowOptions options;
            options.poll = std::chrono::milliseconds(200);
            if (Status followed = followEventLog(path, callbacks, shared->cancel, options); !followed) {
                std::lock_guard lock(shared->mutex);
                shared->errors << coreText(followed.error());
                shared->problemsChanged = true;
            }
        });
    }
    m_timer.start();
    drain();
}

void EventSource::setEvents(std::vector<CompileEvent> events)
{
    setPaths({});
    m_events = std::move(events);
    emit eventsChanged();
}

void EventSource::drain()
{
    if (!m_shared)
        return;
    std::vector<CompileEvent> fresh;
    bool problems = false;
    {
        std::lock_guard lock(m_shared->mutex);
        fresh.swap(m_shared->pending);
        if (m_shared->problemsChanged) {
            m_shared->problemsChanged = false;
            problems = true;
            m_corrupt = m_shared->corrupt;
            m_partial = m_shared->partial;
            m_issues = m_shared->issues;
            m_errors = m_shared->errors;
        }
    }
    QStringList missing;
    for (const QString& path : m_paths)
        if (!QFileInfo::exists(path))
            missing << path;
    if (missing != m_missing) {
        m_missing = missing;
        problems = true;
    }
    if (!fresh.empty()) {
        if (m_events.empty())
            m_events = std::move(fresh);
        else
            m_events.insert(m_events.end(), std::make_move_iterator(fresh.begin()),
                            std::make_move_iterator(fresh.end()));
        emit eventsChanged();
    }
    if (problems)
        emit problemsChanged();
}

} // namespace kl::gui
