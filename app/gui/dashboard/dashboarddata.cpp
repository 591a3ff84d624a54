#include "dashboarddata.h"

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <utility>

namespace kl::gui {
namespace {

constexpr std::int64_t kMinute = 60 * 1000;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kDay = 24 * kHour;
constexpr std::int64_t kMaxBuckets = 60;

std::int64_t toMs(std::int64_t ns)
{
    // Floor, not truncation, so that times before 1970 still land in the right bucket.
    return ns >= 0 ? ns / 1000000 : -((-ns + 999999) / 1000000);
}

std::int64_t floorTo(std::int64_t v, std::int64_t step)
{
    const std::int64_t q = v / step;
    return (v % step != 0 && v < 0) ? (q - 1) * step : q * step;
}

} // namespace

std::int64_t chooseBucketMs(std::int64_t spanMs)
{
    static constexpr std::array<std::int64_t, 15> sizes = {
        kMinute,   2 * kMinute, 5 * kMinute, 10 * kMinute, 15 * kMinute, 30 * kMinute, kHour,    2 * kHour,
        3 * kHour, 6 * kHour,   12 * kHour,  kDay,         2 * kDay,     7 * kDay,     30 * kDay};
    // One more bucket than span / size: the first and last events rarely sit on bucket edges.
    for (std::int64_t size : sizes)
        if (spanMs / size + 1 <= kMaxBuckets)
            return size;
    return sizes.back();
}

Timeline computeTimeline(const std::vector<CompileEvent>& events)
{
    Timeline t;
    if (events.empty())
        return t;
    auto [lo, hi] = std::minmax_element(events.begin(), events.end(),
                                        [](const auto& a, const auto& b) { return a.timeNs < b.timeNs; });
    const std::int64_t first = toMs(lo->timeNs), last = toMs(hi->timeNs);
    t.bucketMs = chooseBucketMs(last - first);
    const std::int64_t start = floorTo(first, t.bucketMs);
    const std::size_t count = static_cast<std::size_t>((last - start) / t.bucketMs + 1);
    t.buckets.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        t.buckets[i].startMs = start + static_cast<std::int64_t>(i) * t.bucketMs;
    for (const CompileEvent& e : events) {
        TimelineBucket& b = t.buckets[static_cast<std::size_t>((toMs(e.timeNs) - start) / t.bucketMs)];
        if (e.cacheHit) {
            ++b.hits;
        } else {
            ++b.misses;
            b.bytes += e.bytes;
        }
    }
    std::uint64_t sum = 0;
    for (TimelineBucket& b : t.buckets) {
        sum += b.bytes;
        b.cumulativeBytes = sum;
    }
    return t;
}

StageBreakdown computeStageBreakdown(const std::vector<CompileEvent>& events, std::size_t limit)
{
    // (origin, kernel) -> index of its slowest compile; `order` keeps groups in first-seen order
    // so that ties in the sort below keep it.
    std::map<std::pair<std::string, std::string>, std::size_t> slowest;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const CompileEvent& e = events[i];
        if (e.cacheHit)
            continue;
        auto [it, inserted] = slowest.try_emplace({e.origin, e.kernel}, i);
        if (inserted)
            order.push_back(i);
        else if (e.totalUs > events[it->second].totalUs)
            it->second = i;
    }
    std::vector<std::size_t> picked;
    picked.reserve(order.size());
    for (std::size_t firstSeen : order)
        picked.push_back(slowest.at({events[firstSeen].origin, events[firstSeen].kernel}));
    std::stable_sort(picked.begin(), picked.end(),
                     [&](std::size_t a, std::size_t b) { return events[a].totalUs > events[b].totalUs; });
    if (picked.size() > limit)
        picked.resize(limit);

    StageBreakdown out;
    for (std::size_t i : picked)
        for (const auto& [stage, us] : events[i].stagesUs)
            if (std::find(out.stages.begin(), out.stages.end(), stage) == out.stages.end())
                out.stages.push_back(stage);
    for (std::size_t i : picked) {
        const CompileEvent& e = events[i];
        StageBreakdown::Row row{e.origin, e.kernel, e.arch, e.totalUs,
                                std::vector<std::int64_t>(out.stages.size())};
        for (const auto& [stage, us] : e.stagesUs) {
            const auto at = std::find(out.stages.begin(), out.stages.end(), stage) - out.stages.begin();
            row.stageUs[static_cast<std::size_t>(at)] += us;
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

std::vector<HistogramBin> computeCompileHistogram(const std::vector<CompileEvent>& events)
{
    // 1-2-5 edges from 1 ms to 100 s: compile times span four orders of magnitude.
    std::vector<std::int64_t> edges = {0};
    for (std::int64_t decade = 1000; decade <= 10000000; decade *= 10)
        for (std::int64_t m : {1, 2, 5})
            edges.push_back(m * decade);
    edges.push_back(100000000);
    edges.push_back(INT64_MAX);
    std::vector<HistogramBin> bins(edges.size() - 1);
    for (std::size_t i = 0; i + 1 < edges.size(); ++i)
        bins[i] = {edges[i], edges[i + 1], 0};
    bool any = false;
    for (const CompileEvent& e : events) {
        if (e.cacheHit)
            continue;
        any = true;
        const auto it = std::upper_bound(edges.begin(), edges.end(), std::max<std::int64_t>(e.totalUs, 0));
        ++bins[static_cast<std::size_t>(it - edges.begin() - 1)].compiles;
    }
    if (!any)
        return {};
    const auto used = [](const HistogramBin& b) { return b.compiles > 0; };
    const auto first = std::find_if(bins.begin(), bins.end(), used);
    const auto last = std::find_if(bins.rbegin(), bins.rend(), used).base();
    return {first, last};
}

std::vector<SizeShare> computeSizeShares(const std::vector<CompileEvent>& events, SizeKey key)
{
    std::map<std::string, SizeShare> shares;
    for (const CompileEvent& e : events) {
        if (e.cacheHit)
            continue;
        const std::string& name = key == SizeKey::Kernel ? e.kernel : e.arch;
        SizeShare& s = shares[name];
        s.name = name;
        s.bytes += e.bytes;
        ++s.compiles;
    }
    std::vector<SizeShare> out;
    out.reserve(shares.size());
    for (auto& [name, share] : shares)
        out.push_back(std::move(share));
    // The map gave name order: a stable sort by size keeps it for ties.
    std::stable_sort(out.begin(), out.end(),
                     [](const SizeShare& a, const SizeShare& b) { return a.bytes > b.bytes; });
    return out;
}

DashboardData computeDashboard(const std::vector<CompileEvent>& events)
{
    DashboardData d;
    d.events = events.size();
    d.timeline = computeTimeline(events);
    d.stages = computeStageBreakdown(events);
    d.histogram = computeCompileHistogram(events);
    EventStatsOptions options;
    options.slowest = kSlowestKernels;
    d.stats = computeEventStats(events, options);
    d.byKernel = computeSizeShares(events, SizeKey::Kernel);
    d.byArch = computeSizeShares(events, SizeKey::Arch);
    return d;
}

} // namespace kl::gui
