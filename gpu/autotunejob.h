#pragma once

// One autotune run as `klens autotune` and the GUI's Kernels > Autotune dialog both start it: the
// spec from its file, a backend from the factory, every compile appended to the events log (the
// dashboards chart them), then runAutotune. One home, so the dialog's results are the CLI's.

#include "autotuner.h"
#include "core/util/result.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kl {

using BackendFactory = std::function<Result<std::unique_ptr<AutotuneBackend>>()>;

struct AutotuneJob {
    std::string specPath;
    AutotuneOptions options; ///< `onCompile` is set by the job when `eventsLog` is given
    std::string eventsLog;   ///< the events log to append compiles to; empty: none
};

struct AutotuneJobResult {
    std::optional<KernelSpec> spec; ///< empty when the spec could not be loaded (`specError`)
    Text specError;
    Text backendError; ///< no backend (no GPU): nothing ran
    AutotuneReport report;
    std::vector<std::string> logErrors; ///< compile events that could not be appended
};

AutotuneJobResult runAutotuneJob(const AutotuneJob& job, const BackendFactory& factory,
                                 const AutotuneProgressFn& progress = {},
                                 const std::atomic<bool>* cancel = nullptr);

} // namespace kl
