#pragma once

#include "core/env/environment.h"

#include <cstdint>
#include <string>

namespace kl {

/// How an EventLog rotates. The defaults bound the log at about 3 x 8 MiB.
struct EventLogOptions {
    /// Rotate once the live file is larger than this many bytes; 0 never rotates.
    std::uint64_t maxBytes = 8ull * 1024 * 1024;
    /// Rotated files kept: `<log>.1` (newest) to `<log>.<generations>`; at least 1.
    int generations = 2;
};

/// Where compile events are appended and read, for KernelLens's compiles, the Triton listener
/// and `klens stats`/`klens events` alike:
///   1. $KERNELLENS_EVENTS_LOG when set and not empty (used as given);
///   2. else $XDG_STATE_HOME/kernellens/events.jsonl when XDG_STATE_HOME is an absolute path
///      (the XDG spec ignores relative values);
///   3. else ~/.local/state/kernellens/events.jsonl.
std::string defaultEventsLogPath(const Environment& env);

/// EventLogOptions from $KERNELLENS_EVENTS_MAX_BYTES (a size: "8M", "65536", "0" for never) and
/// $KERNELLENS_EVENTS_KEEP (rotated generations, 1 to 1000); unset or invalid values keep the
/// defaults. The Triton listener reads the same variables, so both origins rotate alike.
EventLogOptions eventLogOptionsFromEnvironment(const Environment& env);

} // namespace kl
