#pragma once

#include <sched.h>

namespace kl::gui {

// Background work that must not take the CPU from the UI thread on a small machine (a scan's
// readers on 2 cores): SCHED_BATCH for the calling thread and the threads it creates, for this
// scope. Batch threads keep their full share against other programs (a niced scan took 2x as
// long on a busy machine, see tests/bench/RESULTS.md) but never preempt on waking, so the UI
// thread gets the CPU back as soon as it has something to do. Allowed without privileges.
class BatchScheduling {
public:
    BatchScheduling()
        : m_old(::sched_getscheduler(0))
    {
        const sched_param none{};
        m_ok = m_old == SCHED_OTHER && ::sched_setscheduler(0, SCHED_BATCH, &none) == 0;
    }
    ~BatchScheduling()
    {
        const sched_param none{};
        if (m_ok)
            ::sched_setscheduler(0, m_old, &none); // a pool thread goes back to normal
    }
    BatchScheduling(const BatchScheduling&) = delete;
    BatchScheduling& operator=(const BatchScheduling&) = delete;

private:
    int m_old;
    bool m_ok = false;
};

} // namespace kl::gui
