#pragma once

// The autotuner's backend on a real GPU through the driver API (loaded at run time).

#include "autotunebackend.h"

#include <memory>
#include <string>

namespace kl {

/// A backend on device `ordinal`; null with `error` set when there is no driver or device (or
/// the build has no cuda.h).
std::unique_ptr<AutotuneBackend> makeCudaBackend(int ordinal, std::string& error);

/// Device-to-device copy bandwidth of `bytes` (cuMemcpyDtoDAsync, timed like a kernel: median
/// of repeats with L2 flushed), counted as bytes read plus bytes written, in GB/s (1e9).
/// The yardstick for bandwidth-bound kernels. 0 with `error` set on failure.
double measureCopyBandwidth(int ordinal, std::uint64_t bytes, const BenchOptions& options,
                            std::string& error);

} // namespace kl
