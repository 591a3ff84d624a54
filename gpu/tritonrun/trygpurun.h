#pragma once

// The GPU run of an override Try, as `klens override try --run` and the override editor's
// "Run on GPU" make it: the entry's stages read, the run spec checked against them (on any
// machine), then both kernels launched on the GPU and compared (tritonrun.h).

#include "core/model/entry.h"
#include "core/overridetry/overridetry.h"
#include "tritonrun.h"

#include <string>

namespace kl {

struct TryGpuRunOptions {
    std::string spec; ///< a run spec, kernellens.triton-run/1
    std::string size; ///< one of its problem sizes; empty: its default
    int device = 0;   ///< CUDA ordinal
};

struct TryGpuRun {
    enum class Outcome {
        Ran,         ///< `result` holds the comparison
        NotCompiled, ///< the Try failed: there is no edited kernel
        BadInput,    ///< the spec does not fit the entry, or the entry's stages cannot be read
        NoGpu,       ///< no driver or device
        Failed,      ///< a side failed to load or launch
    };
    Outcome outcome = Outcome::NotCompiled;
    TritonRunResult result; ///< `reason` says why not ("not run: ...") when it did not run
};

/// Runs `tried` (a Try of `entry`) on the GPU beside the entry's kernel (its `original` side).
TryGpuRun runTryOnGpu(const OverrideTry& tried, const Entry& entry, const TryGpuRunOptions& options);

} // namespace kl
