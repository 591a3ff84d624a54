#pragma once

#include "core/events/compileevent.h"
#include "core/util/result.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace kl::trace {

/// What the trace records about where its events came from (its `otherData`) and its clock.
struct CompileTraceOptions {
    std::string source;             ///< the events log read
    std::uint64_t corruptLines = 0; ///< lines of it skipped as corrupt
    std::uint64_t partialLines = 0; ///< ... and as partial
    /// 0: `ts` is microseconds since the Unix epoch. Else `ts` counts from this Unix time in ns and
    /// the trace carries it as `baseTimeNanoseconds`, as a Kineto trace with that base does.
    std::int64_t baseTimeNs = 0;
};

/// What was written.
struct CompileTraceSummary {
    std::size_t compiles = 0;   ///< misses: one X span each
    std::size_t hits = 0;       ///< X spans, or instants when they took no time
    std::size_t stageSpans = 0; ///< X spans nested in the compiles and hits
    std::size_t processes = 0;
    std::size_t tracks = 0;
};

/// Compile events as a Chrome trace (Trace Event Format, the JSON object form; schema in
/// docs/json-schema.md, "klens trace export"): per compile or hit a span with its stages nested,
/// on a track per process and origin, named by "M" metadata events; `ts` and `dur` in
/// microseconds with three decimals (ns), as Kineto writes them, so Perfetto and chrome://tracing
/// show it beside a PyTorch trace. Fails when `out` reports a write error.
Result<CompileTraceSummary> writeCompileTrace(const std::vector<CompileEvent>& events, std::FILE* out,
                                              const CompileTraceOptions& options = {});

/// The same into `path`: a temp file in its folder, flushed to disk and renamed over `path`, so a
/// reader never sees half a trace and a failure leaves any old file as it was. "-" writes to
/// stdout. Errors name the path and the cause.
Result<CompileTraceSummary> writeCompileTraceFile(const std::vector<CompileEvent>& events,
                                                  const std::string& path,
                                                  const CompileTraceOptions& options = {});

} // namespace kl::trace
