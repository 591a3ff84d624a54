#pragma once

// The autotuner's backend on a real GPU through the driver API (loaded at run time).

#include "autotunebackend.h"
#include "core/util/result.h"

#include <memory>
#include <string>

namespace kl {

/// A backend on device `ordinal`, or why not: no driver or device (or the build has no cuda.h).
/// Its launches run in a worker process (gpuworker.h) when klens-gpu-worker is found, else here.
Result<std::unique_ptr<AutotuneBackend>> makeCudaBackend(int ordinal);

/// Device-to-device copy bandwidth of `bytes` (cuMemcpyDtoDAsync, timed like a kernel: median
/// of repeats with L2 flushed), counted as bytes read plus bytes written, in GB/s (1e9).
/// The yardstick for bandwidth-bound kernels. Or why it could not be measured.
Result<double> measureCopyBandwidth(int ordinal, std::uint64_t bytes, const BenchOptions& options);

} // namespace kl
