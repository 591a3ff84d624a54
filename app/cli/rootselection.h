#pragma once

#include "core/model/snapshot.h"
#include "terminalprogress.h"

#include <string>
#include <vector>

namespace kl::cli {

/// The roots a command works on: the folders given, or the effective roots of this environment.
std::vector<Root> selectRoots(const std::vector<std::string>& dirs);

/// The scan the commands over local folders start with: selectRoots(dirs), the scan index and
/// the environment's dump and override folders, "scanning N/M" on `progress`. `resources`: read
/// each kernel's cubin (Entry::resources), as `klens scan` shows them.
Snapshot scanRoots(const std::vector<std::string>& dirs, unsigned threads, TerminalProgress& progress,
                   bool resources = false);

/// Prints each root that could not be read (a default root that does not exist is normal when
/// no folder was given); true when any was printed.
bool reportRootErrors(const Snapshot& snap, bool dirsGiven);

} // namespace kl::cli
