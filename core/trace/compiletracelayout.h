#pragma once

#include "core/events/compileevent.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kl::trace {

/// A process in the exported trace: the (host, pid) that logged some events.
struct CompileTraceProcess {
    std::int32_t pid = 0;     ///< the trace's pid: the real one unless another host or 0 took it
    std::int64_t realPid = 0; ///< as logged
    std::string host;
    std::string name; ///< "triton listener pid 1234 on gpu-a01", "klens pid 99"
};

/// A thread (track) of a process: one origin's events, and another lane when they overlap.
struct CompileTraceTrack {
    std::int32_t pid = 0;
    std::int32_t tid = 0; ///< 1, 2, ... within the process
    std::string name;     ///< "klens nvrtc", "triton compile", "triton compile #2"
};

/// One span: a compile or hit (stage -1) or one of its stages, placed in time.
struct CompileTraceSpan {
    std::int64_t startNs = 0; ///< Unix epoch, ns
    std::int64_t durNs = 0;
    std::size_t event = 0; ///< index into the events laid out
    int stage = -1;        ///< index into the event's stagesUs; -1 for the whole compile
    std::int32_t pid = 0;
    std::int32_t tid = 0;
};

struct CompileTraceLayout {
    std::vector<CompileTraceProcess> processes; ///< in the order first logged
    std::vector<CompileTraceTrack> tracks;      ///< by process, then tid
    /// By start time; a compile before its first stage (stable for equal times), so every
    /// stage follows the compile that holds it.
    std::vector<CompileTraceSpan> spans;
};

/// Durations above this many microseconds (11.6 days) are read as this: no compile lasts that
/// long, and it keeps every sum of stages far from int64 overflow.
inline constexpr std::int64_t kMaxCompileUs = 1'000'000'000'000;

/// Place each event in time and on a track. An event's `timeNs` is when it ended, so a compile
/// spans [timeNs - max(total, sum of stages), timeNs] and its stages follow one another from its
/// start in the order logged. `nvrtc-remote` is the exception: its `timeNs` is copied from the
/// local tier's lookup, so the remote tier starts there; its `remote_push` ran after the local
/// compile, which is placed by the `nvrtc` miss of the same process and key that ended at or after
/// it. Overlapping compiles of one origin in one process (threads) go on separate lanes so that
/// each track's spans nest.
CompileTraceLayout layoutCompileTrace(const std::vector<CompileEvent>& events);

} // namespace kl::trace
