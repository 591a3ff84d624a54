#pragma once

#include "core/util/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One line of /proc/self/mountinfo (see proc(5)), with octal escapes (\040 ...) undone.
struct MountInfoLine {
    int id = 0;
    int parentId = 0;
    unsigned devMajor = 0;
    unsigned devMinor = 0;
    std::string root; ///< folder of the source filesystem mounted here: "/" unless a bind mount or subvolume
    std::string mountPoint; ///< relative to this process's root
    std::string mountOptions;
    std::vector<std::string> optionalFields; ///< "shared:1", "master:3", ...
    std::string type;                        ///< "ext4", "nfs4", "fuse.sshfs", ...
    std::string source;                      ///< "/dev/sda1", "server:/export", "none"
    std::string superOptions;
};

/// Parse mountinfo text. Malformed lines are skipped: a probe should still work on the rest.
std::vector<MountInfoLine> parseMountinfo(std::string_view text);

/// Undo the kernel's octal escapes of space, tab, newline and backslash ("\040" -> " ").
std::string unescapeMountinfo(std::string_view field);

/// True when `path` is `dir` or lies under it (whole components: "/homework" is not under "/home").
bool isPathUnder(std::string_view path, std::string_view dir);

/// Index of the mount holding `path` (absolute, clean, symlinks resolved): the longest mount point
/// that is `path` or one of its parents. When `dev` is given, mounts of that device are preferred,
/// which picks the visible one when a parent was mounted over later. Stacked mounts on one point:
/// the later line wins. nullopt when nothing matches.
std::optional<std::size_t> findMount(const std::vector<MountInfoLine>& mounts, std::string_view path,
                                     std::optional<std::pair<unsigned, unsigned>> dev = std::nullopt);

/// Read /proc/self/mountinfo (its size is not known in advance).
Result<std::string> readProcMountinfo();

} // namespace kl
