#include "cacheroots.h"

#include "core/util/posixfile.h"

#include <sys/stat.h>

namespace kl {
namespace {

// Python's str.strip() on whitespace, as knobs.py applies to env values.
std::string strip(const std::string& s)
{
    auto b = s.find_first_not_of(" \t\n\r\f\v");
    if (b == std::string::npos)
        return {};
    auto e = s.find_last_not_of(" \t\n\r\f\v");
    return s.substr(b, e - b + 1);
}

bool isDir(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

Root tritonRoot(const Environment& env, const char* var, const char* sub)
{
    Root r;
    auto value = env.get(var);
    auto home = env.get("TRITON_HOME");
    const std::string base = home && !strip(*home).empty() ? strip(*home) : env.home;
    const std::string baseWhy = home && !strip(*home).empty() ? "$TRITON_HOME" : "~";
    if (value && !strip(*value).empty()) {
        r.path = absoluteClean(strip(*value));
        r.reason = Text::verbatim(var);
    } else {
        r.path = absoluteClean(joinPath(joinPath(base, ".triton"), sub));
        r.reason = Text::of(KL_TEXT("kl::roots", "default (%1)"), baseWhy + "/.triton/" + sub);
        if (value)
            r.note = Text::of(KL_TEXT("kl::roots",
                                      "%1 is set but empty: Triton 3.3+ stops with \"Could not create or "
                                      "locate cache dir\"; older versions use the default"),
                              var);
    }
    r.exists = isDir(r.path);
    return r;
}

} // namespace

Root effectiveCacheRoot(const Environment& env)
{
    return tritonRoot(env, "TRITON_CACHE_DIR", "cache");
}

Root givenRoot(std::string path)
{
    Root r;
    r.path = std::move(path);
    r.reason = Text(KL_TEXT("kl::roots", "given"));
    r.given = true;
    return r;
}

std::vector<Root> dumpAndOverrideRoots(const Environment& env)
{
    std::vector<Root> roots;
    roots.push_back(tritonRoot(env, "TRITON_DUMP_DIR", "dump"));
    roots.back().kind = RootKind::Dump;
    roots.push_back(tritonRoot(env, "TRITON_OVERRIDE_DIR", "override"));
    roots.back().kind = RootKind::Override;
    return roots;
}

std::vector<Root> effectiveRoots(const Environment& env)
{
    std::vector<Root> roots;
    roots.push_back(effectiveCacheRoot(env));
    for (Root& r : dumpAndOverrideRoots(env))
        roots.push_back(std::move(r));
    // Inductor points Triton at its own folder only when TRITON_CACHE_DIR is unset.
    if (auto v = env.get("TRITON_CACHE_DIR"); !v || strip(*v).empty()) {
        Root ind;
        std::string tmp = "/tmp";
        if (auto t = env.get("TMPDIR"); t && !t->empty())
            tmp = *t;
        ind.path = absoluteClean(joinPath(tmp, "torchinductor_" + env.user + "/triton"));
        ind.reason = Text::of(KL_TEXT("kl::roots", "TorchInductor's default (%1)"),
                              tmp + "/torchinductor_$USER/triton");
        if (auto c = env.get("TORCHINDUCTOR_CACHE_DIR"); c && !c->empty()) {
            ind.path = absoluteClean(joinPath(*c, "triton"));
            ind.reason = Text::verbatim("TORCHINDUCTOR_CACHE_DIR/triton");
        }
        ind.exists = isDir(ind.path);
        roots.push_back(std::move(ind));
    }
    return roots;
}

} // namespace kl
