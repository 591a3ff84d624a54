#pragma once

// Timing statistics as Triton's do_bench reports them (torch.quantile, linear interpolation).

#include <cstdint>
#include <utility>
#include <vector>

namespace kl {

/// How a kernel is timed, after Triton's do_bench: a first launch, an estimate from 5 launches,
/// then warm-up launches for `warmupMs` and timed repeats for `repMs` (at least one of each),
/// each timed repeat preceded by overwriting an L2-sized flush buffer so every repeat starts cold.
struct BenchOptions {
    double warmupMs = 25;
    double repMs = 100;
    bool flushL2 = true;
    std::uint64_t flushBytes = 256ull << 20; ///< Triton's cache-clearing buffer
    int maxRepeats = 10000;                  ///< bounds events and run time for tiny kernels
    double timeBoundMs = 10000;              ///< one launch running longer than this is reported
};

struct TimingSummary {
    int count = 0;
    double median = 0; ///< milliseconds
    double p20 = 0;
    double p80 = 0;
    double min = 0;
    double max = 0;
    double mean = 0;
    /// (p80 - p20) / median: how much repeats disagree.
    double spread() const { return median > 0 ? (p80 - p20) / median : 0; }
};

/// The q-quantile (0..1) of `values` as torch.quantile computes it by default: sorted, position
/// q * (n - 1), linear interpolation between the neighbours. NaN for an empty list.
double quantile(std::vector<double> values, double q);

/// Median, p20, p80 (as do_bench's quantiles=[0.5, 0.2, 0.8]), min, max, mean.
TimingSummary summarizeTimings(const std::vector<double>& milliseconds);

/// How many warm-up and timed launches do_bench runs for an estimated launch time (ms):
/// max(1, int(warmupMs / estimate)) and max(1, int(repMs / estimate)), the repeats capped.
std::pair<int, int> benchCounts(const BenchOptions& options, double estimateMs);

} // namespace kl
