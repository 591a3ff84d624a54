#pragma once

#include "core/util/text.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace kl {

/// What kind of filesystem a folder lives on, as far as a cache cares.
enum class FsCategory { Local, Network, Memory, Overlay, Unknown };

std::string_view toString(FsCategory category); ///< "local", "network", "memory", "overlay", "unknown"

/// The filesystem under a path: statfs f_type plus the /proc/self/mountinfo line of its mount.
struct FsInfo {
    std::string path;       ///< as asked
    std::string probedPath; ///< the nearest existing ancestor that was examined (== path when it exists)
    bool walkedUp = false;  ///< path did not exist; probedPath is an ancestor
    std::string type;       ///< "ext4", "nfs4", "fuse.sshfs", "tmpfs", ...
    std::string source;     ///< mount source, e.g. "server:/export/home"
    std::string mountPoint; ///< where that filesystem is mounted
    FsCategory category = FsCategory::Unknown;
    Text error; ///< set (naming the path and cause) when nothing could be examined

    // Added with the implementation; callers may ignore them.
    std::string resolvedPath; ///< probedPath with symlinks resolved: what mountinfo was matched against
    std::string mountRoot;    ///< mountinfo's root field: "/" unless a bind mount (or btrfs subvolume)
    bool bindMount = false;   ///< mountRoot is not "/": a folder of `source` mounted here
    std::string
        bindOf; ///< for a bind mount, where that folder is also visible, if its filesystem is mounted whole
    std::string autofsMountPoint;  ///< an autofs mount point at or above the path (on-demand mounts)
    bool autofsPending = false;    ///< only autofs covers the path: the real filesystem is not mounted yet
    std::uint64_t statfsMagic = 0; ///< statfs f_type; 0 when statfs was not used
    std::string note;              ///< e.g. statfs and mountinfo disagree, or a parent could not be examined
};

/// Probe the filesystem under `path` (walking up to the nearest existing ancestor).
FsInfo probeFilesystem(const std::string& path);

inline constexpr std::chrono::milliseconds kDefaultProbeTimeout{5000};

/// The same with a deadline: stat(2) and statfs(2) block on a hung network mount, so past
/// `timeout` the path is judged from mountinfo alone and `note` says so (probeFilesystem(path)
/// uses kDefaultProbeTimeout).
FsInfo probeFilesystem(const std::string& path, std::chrono::milliseconds timeout);

/// The same, with mountinfo text supplied (tests use recorded fixtures) and no statfs. Nothing on
/// disk is touched: every path counts as existing and symlinks are not resolved.
FsInfo probeFilesystemWithMountinfo(const std::string& path, std::string_view mountinfo);

/// The same, walking up with `exists` instead of stat(2), so fixtures can describe which folders
/// exist on the recorded machine.
FsInfo probeFilesystemWithMountinfo(const std::string& path, std::string_view mountinfo,
                                    const std::function<bool(const std::string&)>& exists);

/// Something that probes a path: probeFilesystem, or a fixture in tests. Functions taking one
/// use probeFilesystem when it is empty.
using FsProber = std::function<FsInfo(const std::string&)>;

} // namespace kl
