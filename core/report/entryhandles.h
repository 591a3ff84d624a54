#pragma once

// The handle a listing prints so that the next command can take it: the shortest prefix of an
// entry's folder name that names no other entry of the snapshot (what ENTRY arguments resolve).

#include "core/model/snapshot.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kl {

/// One handle per snapshot entry, in its order: at least `minimum` characters (stable as the
/// cache grows a little), longer where another entry shares the start. Two entries of one folder
/// name (the same key in two roots) get the whole name: no prefix tells them apart.
std::vector<std::string> entryHandles(const Snapshot& snap, std::size_t minimum = 8);

} // namespace kl
