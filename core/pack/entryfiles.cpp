#include "entryfiles.h"

#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "packfile.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

std::string parentOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".")
           : slash == 0               ? std::string("/")
                                      : path.substr(0, slash);
}

std::string lastOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The entry's pack, open, and its record checked whole: the scan listed it from its meta alone.
struct CheckedRecord {
    UniqueFd folder;
    std::optional<PackFile> pack;
    PackRecord record;
};

Result<CheckedRecord> checkRecord(const Entry& e)
{
    CheckedRecord c;
    const std::string folder = parentOf(e.packPath);
    c.folder = UniqueFd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!c.folder.valid())
        return fail(
            Text::of(KL_TEXT("kl::pack", "cannot open %1: %2"), printableName(folder), errnoText(errno)));
    auto pack = PackFile::open(c.folder.get(), folder, lastOf(e.packPath));
    if (!pack)
        return fail(std::move(pack.error()));
    Text why;
    auto record = pack->checkAt(e.packOffset, &why);
    if (!record)
        return fail(Text::of(KL_TEXT("kl::pack", "the record at byte %1 of %2 is not valid: %3"),
                             e.packOffset, printableName(e.packPath), std::move(why)));
    if (record->key != e.folderName)
        return fail(Text::of(KL_TEXT("kl::pack", "the record at byte %1 of %2 now holds key %3, not %4: the "
                                                 "pack was rewritten since the scan; scan again"),
                             e.packOffset, printableName(e.packPath), printableName(record->key),
                             printableName(e.folderName)));
    c.record = std::move(*record);
    c.pack.emplace(std::move(*pack));
    return c;
}

const PackedFile* fileOf(const PackRecord& r, std::string_view name)
{
    auto it =
        std::find_if(r.files.begin(), r.files.end(), [&](const PackedFile& f) { return f.name == name; });
    return it == r.files.end() ? nullptr : &*it;
}

Text notInRecord(const Entry& e, std::string_view name)
{
    return Text::of(KL_TEXT("kl::pack", "the record of %1 at byte %2 of %3 holds no file %4"),
                    printableName(e.folderName), e.packOffset, printableName(e.packPath),
                    printableName(std::string(name)));
}

// The private folder for copies: ours alone (a folder another user made there is refused).
Result<std::string> privateFolder()
{
    const std::string base = packedCopiesFolder();
    const std::string user = parentOf(base);
    for (const std::string& dir : {user, base}) {
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
            return fail(
                Text::of(KL_TEXT("kl::pack", "cannot make %1: %2"), printableName(dir), errnoText(errno)));
        struct stat st {};
        if (::lstat(dir.c_str(), &st) != 0)
            return fail(
                Text::of(KL_TEXT("kl::pack", "cannot stat %1: %2"), printableName(dir), errnoText(errno)));
        if (!S_ISDIR(st.st_mode) || st.st_uid != ::getuid() || (st.st_mode & 077) != 0)
            return fail(
                Text::of(KL_TEXT("kl::pack", "%1 is not a private folder of this user (mode %2, owner "
                                             "%3); not used for copies of packed files"),
                         printableName(dir), static_cast<long long>(st.st_mode & 07777),
                         static_cast<long long>(st.st_uid)));
    }
    return base;
}

bool writeWhole(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// Whether `dir` holds every file of the record at its size: a copy made before (by us, or by
// another klens at the same time).
bool holdsCopy(const std::string& dir, const PackRecord& r)
{
    for (const PackedFile& f : r.files) {
        struct stat st {};
        if (::lstat(joinPath(dir, f.name).c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
            static_cast<std::uint64_t>(st.st_size) != f.size)
            return false;
    }
    return true;
}

void removeFolder(const std::string& dir, const PackRecord& r)
{
    for (const PackedFile& f : r.files)
        ::unlink(joinPath(dir, f.name).c_str());
    ::rmdir(dir.c_str());
}

} // namespace

std::string packedCopiesFolder()
{
    return joinPath(joinPath(tempDirectory(), "kernellens-" + std::to_string(::getuid())), "packed");
}

Result<std::string> readEntryFile(const Entry& e, std::string_view fileName, std::uint64_t maxBytes)
{
    if (!e.packed())
        return readFile(joinPath(e.path, fileName), maxBytes);
    auto c = checkRecord(e);
    if (!c)
        return fail(std::move(c.error()));
    const PackedFile* f = fileOf(c->record, fileName);
    if (!f)
        return fail(notInRecord(e, fileName));
    PackedFile part = *f;
    part.size = std::min(part.size, maxBytes);
    return c->pack->readFile(part, maxBytes);
}

SmallFile readEntrySmallFile(const Entry& e, std::string_view fileName, std::uint64_t maxBytes)
{
    SmallFile f;
    auto text = readEntryFile(e, fileName, maxBytes);
    f.ok = text.has_value();
    if (text)
        f.text = std::move(*text);
    else
        f.error = text.error().english();
    return f;
}

CubinResult readEntryCubin(const Entry& e, const Stage& stage)
{
    if (!e.packed())
        return readCubinInfo(joinPath(e.path, stage.fileName));
    auto bytes = readEntryFile(e, stage.fileName, 256ull << 20);
    if (!bytes) {
        CubinResult r;
        r.error = std::move(bytes.error());
        return r;
    }
    return readCubinInfoWithType(*bytes);
}

Result<std::string> entryFileOnDisk(const Entry& e, std::string_view fileName)
{
    if (!e.packed())
        return joinPath(e.path, fileName);
    auto c = checkRecord(e);
    if (!c)
        return fail(std::move(c.error()));
    if (!fileOf(c->record, fileName))
        return fail(notInRecord(e, fileName));
    auto base = privateFolder();
    if (!base)
        return fail(std::move(base.error()));
    char crc[9];
    std::snprintf(crc, sizeof crc, "%08x", c->record.crc);
    // Key, CRC and length name the record's bytes: a rewritten pack's record gets the same copy.
    const std::string dir =
        joinPath(*base, e.folderName + "-" + crc + "-" + std::to_string(c->record.length));
    if (holdsCopy(dir, c->record))
        return joinPath(dir, fileName);
    removeFolder(dir, c->record); // a copy cut short (a temp cleaner took files of it)
    std::string tmp = joinPath(*base, ".tmp-XXXXXX");
    if (!::mkdtemp(tmp.data()))
        return fail(Text::of(KL_TEXT("kl::pack", "cannot make a folder in %1: %2"), printableName(*base),
                             errnoText(errno)));
    for (const PackedFile& f : c->record.files) {
        auto bytes = c->pack->readFile(f, f.size);
        const std::string path = joinPath(tmp, f.name);
        UniqueFd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
        const int err = !bytes ? 0 : !out.valid() || !writeWhole(out.get(), *bytes) ? errno : -1;
        if (err != -1) {
            removeFolder(tmp, c->record);
            if (!bytes)
                return fail(std::move(bytes.error()));
            return fail(
                Text::of(KL_TEXT("kl::pack", "cannot write %1: %2"), printableName(path), errnoText(err)));
        }
        // The pack's mtimes, so that the copy looks like the folder it was packed from.
        const struct timespec times[2] = {{0, UTIME_OMIT}, {f.mtimeNs / 1000000000, f.mtimeNs % 1000000000}};
        if (f.mtimeNs > 0)
            ::futimens(out.get(), times);
    }
    if (::rename(tmp.c_str(), dir.c_str()) != 0) {
        const int err = errno;
        removeFolder(tmp, c->record);
        // Another klens copied the same record first: use its copy.
        if (!holdsCopy(dir, c->record))
            return fail(
                Text::of(KL_TEXT("kl::pack", "cannot make %1: %2"), printableName(dir), errnoText(err)));
    }
    return joinPath(dir, fileName);
}

} // namespace kl
