#pragma once

// The autotuner's requests to the GPU worker and its replies, over workerwire.h's framing.

#include "autotunebackend.h"
#include "workerwire.h"

#include <vector>

namespace kl::protocol {

struct LaunchRequest {
    KernelSpec spec; ///< only `arguments` (name, kind, type, role): all a launch reads of it
    LaunchPlan plan; ///< geometry, shared memory and resolved arguments; not `variables`
    double timeBoundMs = 0;
};

void writeInfo(wire::Writer& w, const LoadedKernelInfo& info);
bool readInfo(wire::Reader& r, LoadedKernelInfo& info);

/// `inputs` is null when the worker still holds the last ones sent.
void writeLaunch(wire::Writer& w, const KernelSpec& spec, const LaunchPlan& plan, double timeBoundMs,
                 const std::vector<HostBuffer>* inputs);
/// Replaces `inputs` when the request carries new ones.
bool readLaunch(wire::Reader& r, LaunchRequest& request, std::vector<HostBuffer>& inputs);

/// Every buffer the launch may have written (out, inout, scratch); `in` buffers are not sent back
/// and stay empty in `results` (AutotuneBackend::launchOnce: only outputs are checked).
void writeResults(wire::Writer& w, const KernelSpec& spec, const std::vector<HostBuffer>& results);
bool readResults(wire::Reader& r, const KernelSpec& spec, const std::vector<HostBuffer>& inputs,
                 std::vector<HostBuffer>& results);

void writeBench(wire::Writer& w, const BenchOptions& o);
bool readBench(wire::Reader& r, BenchOptions& o);

} // namespace kl::protocol
