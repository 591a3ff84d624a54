#include "environment.h"

#include <cctype>
#include <cstdlib>
#include <pwd.h>
#include <unistd.h>

namespace kl {

Environment Environment::current()
{
    Environment env;
    env.get = [](const std::string& name) -> std::optional<std::string> {
        const char* v = std::getenv(name.c_str());
        if (!v)
            return std::nullopt;
        return std::string(v);
    };
    const struct passwd* pw = ::getpwuid(::getuid());
    // Python's os.path.expanduser("~") prefers $HOME, then the passwd entry: Triton follows it.
    if (const char* h = std::getenv("HOME"); h && *h)
        env.home = h;
    else if (pw)
        env.home = pw->pw_dir;
    // Inductor uses getpass.getuser(): LOGNAME, USER, LNAME, USERNAME, then the passwd entry.
    for (const char* var : {"LOGNAME", "USER", "LNAME", "USERNAME"}) {
        if (const char* u = std::getenv(var); u && *u) {
            env.user = u;
            break;
        }
    }
    if (env.user.empty() && pw)
        env.user = pw->pw_name;
    return env;
}

std::string userCacheHome(const Environment& env)
{
    if (auto xdg = env.get("XDG_CACHE_HOME"); xdg && !xdg->empty() && xdg->front() == '/')
        return *xdg;
    return env.home + "/.cache";
}

std::string ownCacheDir(const Environment& env, const std::string& variable, const std::string& name)
{
    if (auto v = env.get(variable); v && !v->empty()) {
        if (*v == "off")
            return {};
        // A relative folder would follow the working directory: the cache would come and go.
        return v->front() == '/' ? *v : std::string();
    }
    return userCacheHome(env) + "/kernellens/" + name;
}

std::string scanIndexDir(const Environment& env)
{
    return ownCacheDir(env, "KERNELLENS_SCAN_INDEX", "scan-index");
}

bool tritonSwitch(const Environment& env, const std::string& name)
{
    auto v = env.get(name);
    if (!v)
        return false;
    std::string lower;
    for (char c : *v)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower == "1" || lower == "true" || lower == "on";
}

} // namespace kl
