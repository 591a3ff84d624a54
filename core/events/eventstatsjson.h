#pragma once

#include "eventlogreader.h"
#include "eventstats.h"

#include <cstdio>
#include <optional>
#include <string>

namespace kl {

/// `klens stats --json`, schema "kernellens.stats/1" (docs/json-schema.md): the log read
/// (path, files, line counts, issues), the window, the total and per-origin figures, the slowest
/// kernels.
void writeEventStatsJson(const std::string& logPath, const EventLogContents& log, const EventStats& stats,
                         const std::optional<std::int64_t>& sinceNs, std::FILE* out);

} // namespace kl
