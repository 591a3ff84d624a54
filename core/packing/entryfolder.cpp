#include "entryfolder.h"

#include "core/formats/groupfile.h"
#include "core/formats/layout.h"
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

std::int64_t mtimeOf(const struct stat& st)
{
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

bool readAllAt(int fd, std::string& out, std::size_t n)
{
    out.resize(n);
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::pread(fd, out.data() + got, n - got, static_cast<off_t>(got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r == 0)
                errno = 0;
            return false;
        }
        got += static_cast<std::size_t>(r);
    }
    return true;
}

} // namespace

Result<std::vector<FolderFile>> readEntryFolder(int rootFd, const std::string& folder,
                                                const std::string& path, std::uint64_t maxFileBytes,
                                                bool& vanished)
{
    vanished = false;
    const std::string shown = printableName(path);
    UniqueFd dir(::openat(rootFd, folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir.valid()) {
        vanished = errno == ENOENT;
        return fail(Text::of(KL_TEXT("kl::packing", "cannot open %1: %2"), shown, errnoText(errno)));
    }
    std::vector<std::string> names;
    std::string odd;
    if (const int err = forEachDirName(dir.get(), [&](std::string_view n, unsigned char, std::uint64_t) {
            struct stat st {};
            if (::fstatat(dir.get(), n.data(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno == ENOENT)
                    return true;
                odd = std::string(n);
                return false;
            }
            if (!S_ISREG(st.st_mode) || !isValidUtf8(n)) {
                odd = std::string(n);
                return false;
            }
            names.emplace_back(n);
            return true;
        }))
        return fail(Text::of(KL_TEXT("kl::packing", "cannot list %1: %2"), shown, errnoText(err)));
    if (!odd.empty())
        return fail(
            Text::of(KL_TEXT("kl::packing", "%1 holds %2, which is not a plain file with a UTF-8 name: only "
                                            "folders of plain files are packed"),
                     shown, printableName(odd)));
    if (names.empty())
        return fail(Text::of(KL_TEXT("kl::packing", "%1 holds no files"), shown));
    // Group files last, as a writer commits an entry; the rest by name.
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        const bool ga = layout::isGroupFileName(a), gb = layout::isGroupFileName(b);
        return ga != gb ? gb : a < b;
    });
    std::vector<FolderFile> files;
    for (const std::string& name : names) {
        const std::string filePath = printableName(joinPath(path, name));
        UniqueFd fd(::openat(dir.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        struct stat before {
        }, after{};
        if (!fd.valid() || ::fstat(fd.get(), &before) != 0) {
            vanished = errno == ENOENT && files.empty();
            return fail(Text::of(KL_TEXT("kl::packing", "cannot read %1: %2"), filePath, errnoText(errno)));
        }
        if (!S_ISREG(before.st_mode))
            return fail(Text::of(KL_TEXT("kl::packing", "%1 is not a plain file"), filePath));
        const auto size = static_cast<std::uint64_t>(before.st_size);
        if (size > maxFileBytes)
            return fail(
                Text::of(KL_TEXT("kl::packing", "%1: %2 bytes exceed the limit of %3 for a packed file"),
                         filePath, size, maxFileBytes));
        FolderFile f;
        f.name = name;
        f.size = size;
        f.mtimeNs = mtimeOf(before);
        if (!readAllAt(fd.get(), f.bytes, static_cast<std::size_t>(size)))
            return fail(Text::of(KL_TEXT("kl::packing", "cannot read %1: %2"), filePath,
                                 errno ? errnoText(errno) : std::string("it got shorter while being read")));
        char more = 0;
        if (::fstat(fd.get(), &after) != 0 || after.st_size != before.st_size ||
            mtimeOf(after) != f.mtimeNs || ::pread(fd.get(), &more, 1, static_cast<off_t>(size)) > 0)
            return fail(Text::of(KL_TEXT("kl::packing", "%1 changed while it was being read"), filePath));
        files.push_back(std::move(f));
    }
    return files;
}

bool folderUnchanged(int rootFd, const std::string& folder, const std::vector<FolderFile>& files)
{
    UniqueFd dir(::openat(rootFd, folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir.valid())
        return false;
    std::vector<DirName> names;
    int err = 0;
    if (!listDirectory(dir.get(), names, err) || names.size() != files.size())
        return false;
    for (const FolderFile& f : files) {
        struct stat st {};
        if (::fstatat(dir.get(), f.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            static_cast<std::uint64_t>(st.st_size) != f.size || mtimeOf(st) != f.mtimeNs)
            return false;
    }
    return true;
}

} // namespace kl
