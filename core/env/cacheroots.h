#pragma once

#include "core/model/snapshot.h"
#include "environment.h"

#include <vector>

namespace kl {

/// The folders Triton (and Inductor) would use in this environment, each with the reason it is
/// the effective one: cache, dump and override roots, then Inductor's per-user Triton folder.
/// Folders that do not exist are included (exists=false) so callers can say so.
std::vector<Root> effectiveRoots(const Environment& env);

/// Triton's dump and override folders in this environment (kinds Dump and Override), whether
/// or not they exist: what ScanOptions::knownFolders takes.
std::vector<Root> dumpAndOverrideRoots(const Environment& env);

/// Just Triton's cache folder, resolved as Triton resolves it.
Root effectiveCacheRoot(const Environment& env);

/// A folder the user named (on the command line, in a dialog): reason "given".
Root givenRoot(std::string path);

} // namespace kl
