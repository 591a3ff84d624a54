#pragma once

#include "compileevent.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// Median and 90th percentile of some durations (microseconds), interpolated linearly between
/// the closest ranks as numpy.percentile does by default; both 0 when count is 0.
struct DurationSummary {
    std::size_t count = 0;
    double medianUs = 0;
    double p90Us = 0;
};

struct StageSummary {
    std::string stage;
    DurationSummary time; ///< over the misses that report this stage
};

/// Figures for one origin ("nvrtc", "triton", ...) or for all events together.
struct OriginStats {
    std::string origin; ///< empty for the total
    std::size_t events = 0;
    std::size_t hits = 0;
    std::size_t misses = 0;
    std::optional<double> hitRate; ///< hits / events; none without events
    DurationSummary missTotal;     ///< total_us of the misses (compiles)
    DurationSummary hitTotal;      ///< total_us of the hits (lookup and load)
    /// Per stage over the misses, in the order the stages ran (first seen first).
    std::vector<StageSummary> stages;
    std::uint64_t missBytes = 0; ///< artefact bytes the compiles produced
};

/// One kernel's compiles (misses), for the slowest-kernels list.
struct KernelCompileTimes {
    std::string origin;
    std::string kernel;
    std::size_t compiles = 0;
    std::int64_t maxUs = 0;  ///< the slowest compile
    double medianUs = 0;     ///< median over its compiles
    std::int64_t sumUs = 0;  ///< all its compiles together
    std::string slowestKey;  ///< cache key of the slowest compile
    std::string slowestArch; ///< its arch
    std::int64_t slowestTimeNs = 0;
};

struct EventStatsOptions {
    std::optional<std::int64_t> sinceNs; ///< only events at or after this time (Unix ns)
    std::size_t slowest = 10;            ///< length of the slowest-kernels list
};

struct EventStats {
    OriginStats total;
    std::vector<OriginStats> byOrigin;            ///< sorted by origin name
    std::vector<KernelCompileTimes> slowest;      ///< by slowest compile, longest first
    std::size_t consideredEvents = 0;             ///< after the --since filter
    std::int64_t firstTimeNs = 0, lastTimeNs = 0; ///< of the considered events; 0 when none
};

/// Hits, misses, hit rate, per-stage and total compile times and the slowest kernels, in all and
/// per origin. Kernels are grouped by (origin, kernel name); ties keep the first seen first.
EventStats computeEventStats(const std::vector<CompileEvent>& events, const EventStatsOptions& options = {});

/// Microseconds as people read them: "850 µs", "12.3 ms", "1.23 s", "2 min 5 s".
std::string humanMicros(double us);

/// The q-quantile (0..1) of `values`, linear between closest ranks (numpy's default).
double quantile(std::vector<std::int64_t> values, double q);

} // namespace kl
