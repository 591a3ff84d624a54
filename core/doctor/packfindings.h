#pragma once

#include "core/model/snapshot.h"
#include "finding.h"

#include <vector>

namespace kl {

/// The packs of every root with a pack folder, read whole (every record's CRC): `damaged-pack` for
/// each region without a valid record (its byte offset and cause), `newer-pack` for a pack this
/// KernelLens skips, `unreadable` for a pack or pack folder that cannot be read.
void packFindings(const Snapshot& snapshot, std::vector<Finding>& out);

} // namespace kl
