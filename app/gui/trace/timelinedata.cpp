#include "timelinedata.h"

#include "core/trace/intervals.h"
#include "core/trace/traceanalysis.h"
#include "core/trace/tracemodel.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace kl::gui {

std::size_t TimelineLane::firstReaching(std::int64_t t) const
{
    return std::size_t(std::upper_bound(maxEnd.begin(), maxEnd.end(), t) - maxEnd.begin());
}

std::size_t TimelineLane::firstStartingFrom(std::size_t from, std::int64_t t) const
{
    // Galloping from `from`: the painter asks for the next pixel column's first event, usually a
    // few events on. A binary search over the rest of a 100,000-event lane touches 17 cold cache
    // lines per column.
    const std::size_t n = start.size();
    std::size_t lo = std::min(from, n);
    std::size_t hi = lo;
    for (std::size_t step = 1; hi < n && start[hi] < t; step *= 2) {
        lo = hi + 1;
        hi = std::min(n, hi + step);
    }
    return std::size_t(
        std::lower_bound(start.begin() + std::ptrdiff_t(lo), start.begin() + std::ptrdiff_t(hi), t) -
        start.begin());
}

std::int64_t TimelineLane::eventAt(std::int64_t t, std::int64_t slack) const
{
    if (start.empty())
        return -1;
    // Events covering t start at or before it and end after it; overlapping ones (a stream's
    // events rarely overlap) are found by walking back while the running maximum still reaches t.
    const std::size_t after = firstStartingFrom(0, t + 1);
    std::int64_t best = -1;
    std::int64_t bestDistance = slack + 1;
    for (std::size_t i = after; i-- > 0;) {
        if (maxEnd[i] < t - slack)
            break;
        const std::int64_t distance = t < start[i] ? start[i] - t : (t >= end[i] ? t - end[i] + 1 : 0);
        if (distance < bestDistance ||
            (distance == 0 && bestDistance == 0 && end[i] - start[i] < end[best] - start[best])) {
            best = std::int64_t(i);
            bestDistance = distance;
        }
        if (after - i > 64)
            break; // a pathological pile-up: the nearest of the last 64 is good enough for a tooltip
    }
    if (after < start.size() && start[after] - t <= slack && start[after] - t < bestDistance)
        best = std::int64_t(after);
    return best;
}

std::size_t TimelineData::events() const
{
    std::size_t n = 0;
    for (const TimelineLane& l : lanes)
        if (l.kind == LaneKind::Stream)
            n += l.size();
    return n;
}

void TimelineData::Builder::add(std::int32_t rank, std::int32_t device, std::int32_t stream,
                                std::int64_t tsNs, std::int64_t durNs, std::int32_t kernel, std::uint8_t cls)
{
    m_lanes[{rank, device, LaneKind::Stream, stream}].push_back(
        {tsNs, std::max<std::int64_t>(durNs, 0), kernel, cls});
}

void TimelineData::Builder::addOverlap(std::int32_t rank, std::int32_t device,
                                       const std::vector<trace::Interval>& comm,
                                       const std::vector<trace::Interval>& compute)
{
    if (comm.empty())
        return;
    std::vector<Event>& events = m_lanes[{rank, device, LaneKind::CommOverlap, -1}];
    for (const trace::Interval& i : trace::intersectIntervals(comm, compute))
        events.push_back({i.first, i.second - i.first, -1, std::uint8_t(OverlapPart::Hidden)});
    for (const trace::Interval& i : trace::subtractIntervals(comm, compute))
        events.push_back({i.first, i.second - i.first, -1, std::uint8_t(OverlapPart::Exposed)});
}

TimelineData TimelineData::Builder::finish(std::vector<std::string> kernelNames,
                                           std::vector<std::uint8_t> kernelClasses)
{
    TimelineData data;
    data.kernelNames = std::move(kernelNames);
    data.kernelClasses = std::move(kernelClasses);
    std::int64_t first = INT64_MAX;
    std::int64_t last = INT64_MIN;
    for (auto& [key, events] : m_lanes)
        for (const Event& e : events) {
            first = std::min(first, e.ts);
            last = std::max(last, e.ts + e.dur);
        }
    if (first == INT64_MAX)
        return data;
    data.originNs = first;
    data.spanNs = last - first;
    data.lanes.reserve(m_lanes.size());
    for (auto& [key, events] : m_lanes) {
        std::stable_sort(events.begin(), events.end(),
                         [](const Event& a, const Event& b) { return a.ts < b.ts; });
        TimelineLane lane;
        std::tie(lane.rank, lane.device, lane.kind, lane.stream) = key;
        const std::size_t n = events.size();
        lane.start.resize(n);
        lane.end.resize(n);
        lane.maxEnd.resize(n);
        lane.busyPrefix.resize(n + 1);
        lane.kernel.resize(n);
        lane.cls.resize(n);
        std::int64_t running = INT64_MIN;
        lane.busyPrefix[0] = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const Event& e = events[i];
            lane.start[i] = e.ts - first;
            lane.end[i] = lane.start[i] + e.dur;
            running = std::max(running, lane.end[i]);
            lane.maxEnd[i] = running;
            lane.busyPrefix[i + 1] = lane.busyPrefix[i] + e.dur;
            lane.kernel[i] = e.kernel;
            lane.cls[i] = e.cls;
        }
        if (lane.kind == LaneKind::CommOverlap) {
            lane.hiddenPrefix.resize(n + 1);
            lane.hiddenPrefix[0] = 0;
            for (std::size_t i = 0; i < n; ++i)
                lane.hiddenPrefix[i + 1] =
                    lane.hiddenPrefix[i] +
                    (OverlapPart(lane.cls[i]) == OverlapPart::Hidden ? lane.end[i] - lane.start[i] : 0);
        }
        events.clear();
        events.shrink_to_fit(); // the builder's copy goes as each lane is laid out
        data.lanes.push_back(std::move(lane));
    }
    m_lanes.clear();
    return data;
}

TimelineData TimelineData::fromTraces(const std::vector<const trace::Trace*>& traces,
                                      const std::vector<std::int32_t>& rankOf,
                                      const trace::TraceReport& report)
{
    std::unordered_map<std::string_view, std::int32_t> byName;
    std::vector<std::string> names;
    std::vector<std::uint8_t> classes;
    byName.reserve(report.kernels.size());
    for (std::size_t k = 0; k < report.kernels.size(); ++k) {
        byName.emplace(report.kernels[k].name, std::int32_t(k));
        names.push_back(report.kernels[k].shortName.empty() ? report.kernels[k].name
                                                            : report.kernels[k].shortName);
        classes.push_back(std::uint8_t(report.kernels[k].cls));
    }
    Builder builder;
    // Per (rank, device): communication and compute busy intervals, for the overlap lanes.
    std::map<std::pair<std::int32_t, std::int32_t>,
             std::pair<std::vector<trace::Interval>, std::vector<trace::Interval>>>
        busy;
    for (std::size_t t = 0; t < traces.size(); ++t) {
        const trace::Trace& tr = *traces[t];
        // Each interned name is looked up once, not once per event.
        std::vector<std::int32_t> kernelOf(tr.names.size(), -2);
        const std::int32_t rank = t < rankOf.size() ? rankOf[t] : -1;
        for (const trace::GpuEvent& e : tr.gpu) {
            std::int32_t& k = kernelOf[e.name];
            if (k == -2) {
                auto it = byName.find(tr.nameOf(e.name));
                k = it == byName.end() ? -1 : it->second;
            }
            const auto cls =
                k >= 0 ? report.kernels[std::size_t(k)].cls : trace::classify(e.kind, tr.nameOf(e.name));
            builder.add(rank, e.device, e.stream, e.tsNs, e.durNs, k, std::uint8_t(cls));
            if (cls == trace::KernelClass::Communication || cls == trace::KernelClass::Compute) {
                auto& [comm, compute] = busy[{rank, e.device}];
                (cls == trace::KernelClass::Communication ? comm : compute)
                    .emplace_back(e.tsNs, e.tsNs + std::max<std::int64_t>(e.durNs, 0));
            }
        }
    }
    for (auto& [device, lists] : busy) {
        trace::mergeIntervals(lists.first);
        trace::mergeIntervals(lists.second);
        builder.addOverlap(device.first, device.second, lists.first, lists.second);
    }
    return builder.finish(std::move(names), std::move(classes));
}

} // namespace kl::gui
