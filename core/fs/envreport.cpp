#include "envreport.h"

#include "core/formats/envvars.h"

namespace kl {

std::vector<EnvVarSetting> cacheEnvVarsSet(const Environment& env)
{
    std::vector<EnvVarSetting> out;
    for (const CacheEnvVar& v : cacheInvalidatingEnvVars()) {
        const std::string name(v.name);
        if (auto value = env.get(name))
            out.push_back({name, *value, v.current});
    }
    return out;
}

EnvReport buildEnvReport(const Environment& env, const FsProber& probe, bool askPython)
{
    EnvReport r;
    r.folders = judgeEffectiveFolders(env, probe);
    r.cacheEnvVars = cacheEnvVarsSet(env);
    if (askPython)
        r.triton = detectTritonVersion(env);
    else
        r.triton.error = Text(KL_TEXT("kl::fs", "not asked"));
    return r;
}

} // namespace kl
