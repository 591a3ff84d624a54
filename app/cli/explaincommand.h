#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct ExplainArgs {
    std::vector<std::string> entries; ///< one or two: folder paths or unique folder-name prefixes
    std::vector<std::string> roots;   ///< where to look prefixes up; empty: the effective roots
    bool env = false;                 ///< compare the one entry with this environment
    bool json = false;
};

/// `klens explain`: which recorded key inputs differ between two entries, or between an entry
/// and this environment. Exit 1 when some differ, 0 when none, 2 on errors.
int runExplain(const ExplainArgs& args);

} // namespace kl::cli
