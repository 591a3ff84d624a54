#pragma once

// Launch-and-time helpers on a CudaSession's stream: bounded waits and do_bench-style timing.

#include "benchstats.h"
#include "core/util/result.h"
#include "cudasession.h"

#include <functional>
#include <string>
#include <vector>

namespace kl {

enum class WaitResult { Done, Failed, TimedOut };

/// Records an event on the session's stream and polls it until the work before it ends, an
/// error shows, or `timeBoundMs` passes (a hung kernel is reported, not waited on forever).
WaitResult waitBounded(const CudaSession& s, double timeBoundMs, CUresult& failure);

/// Times `enqueue` (which puts one launch on the session's stream, or says why it cannot) as
/// do_bench does: one launch, 5 to estimate, warm-up, then repeats each preceded by overwriting
/// `flush` (when given) and bracketed by events. Fills `samplesMs`. `failure` gets the CUresult
/// when the device reported one (for the sticky-error check); `timedOut` says a wait ran past
/// the time bound.
Status timeLaunches(const CudaSession& s, const std::function<Status()>& enqueue, const DeviceBuffer* flush,
                    const BenchOptions& options, std::vector<double>& samplesMs, CUresult& failure,
                    bool& timedOut);

} // namespace kl
