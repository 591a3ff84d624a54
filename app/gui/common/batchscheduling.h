#pragma once

#include <algorithm>
#include <cerrno>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

namespace kl::gui {

// Background work that must not take the CPU from the UI thread on a small machine (a scan's
// readers on 2 cores): for this scope the calling thread, and the threads it creates, run under
// SCHED_BATCH (never preempting on waking, so the UI thread gets the CPU back as soon as it has
// something to do) and niced by `niceBy` (Linux threads have their own nice value). Measured on a
// quiet 2-core machine, 100,000 entries (tests/bench/RESULTS.md): batch alone gave the window
// 72.6 ms stalls (median of 5), +2 84 ms, +5 41.8 ms at the cost of ~0.7 s more scan time.
// Not more: under Xvfb, +10 and +19 cut the worst stall from 69 to 39-44 ms on a quiet machine,
// but beside two busy processes at nice 0 the scan took 7.7 s (+10) and 44.6 s (+19, first rows
// after 5.5 s) against 3.6 s (+5): a loaded login node would starve the user's own scan.
// Allowed without privileges; restoring the nice value may be refused without CAP_SYS_NICE.
class BatchScheduling {
public:
    explicit BatchScheduling(int niceBy = 5)
        : m_old(::sched_getscheduler(0))
        , m_tid(::gettid())
    {
        const sched_param none{};
        m_ok = m_old == SCHED_OTHER && ::sched_setscheduler(0, SCHED_BATCH, &none) == 0;
        errno = 0;
        m_oldNice = ::getpriority(PRIO_PROCESS, id_t(m_tid));
        m_niced =
            errno == 0 && ::setpriority(PRIO_PROCESS, id_t(m_tid), std::min(m_oldNice + niceBy, 19)) == 0;
    }
    ~BatchScheduling()
    {
        const sched_param none{};
        if (m_ok)
            ::sched_setscheduler(0, m_old, &none); // a pool thread goes back to normal
        if (m_niced)
            ::setpriority(PRIO_PROCESS, id_t(m_tid), m_oldNice); // may be refused without CAP_SYS_NICE
    }
    BatchScheduling(const BatchScheduling&) = delete;
    BatchScheduling& operator=(const BatchScheduling&) = delete;

private:
    int m_old;
    pid_t m_tid;
    int m_oldNice = 0;
    bool m_ok = false;
    bool m_niced = false;
};

} // namespace kl::gui
