#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct DiffArgs {
    std::string a; ///< an entry (folder or unique prefix) or a plain file
    std::string b;
    std::string stage; ///< the stage to compare (default for two entries: every stage)
    std::vector<std::string> roots;
    bool ignoreSsa = false;
    bool ignoreLocations = false;
    bool ignoreSpace = false;
    bool ignoreRegisters = false; ///< --stage sass
    int context = 3;
    bool quiet = false; ///< only the exit code (and errors)
};

/// `klens diff A B`: unified diff of two files or two entries' stage. Exit 0 the same (after
/// the normalisations asked for), 1 they differ, 2 usage or I/O (the message names the path).
int runDiff(const DiffArgs& args);

} // namespace kl::cli
