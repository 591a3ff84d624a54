#pragma once

#include <string>
#include <string_view>

namespace kl {

/// What kind of filesystem a folder lives on, as far as a cache cares.
enum class FsCategory { Local, Network, Memory, Overlay, Unknown };

std::string_view toString(FsCategory category); ///< "local", "network", "memory", "overlay", "unknown"

/// The filesystem under a path: statfs f_type plus the /proc/self/mountinfo line of its mount.
struct FsInfo {
    std::string path;        ///< as asked
    std::string probedPath;  ///< the nearest existing ancestor that was examined (== path when it exists)
    bool walkedUp = false;   ///< path did not exist; probedPath is an ancestor
    std::string type;        ///< "ext4", "nfs4", "fuse.sshfs", "tmpfs", ...
    std::string source;      ///< mount source, e.g. "server:/export/home"
    std::string mountPoint;  ///< where that filesystem is mounted
    FsCategory category = FsCategory::Unknown;
    std::string error;       ///< set (naming the path and cause) when nothing could be examined
};

/// Probe the filesystem under `path` (walking up to the nearest existing ancestor).
FsInfo probeFilesystem(const std::string& path);

/// The same, with mountinfo text supplied (tests use recorded fixtures) and no statfs.
FsInfo probeFilesystemWithMountinfo(const std::string& path, std::string_view mountinfo);

} // namespace kl
