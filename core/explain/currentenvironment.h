#pragma once

#include "core/env/environment.h"
#include "core/keys/tritonkey.h"
#include "core/util/text.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// What this machine and environment would feed into a compile now, as far as can be told
/// without running Triton: the cache-invalidating variables, the Triton version that `python3`
/// on PATH (or KL_PYTHON) imports (env/tritonversion.h), and the compute capability of each
/// NVIDIA GPU that nvidia-smi lists.
struct CurrentEnvironment {
    EnvVarList envVars;                       ///< set and non-empty, raw values, newest and older names
    std::optional<std::string> tritonVersion; ///< triton.__version__ from python3, when it answered
    Text tritonVersionSource;                 ///< the command that answered, or why the version is unknown
    std::vector<std::string> gpuArchs;        ///< "90" for compute capability 9.0, one per GPU
    Text gpuSource;                           ///< the command that answered, or why the arch is unknown
};

struct ProbeOptions {
    std::string nvidiaSmi = "nvidia-smi";
    int timeoutMs = 5000; ///< per command: importing triton takes a second or two
    const std::atomic<bool>* cancel = nullptr;
};

CurrentEnvironment probeCurrentEnvironment(const Environment& env, const ProbeOptions& options = {});

/// "9.0" -> "90", "10.0" -> "100" (nvidia-smi's compute_cap to Triton's arch); nothing otherwise.
std::optional<std::string> archFromComputeCap(std::string_view cap);

} // namespace kl
