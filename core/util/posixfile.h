#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// An owned file descriptor, closed on destruction.
class UniqueFd {
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd)
        : m_fd(fd)
    {
    }
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    UniqueFd(UniqueFd&& other) noexcept
        : m_fd(other.release())
    {
    }
    UniqueFd& operator=(UniqueFd&& other) noexcept;
    ~UniqueFd();

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release();

private:
    int m_fd = -1;
};

/// "<cause>" for an errno value, e.g. "No such file or directory".
std::string errnoText(int err);

/// Result of reading a small file relative to a directory descriptor. Symlinks are not followed.
struct SmallFile {
    bool ok = false;
    bool vanished = false; ///< ENOENT: removed after it was listed
    bool tooLarge = false;
    std::string text;
    /// The bare cause when !ok and !tooLarge ("Permission denied", "not a regular file"), verbatim as
    /// readFile's: every caller puts it into its own sentence next to the path. A file too large
    /// has none; the caller words that from `size` and its limit.
    std::string error;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0; ///< with ino: the stamps of what was read (core/scan/scanindex)
    std::uint64_t ino = 0;
    std::uint64_t dev = 0;
};

/// Read `name` under `dirFd` if it is a regular file of at most `maxBytes` bytes.
SmallFile readSmallFileAt(int dirFd, const std::string& name, std::uint64_t maxBytes);

/// Opens `folder`/`name` under `dirFd` without following a symlink anywhere on the way: one openat2
/// (RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH, Linux 5.6+), else the folder then the file, each with
/// O_NOFOLLOW. `flags` gets O_NOFOLLOW and O_CLOEXEC added. Invalid (errno set) on failure.
UniqueFd openBeneath(int dirFd, const std::string& folder, const std::string& name, int flags);

/// Read a regular file by path (stage text for `klens show`), up to `maxBytes`. The last path
/// component is not followed when it is a symlink, and FIFOs never block: both fail with a cause.
/// The error is the bare cause ("No such file or directory", "not a regular file"), verbatim: every
/// caller puts it into its own sentence next to the path, which it may print differently.
Result<std::string> readFile(const std::string& path, std::uint64_t maxBytes);

/// Lexically clean an absolute path ("a//b/./c" -> "a/b/c"); relative paths are made absolute first.
std::string absoluteClean(std::string_view path);

std::string joinPath(std::string_view dir, std::string_view name);

/// The folder of the running executable (/proc/self/exe), or empty when it cannot be read.
std::string executableDir();

/// Where temporary files go: $TMPDIR when it is an absolute path, else /tmp.
std::string tempDirectory();

} // namespace kl
