#pragma once

#include "core/util/result.h"
#include "tracemodel.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace kl::trace {

struct TraceReadOptions {
    /// Called every few MiB from the reading thread: bytes of the file read so far, its size.
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
    /// Keep launches (cuda_runtime/cuda_driver with a correlation) for launch delays.
    bool keepLaunches = true;
    /// The longest single JSON value accepted (RapidJSON gathers a string whole): 256 MiB.
    std::uint64_t maxToken = 256ull << 20;
};

/// Reads a Chrome trace (an object with `traceEvents`, or a bare array of events), plain or
/// gzip (by its magic bytes, not its name), streaming: a SAX parse over 1 MiB chunks, so memory
/// is what is kept (GPU activities, launches, Inductor's records), never the file. A file that
/// ends early or breaks after some events gives the events before the break and
/// `Trace::truncated` naming the byte offset and the cause. Fails (naming the path, the byte
/// offset and the cause) when nothing usable was read: not a file, not JSON, JSON that is not
/// a trace, cancelled.
Result<Trace> readTrace(const std::string& path, const TraceReadOptions& options = {});

/// The same over bytes already in memory (tests, fuzzing); `label` stands for the path.
Result<Trace> readTraceBytes(std::string_view bytes, const std::string& label,
                             const TraceReadOptions& options = {});

} // namespace kl::trace
