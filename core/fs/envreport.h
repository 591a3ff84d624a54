#pragma once

#include "core/env/environment.h"
#include "core/env/tritonversion.h"
#include "folderhealth.h"

#include <string>
#include <vector>

namespace kl {

/// A cache-invalidating variable that is set in this environment.
struct EnvVarSetting {
    std::string name;
    std::string value;
    bool current = true; ///< in the newest Triton's list (false: a name older versions used)
};

/// What `klens env` prints: the effective folders judged, the cache-invalidating variables set
/// now and the installed Triton.
struct EnvReport {
    std::vector<FolderHealth> folders;
    std::vector<EnvVarSetting> cacheEnvVars;
    TritonVersion triton;
};

/// The cache-invalidating variables (formats/envvars.h) set in `env`, in that list's order.
std::vector<EnvVarSetting> cacheEnvVarsSet(const Environment& env);

/// Build the report. `askPython` false skips running the interpreter (tests, quick doctor runs).
EnvReport buildEnvReport(const Environment& env, const FsProber& probe = {}, bool askPython = true);

} // namespace kl
