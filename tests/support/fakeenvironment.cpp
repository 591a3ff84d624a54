#include "fakeenvironment.h"

kl::Environment fakeEnvironment(std::map<std::string, std::string> vars, std::string home, std::string user)
{
    kl::Environment env;
    env.home = std::move(home);
    env.user = std::move(user);
    env.get = [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end())
            return std::nullopt;
        return it->second;
    };
    return env;
}
