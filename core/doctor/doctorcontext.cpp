#include "doctorcontext.h"

#include "processalive.h"

#include <chrono>

namespace kl {

bool DoctorContext::pidAlive(long pid) const
{
    return processAlive ? processAlive(pid) : kl::processAlive(pid);
}

std::int64_t DoctorContext::now() const
{
    if (nowNs)
        return nowNs();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace kl
