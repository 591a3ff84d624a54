#include "compiletracelayout.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace kl::trace {
namespace {

constexpr std::int64_t kMaxSpanNs = kMaxCompileUs * 1000;
// A corrupt time_ns near the int64 limits must not overflow once a duration is taken from it.
constexpr std::int64_t kMaxTimeNs = std::int64_t{1} << 62;

std::int64_t spanNs(std::int64_t us)
{
    return std::clamp<std::int64_t>(us, 0, kMaxCompileUs) * 1000;
}

std::int64_t endNs(const CompileEvent& e)
{
    return std::clamp(e.timeNs, -kMaxTimeNs, kMaxTimeNs);
}

struct Placement {
    std::int64_t startNs = 0;
    std::int64_t durNs = 0;
    std::vector<std::pair<std::int64_t, std::int64_t>> stages; ///< start, duration
};

// klens logs the local compile just before the remote tier's event; other processes' lines may
// come between, so look back a little.
std::optional<std::int64_t> localCompileEnd(const std::vector<CompileEvent>& events, std::size_t i)
{
    const CompileEvent& r = events[i];
    for (std::size_t back = 1; back <= 64 && back <= i; ++back) {
        const CompileEvent& e = events[i - back];
        if (e.origin == "nvrtc" && !e.cacheHit && e.pid == r.pid && e.host == r.host && e.key == r.key &&
            endNs(e) >= endNs(r) && endNs(e) - endNs(r) <= kMaxSpanNs)
            return endNs(e);
    }
    return std::nullopt;
}

Placement placeRemoteTier(const std::vector<CompileEvent>& events, std::size_t i)
{
    const CompileEvent& e = events[i];
    Placement p;
    p.startNs = endNs(e);
    std::int64_t t = p.startNs;
    for (const auto& [name, us] : e.stagesUs) {
        if (name == "remote_push")
            if (const auto compiled = localCompileEnd(events, i))
                t = std::max(t, *compiled);
        const std::int64_t d = std::min(spanNs(us), p.startNs + kMaxSpanNs - t);
        p.stages.emplace_back(t, d);
        t += d;
    }
    p.durNs = std::max(spanNs(e.totalUs), t - p.startNs);
    return p;
}

Placement place(const std::vector<CompileEvent>& events, std::size_t i)
{
    const CompileEvent& e = events[i];
    if (e.origin == "nvrtc-remote")
        return placeRemoteTier(events, i);
    Placement p;
    std::int64_t sum = 0;
    for (const auto& stage : e.stagesUs) {
        const std::int64_t d = std::min(spanNs(stage.second), kMaxSpanNs - sum);
        p.stages.emplace_back(sum, d);
        sum += d;
    }
    p.durNs = std::max(spanNs(e.totalUs), sum);
    p.startNs = endNs(e) - p.durNs;
    for (auto& stage : p.stages)
        stage.first += p.startNs;
    return p;
}

std::string processName(const std::set<std::string>& origins, std::int64_t pid, const std::string& host)
{
    std::string what;
    for (const std::string& o : origins)
        if (o.starts_with("triton"))
            what = "triton listener";
    if (what.empty())
        for (const std::string& o : origins)
            if (o.starts_with("nvrtc"))
                what = "klens";
    if (what.empty())
        what = origins.empty() ? std::string("compiles") : *origins.begin();
    std::string name = what + " pid " + std::to_string(pid);
    if (!host.empty())
        name += " on " + host;
    return name;
}

std::string trackName(const std::string& origin, std::size_t lane)
{
    std::string name;
    if (origin == "nvrtc" || origin == "nvrtc-remote")
        name = "klens " + origin;
    else if (origin == "triton")
        name = "triton compile";
    else if (origin == "triton-remote")
        name = "triton remote cache";
    else
        name = origin.empty() ? std::string("compiles") : origin;
    if (lane > 0)
        name += " #" + std::to_string(lane + 1);
    return name;
}

// Real pids where they are unique across hosts and positive; the others get pids counted down
// from INT32_MAX that no process logged.
void assignPids(std::vector<CompileTraceProcess>& processes)
{
    std::set<std::int32_t> taken;
    std::vector<bool> real(processes.size(), false);
    for (std::size_t i = 0; i < processes.size(); ++i) {
        const std::int64_t pid = processes[i].realPid;
        if (pid > 0 && pid <= std::numeric_limits<std::int32_t>::max() &&
            taken.insert(static_cast<std::int32_t>(pid)).second) {
            processes[i].pid = static_cast<std::int32_t>(pid);
            real[i] = true;
        }
    }
    std::int32_t next = std::numeric_limits<std::int32_t>::max();
    for (std::size_t i = 0; i < processes.size(); ++i) {
        if (real[i])
            continue;
        while (taken.contains(next))
            --next;
        processes[i].pid = next;
        taken.insert(next);
    }
}

} // namespace

CompileTraceLayout layoutCompileTrace(const std::vector<CompileEvent>& events)
{
    CompileTraceLayout out;
    std::vector<Placement> placed;
    placed.reserve(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        placed.push_back(place(events, i));

    // Processes by (host, pid), in the order first logged; each one's origins in that order too.
    std::map<std::pair<std::string, std::int64_t>, std::size_t> processIndex;
    std::vector<std::size_t> processOf(events.size());
    std::vector<std::vector<std::string>> originsOf;
    std::vector<std::size_t> originOf(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        const CompileEvent& e = events[i];
        const auto [it, added] = processIndex.try_emplace({e.host, e.pid}, out.processes.size());
        if (added) {
            out.processes.push_back({0, e.pid, e.host, {}});
            originsOf.emplace_back();
        }
        processOf[i] = it->second;
        auto& origins = originsOf[it->second];
        const auto o = std::find(origins.begin(), origins.end(), e.origin);
        originOf[i] = static_cast<std::size_t>(o - origins.begin());
        if (o == origins.end())
            origins.push_back(e.origin);
    }
    assignPids(out.processes);
    for (std::size_t p = 0; p < out.processes.size(); ++p)
        out.processes[p].name = processName({originsOf[p].begin(), originsOf[p].end()},
                                            out.processes[p].realPid, out.processes[p].host);

    // Lanes: each compile on the first lane of its (process, origin) free at its start.
    std::vector<std::size_t> byStart(events.size());
    for (std::size_t i = 0; i < byStart.size(); ++i)
        byStart[i] = i;
    std::stable_sort(byStart.begin(), byStart.end(),
                     [&](std::size_t a, std::size_t b) { return placed[a].startNs < placed[b].startNs; });
    std::map<std::pair<std::size_t, std::size_t>, std::vector<std::int64_t>> laneEnds;
    std::vector<std::size_t> laneOf(events.size());
    for (const std::size_t i : byStart) {
        auto& ends = laneEnds[{processOf[i], originOf[i]}];
        const Placement& p = placed[i];
        std::size_t lane = 0;
        while (lane < ends.size() && ends[lane] > p.startNs)
            ++lane;
        if (lane == ends.size())
            ends.push_back(0);
        ends[lane] = p.startNs + p.durNs;
        laneOf[i] = lane;
    }

    // Tracks: per process, its origins in the order first logged, then their lanes.
    std::map<std::tuple<std::size_t, std::size_t, std::size_t>, std::int32_t> tidOf;
    for (std::size_t p = 0; p < out.processes.size(); ++p) {
        std::int32_t tid = 0;
        for (std::size_t o = 0; o < originsOf[p].size(); ++o) {
            const std::size_t lanes = laneEnds[{p, o}].size();
            for (std::size_t lane = 0; lane < lanes; ++lane) {
                tidOf[{p, o, lane}] = ++tid;
                out.tracks.push_back({out.processes[p].pid, tid, trackName(originsOf[p][o], lane)});
            }
        }
    }

    struct Keyed {
        std::int64_t parentStartNs;
        CompileTraceSpan span;
    };
    std::vector<Keyed> spans;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Placement& p = placed[i];
        const std::int32_t pid = out.processes[processOf[i]].pid;
        const std::int32_t tid = tidOf[{processOf[i], originOf[i], laneOf[i]}];
        spans.push_back({p.startNs, {p.startNs, p.durNs, i, -1, pid, tid}});
        for (std::size_t s = 0; s < p.stages.size(); ++s)
            spans.push_back(
                {p.startNs, {p.stages[s].first, p.stages[s].second, i, static_cast<int>(s), pid, tid}});
    }
    // A stage that starts where the next compile on its track starts (a zero-length last stage)
    // still belongs to its own compile, which started earlier: it goes first.
    std::sort(spans.begin(), spans.end(), [](const Keyed& a, const Keyed& b) {
        return std::tie(a.span.startNs, a.parentStartNs, a.span.event, a.span.stage) <
               std::tie(b.span.startNs, b.parentStartNs, b.span.event, b.span.stage);
    });
    out.spans.reserve(spans.size());
    for (const Keyed& k : spans)
        out.spans.push_back(k.span);
    return out;
}

} // namespace kl::trace
