#pragma once

#include "core/util/text.h"

#include <atomic>
#include <string>
#include <vector>

namespace kl {

/// What a short helper command (python3, nvidia-smi) printed, or why it gave nothing.
struct CommandResult {
    bool started = false;
    bool timedOut = false;
    int exitCode = -1; ///< -1 when it did not exit normally
    std::string out;   ///< standard output, at most 64 KiB
    Text error;        ///< why it did not start, or was stopped
};

/// Run `argv` (found on PATH) with stdin and stderr on /dev/null, for at most `timeoutMs`.
/// It runs in its own process group, which is killed when the time is up or `cancel` is set.
CommandResult runCommand(const std::vector<std::string>& argv, int timeoutMs,
                         const std::atomic<bool>* cancel = nullptr);

} // namespace kl
