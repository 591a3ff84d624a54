#pragma once

#include "core/model/snapshot.h"
#include "core/util/jsonwriter.h"
#include "traceanalysis.h"
#include "tracejoin.h"

#include <cstddef>
#include <vector>

namespace kl::trace {

/// The `kernellens.trace/1` document (docs/json-schema.md) of `klens trace --json`: the files,
/// the kernels (at most `top`, 0 for all), devices and streams, the join and its findings.
/// `join` is null when no cache was opened.
void writeTraceJson(json::Writer& w, const TraceReport& report, const JoinResult* join,
                    const std::vector<const Snapshot*>& snapshots, std::size_t top = 0);

/// How a kernel stands against the opened caches: "fits", "mismatch", "none" (no entry of its
/// name), "not-joined" (no cache opened, or not a kernel that can have one).
std::string_view matchState(const TraceReport& report, const JoinResult* join, std::size_t kernel);

} // namespace kl::trace
