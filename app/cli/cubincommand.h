#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct CubinArgs {
    std::string target;             ///< a cubin file, or an entry (folder path or name prefix)
    std::vector<std::string> roots; ///< where to look a prefix up; empty: the effective roots
    bool json = false;
};

/// `klens cubin`: per-kernel resources of a cubin, read without a GPU. Returns the exit code.
int runCubin(const CubinArgs& args);

} // namespace kl::cli
