#pragma once

#include "backgroundpool.h"

#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace kl::gui {

class BackgroundJob;

namespace detail {

// One run of a BackgroundJob, shared by the owner (UI thread) and the worker.
struct JobState {
    quint64 id = 0;
    std::atomic<bool> cancel{false};
    std::atomic<bool> dropped{false}; ///< superseded, discarded or its owner gone: never delivered
    std::mutex mutex;
    std::condition_variable ended;
    bool started = false;          ///< the worker took it from the pool's queue
    bool finished = false;         ///< the worker will not touch the owner again
    QRunnable* runnable = nullptr; ///< valid while !started: what tryTake() removes
};

} // namespace detail

/// What a job's work function gets on its worker thread: the cancel flag (also as the pointer
/// core's options take) and a way to report progress to the owner's thread.
class JobToken {
public:
    bool isCancelled() const { return m_state->cancel.load(std::memory_order_relaxed); }
    const std::atomic<bool>* cancelFlag() const { return &m_state->cancel; }
    /// Runs `f` on the owner's thread, later, if this job is still the current one then.
    template <class F> void post(F f) const;

private:
    friend class BackgroundJob;
    JobToken(BackgroundJob* owner, std::shared_ptr<detail::JobState> state)
        : m_owner(owner)
        , m_state(std::move(state))
    {
    }
    BackgroundJob* m_owner;
    std::shared_ptr<detail::JobState> m_state;
};

/// The GUI's one way to run work off the UI thread (hotspot's job tracking): one job at a time
/// per helper, a newer start() supersedes the running job (cancelled, its result dropped), and the
/// result comes back to a callback on the owner's thread only while the helper (a member of its
/// owner) lives. Work functions capture values; the owner itself is used only in the closures
/// given to post() and in `done`, which run on its thread while it lives.
///
/// The destructor cancels every job still running and waits only for those a worker has already
/// begun: that wait lasts until the work next checks its token. Jobs still queued are taken out
/// of the pool, so a helper never waits for other owners' work queued ahead of its own.
class BackgroundJob : public QObject {
public:
    /// `pool`: backgroundPool() for reads, exclusivePool() for work that must not overlap
    /// (backgroundpool.h says why). Never Qt's global pool.
    explicit BackgroundJob(QThreadPool* pool, QObject* parent = nullptr);
    ~BackgroundJob() override;

    /// Runs `work(const JobToken&)` on the pool and then `done(result)` on this object's thread,
    /// unless superseded or discarded first. Returns the job's id (never 0).
    template <class Work, class Done> quint64 start(Work work, Done done);
    /// Asks the current job to stop early; its (partial) result still arrives.
    void cancel();
    /// Cancels the current job and drops its result (what it was for is no longer shown).
    void discard();

    bool isRunning() const { return m_current != nullptr; }
    /// The id of the job whose result will be delivered, 0 when none runs.
    quint64 currentId() const { return m_current ? m_current->id : 0; }

private:
    friend class JobToken;
    std::shared_ptr<detail::JobState> begin();
    void enqueue(const std::shared_ptr<detail::JobState>& state, QRunnable* runnable);
    static void markFinished(detail::JobState& state);
    static void drop(detail::JobState& state);
    /// On this object's thread: whether `state` may still deliver.
    bool isCurrent(const detail::JobState* state) const { return m_current.get() == state; }
    /// On this object's thread, once the work ended: forgets `state`.
    void retire(const std::shared_ptr<detail::JobState>& state);

    QThreadPool* m_pool;
    std::shared_ptr<detail::JobState> m_current;
    std::vector<std::shared_ptr<detail::JobState>> m_running; ///< current and superseded, until they end
    quint64 m_lastId = 0;
};

template <class F> void JobToken::post(F f) const
{
    // The owner outlives the work (its destructor waits for started work), so it is a safe
    // context; a queued call to a destroyed object is dropped by Qt.
    QMetaObject::invokeMethod(
        m_owner,
        [owner = m_owner, state = m_state, f = std::move(f)]() mutable {
            if (owner->isCurrent(state.get()))
                f();
        },
        Qt::QueuedConnection);
}

template <class Work, class Done> quint64 BackgroundJob::start(Work work, Done done)
{
    using Result = std::invoke_result_t<Work&, const JobToken&>;
    std::shared_ptr<detail::JobState> state = begin();
    QRunnable* runnable =
        QRunnable::create([this, state, work = std::move(work), done = std::move(done)]() mutable {
            {
                const std::lock_guard lock(state->mutex);
                state->started = true;
            }
            if (!state->dropped.load()) { // a job cancelled before it began still reports
                const JobToken token(this, state);
                Result result = work(token);
                QMetaObject::invokeMethod(
                    this,
                    [this, state, result = std::move(result), done = std::move(done)]() mutable {
                        const bool deliver = isCurrent(state.get());
                        retire(state);
                        if (deliver)
                            done(std::move(result));
                    },
                    Qt::QueuedConnection);
            } else {
                QMetaObject::invokeMethod(
                    this, [this, state] { retire(state); }, Qt::QueuedConnection);
            }
            markFinished(*state);
        });
    enqueue(state, runnable);
    return state->id;
}

} // namespace kl::gui
