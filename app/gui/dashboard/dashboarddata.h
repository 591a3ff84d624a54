#pragma once

// The dashboard's figures, computed from compile events in one pass per chart. Plain data and
// pure functions, so that they can run on a worker thread and be tested without widgets.

#include "core/events/compileevent.h"
#include "core/events/eventstats.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kl::gui {

/// One time bucket: lookups and compiles whose time falls in [startMs, startMs + bucketMs).
struct TimelineBucket {
    std::int64_t startMs = 0; ///< Unix epoch, milliseconds
    int hits = 0;
    int misses = 0;
    std::uint64_t bytes = 0;           ///< artefact bytes the misses produced
    std::uint64_t cumulativeBytes = 0; ///< of every miss up to the end of this bucket
};

struct Timeline {
    std::int64_t bucketMs = 0;
    std::vector<TimelineBucket> buckets; ///< contiguous, empty buckets included
};

/// The bucket size for a time span: the smallest of 1, 2, 5, 10, 15, 30 minutes, 1, 2, 3, 6,
/// 12 hours, 1, 2, 7, 30 days that gives at most 60 buckets (so about 20 to 60).
std::int64_t chooseBucketMs(std::int64_t spanMs);

/// Buckets aligned on multiples of the bucket size since the epoch (UTC), from the first
/// event's to the last event's.
Timeline computeTimeline(const std::vector<CompileEvent>& events);

/// The slowest compile of each of the slowest kernels, stage by stage.
struct StageBreakdown {
    struct Row {
        std::string origin;
        std::string kernel;
        std::string arch;
        std::int64_t totalUs = 0;
        std::vector<std::int64_t> stageUs; ///< one per `stages`, 0 where that compile had none
    };
    std::vector<std::string> stages; ///< every stage of the rows, in the order first seen
    std::vector<Row> rows;           ///< by slowest compile, longest first
};

/// Misses grouped by (origin, kernel); each group's slowest compile; the `limit` slowest groups.
StageBreakdown computeStageBreakdown(const std::vector<CompileEvent>& events, std::size_t limit = 10);

/// Compiles (misses) whose total_us is in [fromUs, toUs).
struct HistogramBin {
    std::int64_t fromUs = 0;
    std::int64_t toUs = 0; ///< INT64_MAX for the last, open bin
    int compiles = 0;
};

/// Bins on a 1-2-5 scale from 1 ms to 100 s (plus below 1 ms and above 100 s), trimmed to the
/// first and last bins holding a compile; empty without misses.
std::vector<HistogramBin> computeCompileHistogram(const std::vector<CompileEvent>& events);

/// Artefact bytes the misses produced, per kernel name or per arch.
struct SizeShare {
    std::string name; ///< kernel name or arch ("" when the events had none)
    std::uint64_t bytes = 0;
    int compiles = 0;
};
enum class SizeKey { Kernel, Arch };

/// Sorted by bytes, largest first (ties by name).
std::vector<SizeShare> computeSizeShares(const std::vector<CompileEvent>& events, SizeKey key);

/// Everything the dashboard shows.
struct DashboardData {
    std::size_t events = 0;
    Timeline timeline;
    StageBreakdown stages;
    std::vector<HistogramBin> histogram;
    EventStats stats; ///< per origin and the slowest kernels (core's figures, as `klens stats`)
    std::vector<SizeShare> byKernel;
    std::vector<SizeShare> byArch;
};

/// Number of kernels in the slowest-kernels table.
inline constexpr std::size_t kSlowestKernels = 15;

DashboardData computeDashboard(const std::vector<CompileEvent>& events);

} // namespace kl::gui
