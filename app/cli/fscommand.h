#pragma once

#include "core/fs/folderhealth.h"

#include <string>
#include <vector>

namespace kl::cli {

struct FsArgs {
    std::vector<std::string> paths; ///< empty: the effective folders
    bool json = false;
};

/// `klens fs`: the filesystem under each path (or each effective folder) and its warnings.
int runFs(const FsArgs& args);

/// One judged folder as text: path, why, probed path, filesystem, warnings and notes. `klens env`
/// prints its folders with this too.
void printFolderHealth(const FolderHealth& h, bool detailed);

} // namespace kl::cli
