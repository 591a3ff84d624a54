#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct RecompileArgs {
    std::vector<std::string> targets; ///< entries: folders or unique name prefixes
    std::vector<std::string> roots;   ///< where to look prefixes up (default: effective roots + own cache)
    std::string keep;                 ///< when set: write each rebuilt file to keep/<entry folder>/<file>
    std::string log;
    bool noLog = false;
    bool json = false;
};

/// `klens recompile`: rebuild entries and say whether each is fresh. Exit 0 all fresh, 1 some
/// stale or failing to rebuild, 2 usage, I/O, or NVRTC unavailable.
int runRecompile(const RecompileArgs& args);

} // namespace kl::cli
