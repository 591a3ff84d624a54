#pragma once

#include "compileevent.h"
#include "core/util/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// The schema every events-log line names in "schema".
inline constexpr std::string_view kEventSchema = "kernellens.event/1";

/// Longest line (newline included) an appender writes: PIPE_BUF, so that a line is one write() that
/// concurrent appenders never interleave, whichever filesystem or pipe it goes to.
inline constexpr std::size_t kMaxEventLineBytes = 4096;

/// One event as its events-log line: compact JSON and a newline, never longer than
/// kMaxEventLineBytes. A longer line is shortened, never split: first kernel (256 code points),
/// key, host (128), origin and arch (32) are cut, then stages_us is dropped (total_us stays); the
/// line's "truncated" array names what was shortened. Text that is not UTF-8 is written with each
/// invalid byte as the text \xHH.
std::string formatEventLine(const CompileEvent& event);

/// What parseEventLine read besides the event.
struct EventLineExtras {
    std::vector<std::string> truncated; ///< fields the writer shortened ("kernel", "stages_us", ...)
};

/// One line (without its newline) back into an event. Fields not in the schema are ignored;
/// numbers may be integers or floats (Infinity/NaN are accepted and leave the field at 0, a stage
/// with such a value is left out). Required: a JSON object with "origin" (string), "cache_hit"
/// (bool) and "time_ns" (number). The error says what is missing, or the JSON parser's cause.
Result<CompileEvent> parseEventLine(std::string_view line, EventLineExtras* extras = nullptr);

} // namespace kl
