#pragma once

// `klens override try --run`: the entry's kernel and the edited one launched on the same inputs
// through the autotuner's backend (a real GPU, launches in klens-gpu-worker), and their outputs
// compared. The user's run spec (kernellens.triton-run/1) says the grid and the arguments; the
// entry fixes the block (num_warps x 32), the dynamic shared memory and the scratch pointers
// Triton's launcher appends, as its launcher would pass them.

#include "core/util/result.h"
#include "core/util/text.h"
#include "gpu/autotunebackend.h"
#include "gpu/kernels/hostbuffer.h"
#include "gpu/kernels/kernelspec.h"
#include "gpu/kernels/launchplan.h"
#include "gpu/kernels/resultcheck.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

/// One kernel to run: its cubin and the launch its compile fixed.
struct TritonRunSide {
    std::string cubin;
    std::uint32_t threads = 0;     ///< num_warps x warp size
    std::uint64_t sharedBytes = 0; ///< the metadata's `shared`
};

struct TritonRunInput {
    std::string specPath;     ///< the user's run spec
    std::string sizeName;     ///< a problem size of the spec; empty: its default
    std::string kernel;       ///< the entry's kernel name
    std::string ttir;         ///< the entry's TTIR: the kernel's own parameters
    std::string ptx;          ///< the entry's PTX: its parameter count, scratch pointers included
    std::string metadataJson; ///< the entry's `<kernel>.json`
    TritonRunSide original, edited;
    std::uint64_t seed = 1;
    double timeBoundMs = 10'000;
};

struct TritonRunOutput {
    std::string argument;
    BufferComparison comparison; ///< the edit's values against the original's
    Text description;            ///< describeComparison under the spec's tolerance
};

struct TritonRunResult {
    bool ran = false;   ///< both kernels ran; `outputs` are filled
    Text reason;        ///< why not, or what the comparison showed, as one sentence
    std::string device; ///< "NVIDIA H200 (sm_90)"
    std::string size;   ///< the problem size run
    std::vector<TritonRunOutput> outputs;
    bool outputsDiffer = false; ///< some output element differs beyond the spec's tolerance
};

/// Both sides planned, with the inputs filled: everything but the GPU.
struct PreparedTritonRun {
    TritonRunInput input;
    KernelSpec spec, editedSpec; ///< the run spec with Triton's scratch pointers appended
    LaunchPlan plan, editedPlan;
    std::string size;
    std::vector<HostBuffer> inputs;
};

/// Reads and checks the run spec against the entry, or says, naming the spec or the entry, what
/// cannot be launched as Triton would: a spec whose arguments do not match the TTIR's,
/// clusters (num_ctas > 1), cooperative or PDL launches, tensor descriptors, element types
/// KernelLens cannot fill. No GPU needed: a spec's errors show on any machine.
Result<PreparedTritonRun> prepareTritonRun(const TritonRunInput& input);

/// Runs both sides on `backend` and compares every `out` and `inout` buffer.
TritonRunResult runTritonPair(AutotuneBackend& backend, const PreparedTritonRun& prepared);
/// The two above in one: `reason` says why not when preparing fails.
TritonRunResult runTritonPair(AutotuneBackend& backend, const TritonRunInput& input);

} // namespace kl
