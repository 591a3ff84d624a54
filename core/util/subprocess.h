#pragma once

#include "text.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace kl {

/// What a helper program (python3, nvidia-smi, nvdisasm) printed, or why it gave nothing.
struct ProcessResult {
    bool started = false;
    bool timedOut = false;
    bool truncated = false; ///< standard output was longer than the limit and was cut there
    int exitCode = -1;      ///< -1 when it did not exit normally
    std::string out;        ///< standard output, up to ProcessOptions::maxOutput
    std::string err;        ///< standard error (when captured), at most 16 KiB
    Text error;             ///< why it did not start, or was stopped
};

struct ProcessOptions {
    int timeoutMs = 10'000;
    std::size_t maxOutput = 64 * 1024;
    bool captureStderr = false; ///< else it goes to /dev/null
    const std::atomic<bool>* cancel = nullptr;
};

/// Runs `argv` (argv[0] found on PATH unless it holds a '/') with stdin on /dev/null. It runs in
/// its own process group, which is killed when the time is up or `cancel` is set, so a helper
/// that hangs (or whatever it started) never outlives the limit.
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options);

} // namespace kl
