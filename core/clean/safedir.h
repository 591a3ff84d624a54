#pragma once

#include "core/util/posixfile.h"
#include "core/util/text.h"

#include <cstdint>
#include <string>
#include <sys/types.h>

namespace kl {

/// Identity of a folder's mount: st_dev alone misses bind mounts of the same filesystem, so the
/// mount id (statx STATX_MNT_ID, Linux 5.8+) is compared as well when the kernel gives one.
struct MountId {
    dev_t dev = 0;
    std::uint64_t mntId = 0;
    bool hasMntId = false;

    bool sameMount(const MountId& other) const
    {
        return dev == other.dev && (!hasMntId || !other.hasMntId || mntId == other.mntId);
    }
};

/// What statx says about an open folder (or `name` under it, never following a symlink).
struct DirStat {
    bool ok = false;
    int err = 0;
    bool isDir = false;
    bool isSymlink = false;
    std::int64_t mtimeNs = 0;
    std::uint64_t size = 0;
    MountId mount;
};

DirStat statAt(int dirFd, const char* name);

/// Opens `name` under `dirFd` as a folder, never through a symlink (O_NOFOLLOW | O_DIRECTORY).
UniqueFd openDirAt(int dirFd, const std::string& name);

/// Removes `name` under `parentFd` and everything below it, through descriptors only: no path is
/// ever resolved, no symlink followed (a link is unlinked, not its target), and no folder on
/// another mount than `boundary` is entered. ENOENT anywhere counts as done. Returns false with
/// `error` (naming `shownPath` and the cause) when something had to stay. Adds freed bytes to `freed`.
bool removeTreeAt(int parentFd, const std::string& name, const MountId& boundary,
                  const std::string& shownPath, std::uint64_t& freed, Text& error, int depth = 0);

} // namespace kl
