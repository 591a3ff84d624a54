#pragma once

#include "fsprobe.h"

#include <cstdint>
#include <string_view>

namespace kl {

/// Category of a mountinfo filesystem type ("nfs4", "fuse.sshfs", "tmpfs", ...). FUSE mounts are
/// judged by their subtype: plain "fuse" (or an unlisted subtype) is Unknown.
FsCategory classifyFsType(std::string_view type);

/// Name of a statfs f_type magic ("nfs", "ext2/ext3/ext4", "fuse", ...), empty when not known.
std::string_view fsMagicName(std::uint64_t magic);

/// Category of a statfs f_type magic. FUSE's single magic says nothing about what is behind it,
/// so it is Unknown; mountinfo's subtype decides.
FsCategory classifyFsMagic(std::uint64_t magic);

/// statfs magic of autofs: a mount point whose real filesystem is mounted on first access.
inline constexpr std::uint64_t kAutofsMagic = 0x0187;

} // namespace kl
