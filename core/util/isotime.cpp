#include "isotime.h"

#include <cstdio>
#include <ctime>

namespace kl {

std::int64_t realtimeNs()
{
    struct timespec t {};
    ::clock_gettime(CLOCK_REALTIME, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

std::string isoTime(std::int64_t ns)
{
    std::time_t secs = static_cast<std::time_t>(ns / 1000000000);
    std::tm tm{};
    ::gmtime_r(&secs, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>((ns / 1000000) % 1000));
    return buf;
}

} // namespace kl
