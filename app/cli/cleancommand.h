#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct CleanArgs {
    std::vector<std::string> dirs;
    std::string maxSize;   ///< "10G", "500M"
    std::string olderThan; ///< "7d", "12h"
    long long keepLatest = -1;
    bool stale = false;
    bool orphans = false;
    bool incomplete = false;
    std::vector<std::string> dumpFolders; ///< --dump-folder PATH, repeatable
    bool dryRun = false;
    std::string grace = "10m";
    bool json = false;
    std::string tritonVersion;
    std::vector<std::string> archs;
    unsigned threads = 0;
    bool progress = false;
};

/// `klens clean`: policy -> plan -> (unless --dry-run) removal. Returns the exit code.
int runClean(const CleanArgs& args);

} // namespace kl::cli
