#include "machinecontext.h"

#include "core/env/environment.h"
#include "core/explain/currentenvironment.h"
#include "core/fs/fsprobe.h"
#include "core/override/digestcache.h"

namespace kl::gui {

DoctorContext machineContext()
{
    DoctorContext ctx;
    const CurrentEnvironment now = probeCurrentEnvironment(Environment::current());
    ctx.tritonVersion = now.tritonVersion;
    ctx.gpuArchs = now.gpuArchs;
    ctx.alwaysCompile = tritonSwitch(Environment::current(), "TRITON_ALWAYS_COMPILE");
    ctx.probeFilesystem = [](const std::string& path) { return probeFilesystem(path); };
    ctx.digestCache = stageDigestCachePath(Environment::current());
    return ctx;
}

} // namespace kl::gui
