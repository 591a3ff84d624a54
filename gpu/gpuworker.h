#pragma once

// KernelLens's launches run in a process of their own, klens-gpu-worker. A kernel that faults
// (an illegal address, a trap) leaves a sticky error that, on current drivers, poisons every
// context of the process: measured on an H100 with driver 580, neither cuDevicePrimaryCtxReset
// nor destroying a created context and making a new one recovers, and a second context made
// before the fault cannot load a module after it (tests/bench/RESULTS.md, "GPU proof"). Only a
// new process can go on. A kernel that never ends is ended with its process, too.

#include "autotunebackend.h"
#include "core/util/result.h"

#include <memory>
#include <string>

namespace kl {

/// The worker's loop: talks to the parent over `fd` (a socket; see workerwire.h) until the
/// parent closes it, launching on device `ordinal` in this process. Returns the exit code.
int runGpuWorker(int fd, int ordinal);

/// The worker executable: $KL_GPU_WORKER, else klens-gpu-worker beside this executable, in
/// ../libexec/kernellens (installed) or ../../gpu (the build tree, for app/cli, app/gui and
/// tests/*). Empty when none exists.
std::string gpuWorkerPath();

/// A backend whose launches run in a worker process started from `workerPath`, restarted after
/// a sticky fault or a hang. Fails when the first worker cannot start or has no device.
Result<std::unique_ptr<AutotuneBackend>> makeIsolatedBackend(const std::string& workerPath, int ordinal);

/// The backend in this process (what the worker runs; also the fallback without a worker).
Result<std::unique_ptr<AutotuneBackend>> makeInProcessCudaBackend(int ordinal);

} // namespace kl
