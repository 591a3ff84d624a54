#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct ScanArgs {
    std::vector<std::string> dirs;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
    bool noResources = false; ///< skip the cubins: no registers, spills or occupancy
};

/// `klens scan`: a table and a summary, or the scan JSON. Returns the exit code.
int runScan(const ScanArgs& args);

} // namespace kl::cli
