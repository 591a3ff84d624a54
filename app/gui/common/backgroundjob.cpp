#include "backgroundjob.h"

#include <algorithm>

namespace kl::gui {

BackgroundJob::BackgroundJob(QThreadPool* pool, QObject* parent)
    : QObject(parent)
    , m_pool(pool)
{
}

BackgroundJob::~BackgroundJob()
{
    m_current.reset();
    for (const auto& state : m_running)
        drop(*state);
    for (const auto& state : m_running) {
        std::unique_lock lock(state->mutex);
        if (!state->started && m_pool->tryTake(state->runnable)) {
            lock.unlock();
            delete state->runnable; // ours now (tryTake), with the work and callback it holds
            continue;
        }
        // Begun: the wait lasts until the work sees its cancel flag.
        state->ended.wait(lock, [&] { return state->finished; });
    }
}

std::shared_ptr<detail::JobState> BackgroundJob::begin()
{
    if (m_current)
        drop(*m_current); // superseded: stop it early, isCurrent() drops its result
    auto state = std::make_shared<detail::JobState>();
    state->id = ++m_lastId;
    m_current = state;
    m_running.push_back(state);
    return state;
}

void BackgroundJob::enqueue(const std::shared_ptr<detail::JobState>& state, QRunnable* runnable)
{
    state->runnable = runnable; // before start(): the worker may begin at once
    m_pool->start(runnable);
}

void BackgroundJob::markFinished(detail::JobState& state)
{
    const std::lock_guard lock(state.mutex);
    state.finished = true;
    state.ended.notify_all();
}

void BackgroundJob::retire(const std::shared_ptr<detail::JobState>& state)
{
    if (m_current == state)
        m_current.reset();
    m_running.erase(std::remove(m_running.begin(), m_running.end(), state), m_running.end());
}

void BackgroundJob::cancel()
{
    if (m_current)
        m_current->cancel = true;
}

void BackgroundJob::discard()
{
    if (m_current)
        drop(*m_current);
    m_current.reset();
}

void BackgroundJob::drop(detail::JobState& state)
{
    state.dropped = true;
    state.cancel = true;
}

} // namespace kl::gui
