#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct KeyArgs {
    std::string components;         ///< --components FILE.json
    std::string entry;              ///< or an entry: what its metadata lets us rebuild
    std::vector<std::string> roots; ///< where to look an entry prefix up
    bool readExternLibs = false;    ///< hash extern_libs files at their recorded paths
    bool json = false;
};

/// `klens key`: Triton's cache key, its sha256 and folder names from given components, or the
/// parts of an entry's key its metadata records. Returns the exit code.
int runKey(const KeyArgs& args);

} // namespace kl::cli
