#include "eventstats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace kl {
namespace {

DurationSummary summarize(const std::vector<std::int64_t>& values)
{
    DurationSummary s;
    s.count = values.size();
    if (!values.empty()) {
        s.medianUs = quantile(values, 0.5);
        s.p90Us = quantile(values, 0.9);
    }
    return s;
}

// Collects one origin's (or the total's) durations before they are summarized.
struct Accumulator {
    OriginStats stats;
    std::vector<std::int64_t> missTotals, hitTotals;
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> stages; // first seen first

    void add(const CompileEvent& e)
    {
        ++stats.events;
        if (e.cacheHit) {
            ++stats.hits;
            hitTotals.push_back(e.totalUs);
            return;
        }
        ++stats.misses;
        stats.missBytes += e.bytes;
        missTotals.push_back(e.totalUs);
        for (const auto& [name, us] : e.stagesUs) {
            auto it = std::find_if(stages.begin(), stages.end(), [&, &n = name](const auto& s) {
                return s.first == n;
            }); // clang 14 cannot capture bindings
            if (it == stages.end()) {
                stages.emplace_back(name, std::vector<std::int64_t>{});
                it = stages.end() - 1;
            }
            it->second.push_back(us);
        }
    }

    OriginStats finish()
    {
        if (stats.events > 0)
            stats.hitRate = static_cast<double>(stats.hits) / static_cast<double>(stats.events);
        stats.missTotal = summarize(missTotals);
        stats.hitTotal = summarize(hitTotals);
        for (const auto& [name, values] : stages)
            stats.stages.push_back({name, summarize(values)});
        return stats;
    }
};

} // namespace

std::string humanMicros(double us)
{
    char buf[64];
    if (us < 1000)
        std::snprintf(buf, sizeof buf, "%.0f µs", us);
    else if (us < 1e6)
        std::snprintf(buf, sizeof buf, "%.*f ms", us < 1e4 ? 2 : 1, us / 1e3);
    else if (us < 60e6)
        std::snprintf(buf, sizeof buf, "%.2f s", us / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f min %.0f s", std::floor(us / 60e6), std::fmod(us / 1e6, 60.0));
    return buf;
}

double quantile(std::vector<std::int64_t> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double pos = q * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    const double frac = pos - static_cast<double>(lo);
    return static_cast<double>(values[lo]) + frac * static_cast<double>(values[hi] - values[lo]);
}

EventStats computeEventStats(const std::vector<CompileEvent>& events, const EventStatsOptions& options)
{
    EventStats out;
    Accumulator total;
    std::map<std::string, Accumulator> byOrigin;
    struct KernelAcc {
        KernelCompileTimes k;
        std::vector<std::int64_t> totals;
        std::size_t order = 0;
    };
    std::map<std::pair<std::string, std::string>, KernelAcc> kernels;
    for (const CompileEvent& e : events) {
        if (options.sinceNs && e.timeNs < *options.sinceNs)
            continue;
        ++out.consideredEvents;
        if (out.firstTimeNs == 0 || e.timeNs < out.firstTimeNs)
            out.firstTimeNs = e.timeNs;
        out.lastTimeNs = std::max(out.lastTimeNs, e.timeNs);
        total.add(e);
        Accumulator& acc = byOrigin[e.origin];
        acc.stats.origin = e.origin;
        acc.add(e);
        if (e.cacheHit)
            continue;
        auto [it, inserted] = kernels.try_emplace({e.origin, e.kernel});
        KernelAcc& ka = it->second;
        if (inserted) {
            ka.order = kernels.size();
            ka.k.origin = e.origin;
            ka.k.kernel = e.kernel;
        }
        ++ka.k.compiles;
        ka.k.sumUs += e.totalUs;
        ka.totals.push_back(e.totalUs);
        if (ka.k.compiles == 1 || e.totalUs > ka.k.maxUs) {
            ka.k.maxUs = e.totalUs;
            ka.k.slowestKey = e.key;
            ka.k.slowestArch = e.arch;
            ka.k.slowestTimeNs = e.timeNs;
        }
    }
    out.total = total.finish();
    for (auto& [origin, acc] : byOrigin)
        out.byOrigin.push_back(acc.finish());

    std::vector<KernelAcc*> ranked;
    for (auto& [k, acc] : kernels) {
        acc.k.medianUs = quantile(acc.totals, 0.5);
        ranked.push_back(&acc);
    }
    std::sort(ranked.begin(), ranked.end(), [](const KernelAcc* a, const KernelAcc* b) {
        return a->k.maxUs != b->k.maxUs ? a->k.maxUs > b->k.maxUs : a->order < b->order;
    });
    for (std::size_t i = 0; i < ranked.size() && i < options.slowest; ++i)
        out.slowest.push_back(ranked[i]->k);
    return out;
}

} // namespace kl
