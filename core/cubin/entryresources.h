#pragma once

// The per-entry resource summary that the scan keeps (model/entry.h's KernelResources): registers,
// local memory and occupancy of an entry's cubin at the launch its metadata describes.

#include "core/model/entry.h"
#include "cubininfo.h"

#include <string>

namespace kl {

/// Cubins larger than this are not read by a scan (Unreadable).
inline constexpr std::uint64_t kMaxScanCubinBytes = 64ull << 20;

/// The summary of `cubin` (already read) for `entry`'s launch: the most registers and local bytes
/// over its kernels, and the lowest occupancy with the limits that bind it.
KernelResources resourcesOf(const CubinResult& cubin, const Entry& entry);

/// Reads the cubin of `entry` through `rootFd` (the folder the entry's folder is in), never
/// following a symlink on the way, and summarises it. NoCubin for a kernel entry without one;
/// NotRead (and nothing opened) for other kinds, a packed entry or an entry that is not a plain folder.
KernelResources readEntryResources(int rootFd, const Entry& entry);

} // namespace kl
