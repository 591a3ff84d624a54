#pragma once

#include <string>

namespace kl::cli {

struct StatsArgs {
    std::string log;   ///< the events log; empty: defaultEventsLogPath
    std::string since; ///< a duration ("30m", "2h", "7d"): only events this recent
    bool json = false;
};

/// `klens stats`: hits, misses, hit rate, compile time per stage and the slowest kernels, by
/// origin, from the compile-events log. Returns the exit code (1 when corrupt lines were skipped).
int runStats(const StatsArgs& args);

} // namespace kl::cli
