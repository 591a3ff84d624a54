#include "safedir.h"

#include "core/util/dirlist.h"
#include "core/util/utf8.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <vector>

namespace kl {
namespace {

// Deeper than any Triton entry: a temp folder holds files, never folders.
constexpr int kMaxDepth = 16;

using Name = DirName;

} // namespace

DirStat statAt(int dirFd, const char* name)
{
    DirStat s;
    struct statx stx {};
    const int flags = AT_SYMLINK_NOFOLLOW | (name[0] ? 0 : AT_EMPTY_PATH);
    if (::statx(dirFd, name, flags, STATX_TYPE | STATX_MTIME | STATX_SIZE | STATX_MNT_ID, &stx) != 0) {
        s.err = errno;
        return s;
    }
    s.ok = true;
    s.isDir = S_ISDIR(stx.stx_mode);
    s.isSymlink = S_ISLNK(stx.stx_mode);
    s.mtimeNs = static_cast<std::int64_t>(stx.stx_mtime.tv_sec) * 1000000000 + stx.stx_mtime.tv_nsec;
    s.size = stx.stx_size;
    s.mount.dev = makedev(stx.stx_dev_major, stx.stx_dev_minor);
    s.mount.hasMntId = (stx.stx_mask & STATX_MNT_ID) != 0;
    s.mount.mntId = stx.stx_mnt_id;
    return s;
}

UniqueFd openDirAt(int dirFd, const std::string& name)
{
    return UniqueFd(::openat(dirFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

bool removeTreeAt(int parentFd, const std::string& name, const MountId& boundary,
                  const std::string& shownPath, std::uint64_t& freed, Text& error, int depth)
{
    UniqueFd fd = openDirAt(parentFd, name);
    if (!fd.valid()) {
        const int err = errno;
        if (err == ENOENT)
            return true;
        if (err == ELOOP || err == ENOTDIR) {
            // A symlink or a file where a folder was listed: remove the name itself, never a target.
            if (::unlinkat(parentFd, name.c_str(), 0) == 0 || errno == ENOENT)
                return true;
        }
        error =
            Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"), printableName(shownPath), errnoText(err));
        return false;
    }
    const DirStat st = statAt(fd.get(), "");
    if (!st.ok) {
        error =
            Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"), printableName(shownPath), errnoText(st.err));
        return false;
    }
    if (!st.mount.sameMount(boundary)) {
        error = Text::of(
            KL_TEXT("kl::clean", "%1 is a mount point (another filesystem or a bind mount); not entered"),
            printableName(shownPath));
        return false;
    }
    if (depth >= kMaxDepth) {
        error = Text::of(KL_TEXT("kl::clean", "%1 is nested more than %2 folders deep; left"),
                         printableName(shownPath), kMaxDepth);
        return false;
    }
    std::vector<Name> names;
    int err = 0;
    if (!listDirectory(fd.get(), names, err)) {
        error =
            Text::of(KL_TEXT("kl::clean", "cannot list %1: %2"), printableName(shownPath), errnoText(err));
        return false;
    }
    bool ok = true;
    for (const Name& n : names) {
        const std::string child = joinPath(shownPath, n.name);
        if (n.type != DT_DIR) {
            const DirStat cs = statAt(fd.get(), n.name.c_str());
            if (cs.ok && !cs.isDir) {
                if (::unlinkat(fd.get(), n.name.c_str(), 0) == 0) {
                    freed += cs.isSymlink ? 0 : cs.size;
                    continue;
                }
                if (errno == ENOENT)
                    continue;
                if (errno != EISDIR) {
                    error = Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"), printableName(child),
                                     errnoText(errno));
                    ok = false;
                    continue;
                }
            } else if (!cs.ok) {
                if (cs.err == ENOENT)
                    continue;
                error = Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"), printableName(child),
                                 errnoText(cs.err));
                ok = false;
                continue;
            }
        }
        ok &= removeTreeAt(fd.get(), n.name, boundary, child, freed, error, depth + 1);
    }
    if (!ok)
        return false;
    if (::unlinkat(parentFd, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT)
        return true;
    error =
        Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"), printableName(shownPath), errnoText(errno));
    return false;
}

} // namespace kl
