#pragma once

#include "core/trace/intervals.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace kl::trace {
struct Trace;
struct TraceReport;
} // namespace kl::trace

namespace kl::gui {

/// What a lane shows: one stream's activities, or where a device's communication ran under its
/// compute (hidden) and where it ran alone (exposed), the two sets DeviceStats measures.
enum class LaneKind : std::uint8_t { Stream, CommOverlap };

/// In a CommOverlap lane, `cls` says which part an interval is.
enum class OverlapPart : std::uint8_t { Hidden = 0, Exposed = 1 };

/// One lane of the timeline: the activities of one (rank,) device and stream, sorted by start,
/// in arrays laid out for the painter's binary searches rather than for reading one event.
struct TimelineLane {
    std::int32_t rank = -1; ///< -1 for a single trace without distributedInfo
    std::int32_t device = -1;
    std::int32_t stream = -1; ///< -1 in a CommOverlap lane
    LaneKind kind = LaneKind::Stream;
    std::vector<std::int64_t> start;      ///< ns from TimelineData::originNs, ascending
    std::vector<std::int64_t> end;        ///< start + duration
    std::vector<std::int64_t> maxEnd;     ///< running maximum of end: ascending, so searchable
    std::vector<std::int64_t> busyPrefix; ///< sum of durations before i (size()+1 values)
    std::vector<std::int32_t> kernel;     ///< index into TimelineData::kernelNames, -1 unknown
    std::vector<std::uint8_t> cls;        ///< trace::KernelClass; OverlapPart in a CommOverlap lane
    /// CommOverlap lanes only: hidden time before i (size()+1 values), so that a merged pixel
    /// column takes the colour of the part that fills most of it, not of its first interval.
    std::vector<std::int64_t> hiddenPrefix;

    std::size_t size() const { return start.size(); }
    /// The first event still running at or after `t` (maxEnd > t), or size().
    std::size_t firstReaching(std::int64_t t) const;
    /// The first event at or after `from` that starts at or after `t`, or size().
    std::size_t firstStartingFrom(std::size_t from, std::int64_t t) const;
    /// The event covering `t`, else the nearest one within `slack` ns; -1 when none.
    std::int64_t eventAt(std::int64_t t, std::int64_t slack) const;
};

/// What the timeline draws: lanes by rank, device, stream, each device's streams followed by its
/// communication-overlap lane when it communicated, and the kernels' names for tooltips.
/// Built off the UI thread once per opened trace; the view only reads it.
class TimelineData {
public:
    std::vector<TimelineLane> lanes;
    std::vector<std::string> kernelNames; ///< short names, by TraceReport::kernels index
    std::vector<std::uint8_t> kernelClasses;
    std::int64_t originNs = 0; ///< the trace clock's time of 0 on the axis (the first start)
    std::int64_t spanNs = 0;   ///< last end - first start

    /// GPU activities on the stream lanes (the overlap lanes' intervals are not activities).
    std::size_t events() const;

    /// Collects events lane by lane; finish() sorts them and computes the search arrays.
    class Builder {
    public:
        void add(std::int32_t rank, std::int32_t device, std::int32_t stream, std::int64_t tsNs,
                 std::int64_t durNs, std::int32_t kernel, std::uint8_t cls);
        /// A device's CommOverlap lane from its merged communication and compute busy intervals.
        void addOverlap(std::int32_t rank, std::int32_t device, const std::vector<trace::Interval>& comm,
                        const std::vector<trace::Interval>& compute);
        TimelineData finish(std::vector<std::string> kernelNames, std::vector<std::uint8_t> kernelClasses);

    private:
        struct Event {
            std::int64_t ts;
            std::int64_t dur;
            std::int32_t kernel;
            std::uint8_t cls;
        };
        // (rank, device, kind, stream): a device's overlap lane sorts after its streams.
        std::map<std::tuple<std::int32_t, std::int32_t, LaneKind, std::int32_t>, std::vector<Event>> m_lanes;
    };

    /// The traces' GPU activities with the report's kernel indices; `rankOf[i]` is the rank
    /// lanes of traces[i] are labelled with (-1 when one trace without distributedInfo).
    static TimelineData fromTraces(const std::vector<const trace::Trace*>& traces,
                                   const std::vector<std::int32_t>& rankOf, const trace::TraceReport& report);
};

} // namespace kl::gui
