#pragma once

#include <algorithm>
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

namespace kl::gui {

// Background work that must not starve the UI thread on a small machine (a scan's 8 readers on
// 2 cores left it without the CPU for 30-60 ms at a time): nice the calling thread (Linux
// threads have their own nice value, and threads it creates inherit it) for this scope; a pool
// thread gets its old value back.
class LowerPriority {
public:
    explicit LowerPriority(int by = 5)
        : m_tid(::gettid())
    {
        errno = 0;
        m_old = ::getpriority(PRIO_PROCESS, id_t(m_tid));
        m_ok = errno == 0 && ::setpriority(PRIO_PROCESS, id_t(m_tid), std::min(m_old + by, 19)) == 0;
    }
    ~LowerPriority()
    {
        if (m_ok)
            ::setpriority(PRIO_PROCESS, id_t(m_tid), m_old); // may be refused without CAP_SYS_NICE
    }
    LowerPriority(const LowerPriority&) = delete;
    LowerPriority& operator=(const LowerPriority&) = delete;

private:
    pid_t m_tid;
    int m_old = 0;
    bool m_ok = false;
};

} // namespace kl::gui
