#include "autotunejob.h"

#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogsettings.h"

namespace kl {

AutotuneJobResult runAutotuneJob(const AutotuneJob& job, const BackendFactory& factory,
                                 const AutotuneProgressFn& progress, const std::atomic<bool>* cancel)
{
    AutotuneJobResult result;
    Result<KernelSpec> spec = loadKernelSpec(job.specPath);
    if (!spec) {
        result.specError = spec.error();
        return result;
    }
    result.spec = std::move(*spec);
    Result<std::unique_ptr<AutotuneBackend>> backend = factory();
    if (!backend) {
        result.backendError = backend.error();
        return result;
    }
    AutotuneOptions options = job.options;
    std::optional<EventLog> log;
    if (!job.eventsLog.empty()) {
        log.emplace(job.eventsLog, eventLogOptionsFromEnvironment(Environment::current()));
        options.onCompile = [&](const CompileEvent& e) {
            if (std::string err = log->append(e); !err.empty())
                result.logErrors.push_back(std::move(err));
        };
    }
    result.report = runAutotune(*result.spec, **backend, options, progress, cancel);
    return result;
}

} // namespace kl
