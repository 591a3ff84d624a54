#pragma once

// The autotuner: every configuration of a kernel spec compiled through the NVRTC cache, run once
// and checked against the CPU reference, then timed like Triton's do_bench; the results kept as
// `<kernel>.autotune.json` in Triton's shape. Device work goes through an AutotuneBackend.

#include "autotunebackend.h"
#include "benchstats.h"
#include "core/events/compileevent.h"
#include "core/util/text.h"
#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/kernelspec.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct AutotuneOptions {
    std::string size;      ///< "" (the spec's default), a size name, or "N=4096,..."
    std::string arch;      ///< "" : the backend's device
    int optLevel = 3;      ///< ptxas -O
    std::string cacheRoot; ///< the NVRTC cache, which also keeps the results
    BenchOptions bench;
    std::uint64_t seed = 1; ///< inputs (makeHostBuffers)
    bool persist = true;    ///< write `<kernel>.autotune.json` (not after a cancel)
    std::size_t limit = 0;  ///< tune only the first N configurations (0: all)
    /// Called with every compile's event (hit or miss), for the events log.
    std::function<void(const CompileEvent&)> onCompile;
};

enum class ConfigStatus { Ok, WrongResult, CompileFailed, LoadFailed, LaunchFailed, TimedOut, NotRun };

/// "ok", "wrong-result", "compile-failed", "load-failed", "launch-failed", "timed-out", "not-run".
std::string_view configStatusName(ConfigStatus s);

struct ConfigOutcome {
    Configuration config;
    std::string label; ///< "BLOCK_SIZE=256 VEC=4"
    ConfigStatus status = ConfigStatus::NotRun;
    Text message; ///< why it failed or was rejected; the check's summary when ok
    bool compileHit = false;
    double compileMs = 0;
    int threadsPerBlock = 0;
    LoadedKernelInfo kernel;
    TimingSummary timing;  ///< ok only
    double throughput = 0; ///< GB/s (bytes metric) or TFLOP/s (flops metric), from the median
};

struct AutotuneProgress {
    std::size_t index = 0; ///< the configuration being worked on, 0-based
    std::size_t total = 0;
    std::string label;
    std::string phase; ///< "compile", "check", "time", or "done" (index == total)
};

struct AutotuneReport {
    Text error; ///< set when nothing could be tuned (bad size, bad arch, no configuration)
    std::string kernel;
    std::string sizeName;
    std::vector<std::pair<std::string, std::int64_t>> sizeValues;
    std::string arch;
    std::string device;
    MetricKind metricKind = MetricKind::Bytes;
    std::vector<ConfigOutcome> configs;
    std::optional<std::size_t> best; ///< the fastest ok configuration
    std::size_t rejectedByConstraints = 0;
    std::size_t compileHits = 0;
    bool cancelled = false;
    Text stopped;            ///< why the remaining configurations did not run (a hung device)
    std::string keyJson;     ///< the tuning key, e.g. [16777216, "f32", "f32", "f32"]
    std::string keyHex;      ///< the results' cache key
    std::string resultsPath; ///< where `<kernel>.autotune.json` was written
    Text persistError;       ///< why the results were not saved
};

using AutotuneProgressFn = std::function<void(const AutotuneProgress&)>;

/// Tunes `spec` on `backend`. Failures of single configurations (compile errors, launch errors,
/// wrong results, hangs) are recorded and the run goes on with the next; `cancel` (may be null)
/// is polled between phases.
AutotuneReport runAutotune(const KernelSpec& spec, AutotuneBackend& backend, const AutotuneOptions& options,
                           const AutotuneProgressFn& progress = {},
                           const std::atomic<bool>* cancel = nullptr);

/// "GB/s" or "TFLOP/s".
std::string_view throughputUnit(MetricKind m);

} // namespace kl
