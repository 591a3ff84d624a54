#pragma once

#include "core/util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One configuration's timings from `<fn>.autotune.json`; Infinity marks a failed config.
struct AutotuneTiming {
    std::string configJson;
    std::vector<double> timings; ///< [median, p20, p80] as Triton records them
};

/// `<fn>.autotune.json`: {"key": [...], "configs_timings": [[config, [median, p20, p80]], ...]}.
struct AutotuneResult {
    std::string keyJson;
    std::vector<AutotuneTiming> configs;
};

/// The results, or why `text` does not hold them.
Result<AutotuneResult> parseAutotune(std::string_view text);

} // namespace kl
