#include "rootselection.h"

#include "env/cacheroots.h"

namespace kl::cli {

std::vector<Root> selectRoots(const std::vector<std::string>& dirs)
{
    if (dirs.empty())
        return effectiveRoots(Environment::current());
    std::vector<Root> roots;
    for (const std::string& d : dirs)
        roots.push_back(givenRoot(d));
    return roots;
}

} // namespace kl::cli
