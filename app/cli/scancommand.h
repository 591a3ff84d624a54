#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct ScanArgs {
    std::vector<std::string> dirs;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
};

/// `klens scan`: a table and a summary, or the scan JSON. Returns the exit code.
int runScan(const ScanArgs& args);

} // namespace kl::cli
