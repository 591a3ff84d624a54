#pragma once

#include <cerrno>
#include <cstdint>
#include <dirent.h>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace kl {

/// A name read from a folder, its d_type (DT_DIR, DT_REG, DT_LNK, or DT_UNKNOWN) and inode.
struct DirName {
    std::string name;
    unsigned char type = DT_UNKNOWN;
    std::uint64_t ino = 0;
};

/// Where a listing starts: `Rewind` for a descriptor that may have been listed before; `Fresh`
/// for one opened just now (the scanner's hot path: one lseek less per entry folder).
enum class DirStart { Rewind, Fresh };

/// The one way KernelLens lists a folder: getdents64 on the open descriptor itself, from its
/// start (the offset is rewound first, so a descriptor can be listed again), with no dup() and no
/// DIR allocation, so nothing leaks when a step fails and the descriptor keeps its O_CLOEXEC.
/// Calls `visit(std::string_view name, unsigned char type, std::uint64_t ino)` for every name but
/// "." and ".." (`name` views d_name, so `name.data()` is NUL-terminated and can go to the *at()
/// calls); `visit` returns false to stop early. Returns 0, or the errno that ended it.
template <typename Visit> int forEachDirName(int fd, Visit&& visit, DirStart start = DirStart::Rewind)
{
    // A filesystem that cannot seek folders fails this harmlessly for a descriptor at 0, so the
    // result is not checked.
    if (start == DirStart::Rewind)
        (void)::lseek(fd, 0, SEEK_SET);
    alignas(struct dirent64) char buffer[32768];
    for (;;) {
        const ssize_t n = ::getdents64(fd, buffer, sizeof buffer);
        if (n == 0)
            return 0;
        if (n < 0)
            return errno;
        for (ssize_t off = 0; off < n;) {
            const auto* d = reinterpret_cast<const struct dirent64*>(buffer + off);
            off += d->d_reclen;
            const std::string_view name(d->d_name);
            if (name == "." || name == "..")
                continue;
            if (!visit(name, static_cast<unsigned char>(d->d_type), static_cast<std::uint64_t>(d->d_ino)))
                return 0;
        }
    }
}

/// Every name in an open folder (forEachDirName). Returns false with `err` set to the errno.
bool listDirectory(int fd, std::vector<DirName>& out, int& err);

} // namespace kl
