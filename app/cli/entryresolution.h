#pragma once

#include "core/cubin/occupancy.h"
#include "core/model/entry.h"

#include <string>
#include <vector>

namespace kl::cli {

/// Resolve ENTRY arguments as `klens show`, `klens key` and `klens explain` take them: a path that
/// exists is read as one entry; `redis://host:port/db#KEY` or `remote:KEY` is an entry of a Redis
/// remote cache, pulled (verified) into a temporary cache first; anything else is a unique prefix of an entry
/// folder's name within `roots` (the effective roots when empty), which are scanned at most once for all
/// arguments. Prints why (naming the path or prefix and the roots) and returns false when an argument names
/// nothing, or several entries.
bool resolveEntries(const std::vector<std::string>& args, const std::vector<std::string>& roots,
                    std::vector<Entry>& out);

bool resolveEntry(const std::string& arg, const std::vector<std::string>& roots, Entry& out);

/// A cubin as `klens cubin` and `klens sass` take it: a file, or an entry (resolved as above)
/// whose .cubin stage is meant. For an entry, `launch` (when given) gets the block its metadata
/// launches (num_warps x warp size) and its dynamic shared memory. Prints why and returns false
/// when there is none.
bool resolveCubinPath(const std::string& arg, const std::vector<std::string>& roots, std::string& path,
                      LaunchShape* launch = nullptr);

} // namespace kl::cli
