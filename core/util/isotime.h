#pragma once

#include <cstdint>
#include <string>

namespace kl {

/// UTC ISO-8601 with milliseconds, e.g. "2026-11-22T11:20:22.123Z": how every JSON document and
/// the CLI write a time.
std::string isoTime(std::int64_t ns);

/// The wall clock (CLOCK_REALTIME) in nanoseconds: the clock file times are stamped with.
std::int64_t realtimeNs();

} // namespace kl
