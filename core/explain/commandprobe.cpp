#include "commandprobe.h"

#include "core/util/subprocess.h"

namespace kl {

CommandResult runCommand(const std::vector<std::string>& argv, int timeoutMs, const std::atomic<bool>* cancel)
{
    ProcessOptions options;
    options.timeoutMs = timeoutMs;
    options.cancel = cancel;
    ProcessResult p = runProcess(argv, options);
    CommandResult r;
    r.started = p.started;
    r.timedOut = p.timedOut;
    r.exitCode = p.exitCode;
    r.out = std::move(p.out);
    r.error = std::move(p.error);
    return r;
}

} // namespace kl
