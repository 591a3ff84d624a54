#pragma once

// What the autotuner needs from a device: load a compiled kernel, launch it once on given
// buffers and hand the results back, time it. The CUDA implementation is cudabackend.h; tests
// drive the autotuner's own logic (checks, failures, cancel, persistence) through a CPU one.

#include "benchstats.h"
#include "core/util/result.h"
#include "core/util/text.h"
#include "gpu/kernels/hostbuffer.h"
#include "gpu/kernels/kernelspec.h"
#include "gpu/kernels/launchplan.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct LoadedKernelInfo {
    int registers = 0;
    int localBytes = 0; ///< per thread: spills and stack
    int staticSharedBytes = 0;
    int maxThreadsPerBlock = 0; ///< the kernel's own limit (registers lower it)
};

enum class RunStatus {
    Ok,
    LoadFailed,   ///< the module or the function could not be loaded
    LaunchFailed, ///< bad geometry, out of resources, an illegal address...
    TimedOut,     ///< a launch ran past the time bound; the device is unusable until it ends
};

struct RunOutcome {
    RunStatus status = RunStatus::Ok;
    Text message; ///< why not, when not ok
    bool ok() const { return status == RunStatus::Ok; }
};

class AutotuneBackend {
public:
    virtual ~AutotuneBackend() = default;
    virtual std::string deviceName() const = 0;
    /// What to compile for, e.g. "sm_90".
    virtual std::string arch() const = 0;

    /// Loads `image` (a cubin) and finds `entry`; replaces what was loaded before.
    virtual RunOutcome load(std::string_view image, const std::string& entry, LoadedKernelInfo& info) = 0;
    /// Copies the buffer arguments of `inputs` (one per spec argument) to the device, zeroes
    /// scratch buffers, launches once as `plan` says, waits at most `timeBoundMs`, and copies every
    /// buffer the kernel may write (out, inout, scratch) back into `results` (resized like
    /// `inputs`; `in` buffers may stay empty: only outputs are checked). The buffers stay for time().
    virtual RunOutcome launchOnce(const KernelSpec& spec, const LaunchPlan& plan,
                                  const std::vector<HostBuffer>& inputs, std::vector<HostBuffer>& results,
                                  double timeBoundMs) = 0;
    /// Times the kernel of the last launchOnce on its buffers, as BenchOptions describes:
    /// one sample (ms) per timed repeat.
    virtual RunOutcome time(const BenchOptions& options, std::vector<double>& samplesMs) = 0;
    /// Frees the module and buffers of the last load.
    virtual void unload() = 0;
    /// Fails once nothing more can run (a kernel that never ended holds the device), saying so.
    virtual Status usable() const = 0;
};

} // namespace kl
