#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct ShowArgs {
    std::string entry;              ///< a folder path, or a unique folder-name prefix
    std::vector<std::string> roots; ///< where to look a prefix up; empty: the effective roots
    std::string stage;              ///< print this stage's content instead of the summary
    bool json = false;
};

/// `klens show`: one entry in full, or one stage's text. Returns the exit code.
int runShow(const ShowArgs& args);

} // namespace kl::cli
