#pragma once

// `<kernel>.autotune.json` as Triton's autotuner writes it (cache_results=True):
// {"key": [...], "configs_timings": [[config, [median, p20, p80]], ...]}, failed configurations
// timed as Infinity; plus a "kernellens" member Triton ignores, with what Triton's shape cannot
// say (device, arch, size, statuses, throughput, resources).

#include "autotuner.h"
#include "gpu/kernels/kernelspec.h"

#include <string>

namespace kl {

/// The tuning key: the problem size's values, then the element types of the buffer arguments,
/// as Triton keys on argument values and dtypes: [16777216, "f32", "f32", "f32"].
std::string autotuneKeyJson(const KernelSpec& spec,
                            const std::vector<std::pair<std::string, std::int64_t>>& size);

/// The results' cache key (sha256 hex) over what makes timings comparable: the kernel's source,
/// entry and name, the tuning key, the arch and device, the NVRTC version, -O level and the
/// configurations tried (as Triton's key covers its configs list).
std::string autotuneKeyHex(const KernelSpec& spec, const AutotuneReport& report, int optLevel);

/// The file's text for a finished report.
std::string autotuneFileText(const KernelSpec& spec, const AutotuneReport& report);

} // namespace kl
