#include "benchstats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace kl {

double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    const double frac = pos - static_cast<double>(lo);
    return values[lo] + (values[hi] - values[lo]) * frac;
}

TimingSummary summarizeTimings(const std::vector<double>& ms)
{
    TimingSummary s;
    s.count = static_cast<int>(ms.size());
    if (ms.empty())
        return s;
    s.median = quantile(ms, 0.5);
    s.p20 = quantile(ms, 0.2);
    s.p80 = quantile(ms, 0.8);
    const auto [lo, hi] = std::minmax_element(ms.begin(), ms.end());
    s.min = *lo;
    s.max = *hi;
    s.mean = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
    return s;
}

std::pair<int, int> benchCounts(const BenchOptions& o, double estimateMs)
{
    auto count = [&](double budget) {
        if (!(estimateMs > 0))
            return o.maxRepeats;
        const double n = std::floor(budget / estimateMs);
        return static_cast<int>(std::clamp(n, 1.0, static_cast<double>(o.maxRepeats)));
    };
    return {count(o.warmupMs), count(o.repMs)};
}

} // namespace kl
