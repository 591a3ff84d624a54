#include "cachestore.h"

#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/formats/stages.h"
#include "core/util/dirlist.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "groupwriter.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace kl {
namespace {

constexpr std::uint64_t kMaxGroupBytes = 64ull << 20;
// Attempts at creating the entry and temp folders when a cleaner removes the entry in between.
constexpr int kFolderAttempts = 5;

// Order in which Triton's compile writes an entry's files: stages in pipeline order, files of
// unknown stages after them, the metadata json last (the group file follows, as the commit).
int writeRank(std::string_view ext, bool metadata)
{
    if (metadata)
        return 1000;
    const int order = ext == "json" ? -1 : stageOrder(ext);
    return order >= 0 ? order : 100;
}

std::string lowerHexKey(std::string_view keyHex)
{
    if (keyHex.size() != 64)
        return {};
    std::string out(keyHex);
    for (char& c : out) {
        if (c >= 'A' && c <= 'F')
            c = static_cast<char>(c - 'A' + 'a');
        else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return {};
    }
    return out;
}

Text badKeyMessage(std::string_view keyHex)
{
    return Text::of(
        KL_TEXT("kl::storage", "invalid cache key \"%1\": expected a sha256 digest as 64 hex digits"),
        printableName(keyHex));
}

// The temp folder and what has been written in it, removed on every way out of put().
class TempFolder {
public:
    TempFolder(int entryFd, std::string name, UniqueFd fd)
        : m_entryFd(entryFd)
        , m_name(std::move(name))
        , m_fd(std::move(fd))
    {
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    ~TempFolder() { removeAll(); }

    int fd() const { return m_fd.get(); }
    const std::string& name() const { return m_name; }
    void created(const std::string& file) { m_pending.push_back(file); }
    void renamed() { m_pending.pop_back(); }

    /// Removes the (normally empty) folder; false with errno set when that fails.
    bool remove()
    {
        m_fd = UniqueFd();
        if (::unlinkat(m_entryFd, m_name.c_str(), AT_REMOVEDIR) != 0)
            return false;
        m_removed = true;
        return true;
    }

private:
    void removeAll()
    {
        if (m_removed)
            return;
        for (const std::string& f : m_pending)
            ::unlinkat(m_fd.get(), f.c_str(), 0);
        m_fd = UniqueFd();
        ::unlinkat(m_entryFd, m_name.c_str(), AT_REMOVEDIR);
    }

    int m_entryFd;
    std::string m_name;
    UniqueFd m_fd;
    std::vector<std::string> m_pending;
    bool m_removed = false;
};

struct Writer {
    const std::string& root;
    const StoreOptions& options;
    std::string entryPath;
    Text error;

    // `what` is a template with the path as %1 and the cause as %2 (an errno text or a Text).
    template <typename Cause> bool fail(TextSource what, const std::string& path, Cause&& cause)
    {
        error = Text::of(what, printableName(path), std::forward<Cause>(cause));
        return false;
    }

    // Opens (creating when needed) the root and the entry folder; the entry is never followed
    // when it is a symlink.
    bool openEntry(const std::string& folder, UniqueFd& rootFd, UniqueFd& entryFd)
    {
        if (auto made =
                makeFolders(root, options.fsync, KL_TEXT("kl::storage", "cannot create cache folder %1: %2"));
            !made) {
            error = std::move(made.error());
            return false;
        }
        rootFd = UniqueFd(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!rootFd.valid())
            return fail(KL_TEXT("kl::storage", "cannot open cache root %1: %2"), root, errnoText(errno));
        for (int attempt = 0; attempt < kFolderAttempts; ++attempt) {
            if (::mkdirat(rootFd.get(), folder.c_str(), 0777) == 0) {
                if (auto synced = options.fsync ? syncFolder(rootFd.get()) : Status(); !synced)
                    return fail(KL_TEXT("kl::storage", "cannot sync cache root %1: %2"), root,
                                std::move(synced.error()));
            } else if (errno != EEXIST) {
                return fail(KL_TEXT("kl::storage", "cannot create entry folder %1: %2"), entryPath,
                            errnoText(errno));
            }
            entryFd = UniqueFd(
                ::openat(rootFd.get(), folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (entryFd.valid())
                return true;
            if (errno != ENOENT) // ELOOP, ENOTDIR: a symlink or a file sits where the entry belongs
                return fail(KL_TEXT("kl::storage", "cannot open entry folder %1: %2 (not a plain folder?)"),
                            entryPath, errnoText(errno));
        }
        error = Text::of(
            KL_TEXT("kl::storage", "cannot open entry folder %1: it keeps disappearing (a cleaner running?)"),
            printableName(entryPath));
        return false;
    }

    std::unique_ptr<TempFolder> makeTemp(int entryFd)
    {
        const std::string prefix = layout::tempFolderPrefix(::getpid());
        for (int attempt = 0; attempt < kFolderAttempts; ++attempt) {
            std::string name = prefix + uuid4();
            if (::mkdirat(entryFd, name.c_str(), 0777) != 0) {
                if (errno == EEXIST)
                    continue;
                fail(KL_TEXT("kl::storage", "cannot create temp folder %1: %2"), joinPath(entryPath, name),
                     errnoText(errno));
                return nullptr;
            }
            UniqueFd fd(::openat(entryFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!fd.valid()) {
                const int err = errno;
                ::unlinkat(entryFd, name.c_str(), AT_REMOVEDIR);
                fail(KL_TEXT("kl::storage", "cannot open temp folder %1: %2"), joinPath(entryPath, name),
                     errnoText(err));
                return nullptr;
            }
            return std::make_unique<TempFolder>(entryFd, std::move(name), std::move(fd));
        }
        error =
            Text::of(KL_TEXT("kl::storage", "cannot create a temp folder in %1: every random name was taken"),
                     printableName(entryPath));
        return nullptr;
    }

    // Writes one file in the temp folder and renames it over `<entry>/<name>`.
    bool place(TempFolder& temp, int entryFd, const std::string& name, std::string_view bytes,
               const std::int64_t* mtimeNs = nullptr)
    {
        temp.created(name); // removed with the folder should anything fail from here on
        if (auto written = writeNewFileAt(temp.fd(), name, bytes, options.fsync, mtimeNs); !written)
            return fail(KL_TEXT("kl::storage", "cannot write %1: %2"),
                        joinPath(joinPath(entryPath, temp.name()), name), std::move(written.error()));
        if (::renameat(temp.fd(), name.c_str(), entryFd, name.c_str()) != 0)
            return fail(KL_TEXT("kl::storage", "cannot rename into place %1: %2"), joinPath(entryPath, name),
                        errnoText(errno));
        temp.renamed();
        return true;
    }

    // The last step of every write: the (now empty) temp folder removed, the entry made durable.
    bool finish(TempFolder& temp, int entryFd)
    {
        if (!temp.remove()) {
            const int err = errno;
            return fail(KL_TEXT("kl::storage", "cannot remove temp folder %1: %2"),
                        joinPath(entryPath, temp.name()), errnoText(err));
        }
        return syncEntry(entryFd);
    }

    bool syncEntry(int entryFd)
    {
        if (!options.fsync)
            return true;
        auto synced = syncFolder(entryFd);
        return synced || fail(KL_TEXT("kl::storage", "cannot sync entry folder %1: %2"), entryPath,
                              std::move(synced.error()));
    }
};

// Validates the kernel name and the files; fills `ordered` in write order.
bool planFiles(std::string_view kernelName, const StoreFiles& files, std::string& stem,
               std::vector<const StoreFiles::value_type*>& ordered, Text& error)
{
    if (kernelName.empty()) {
        error = Text(KL_TEXT("kl::storage", "empty kernel name"));
        return false;
    }
    if (!isValidUtf8(kernelName)) {
        error = Text::of(KL_TEXT("kl::storage", "kernel name \"%1\" is not valid UTF-8"),
                         printableName(kernelName));
        return false;
    }
    stem = layout::fileStem(kernelName);
    if (!isPlainFileName(stem) || layout::isReservedStem(stem)) {
        error = Text::of(KL_TEXT("kl::storage", "kernel name \"%1\" cannot name files in a cache entry"),
                         printableName(kernelName));
        return false;
    }
    const std::string metaName = layout::metadataFileName(stem);
    if (!files.count(metaName)) {
        error = Text::of(KL_TEXT("kl::storage", "no metadata file \"%1\" among the files to store"),
                         printableName(metaName));
        return false;
    }
    std::vector<std::pair<int, const StoreFiles::value_type*>> ranked;
    for (const auto& item : files) {
        const std::string& name = item.first;
        if (!isPlainFileName(name) || !name.starts_with(stem + ".") || name.size() == stem.size() + 1) {
            error =
                Text::of(KL_TEXT("kl::storage",
                                 "file name \"%1\" is not \"%2.<ext>\" (a plain name in the entry folder)"),
                         printableName(name), printableName(stem));
            return false;
        }
        const std::string_view ext = std::string_view(name).substr(stem.size() + 1);
        ranked.emplace_back(writeRank(ext, name == metaName), &item);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& r : ranked)
        ordered.push_back(r.second);
    return true;
}

// Names of the group files directly in the entry folder.
bool listGroupFiles(int entryFd, std::vector<std::string>& out, std::string& cause)
{
    const int err = forEachDirName(entryFd, [&](std::string_view name, unsigned char, std::uint64_t) {
        if (layout::isGroupFileName(name))
            out.emplace_back(name);
        return true;
    });
    if (err != 0) {
        cause = errnoText(err);
        return false;
    }
    std::sort(out.begin(), out.end());
    return true;
}

} // namespace

CacheStore::CacheStore(std::string_view root, StoreOptions options)
    : m_root(absoluteClean(root))
    , m_options(options)
{
}

std::string CacheStore::entryPath(std::string_view keyHex) const
{
    const std::string key = lowerHexKey(keyHex);
    if (key.empty())
        return {};
    const auto folder = encodeKeyFolder(key, KeyEra::Base32);
    return folder ? joinPath(m_root, *folder) : std::string();
}

PutResult CacheStore::put(std::string_view keyHex, std::string_view kernelName, const StoreFiles& files) const
{
    Writer w{m_root, m_options, entryPath(keyHex), {}};
    if (w.entryPath.empty())
        return fail(badKeyMessage(keyHex));
    if (!isValidUtf8(m_root))
        return fail(
            Text::of(KL_TEXT("kl::storage", "cache root %1 is not valid UTF-8: its group files could not "
                                            "record the paths readably"),
                     printableName(m_root)));
    std::string stem;
    std::vector<const StoreFiles::value_type*> ordered;
    Text why;
    if (!planFiles(kernelName, files, stem, ordered, why))
        return fail(Text::of(KL_TEXT("kl::storage", "cannot store into %1: %2"), printableName(w.entryPath),
                             std::move(why)));
    const std::string folder = w.entryPath.substr(m_root.size() + (m_root == "/" ? 0 : 1));

    UniqueFd rootFd, entryFd;
    if (!w.openEntry(folder, rootFd, entryFd))
        return fail(std::move(w.error));
    std::unique_ptr<TempFolder> temp = w.makeTemp(entryFd.get());
    if (!temp)
        return fail(std::move(w.error));
    std::vector<std::pair<std::string, std::string>> children;
    for (const auto* item : ordered) {
        if (!w.place(*temp, entryFd.get(), item->first, item->second))
            return fail(std::move(w.error));
        children.emplace_back(item->first, joinPath(w.entryPath, item->first));
    }
    // Children must be durable before the group file that commits them can be.
    if (!w.syncEntry(entryFd.get()) ||
        !w.place(*temp, entryFd.get(), layout::groupFileName(stem), tritonGroupFileText(children)) ||
        !w.finish(*temp, entryFd.get()))
        return fail(std::move(w.error));
    return StoredEntry{w.entryPath};
}

GetResult CacheStore::get(std::string_view keyHex, std::string_view kernelName) const
{
    Lookup r;
    r.entryPath = entryPath(keyHex);
    auto miss = [&](Text why) -> GetResult {
        r.hit = false;
        r.missReason = std::move(why);
        r.files.clear();
        return std::move(r);
    };
    if (r.entryPath.empty())
        return fail(badKeyMessage(keyHex));
    const std::string folder = r.entryPath.substr(r.entryPath.rfind('/') + 1);
    const std::string shownEntry = printableName(r.entryPath);

    UniqueFd rootFd(::open(m_root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!rootFd.valid())
        return errno == ENOENT
                   ? miss(Text::of(KL_TEXT("kl::storage", "no cache root %1"), printableName(m_root)))
                   : fail(Text::of(KL_TEXT("kl::storage", "cannot open cache root %1: %2"),
                                   printableName(m_root), errnoText(errno)));
    UniqueFd entryFd(::openat(rootFd.get(), folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!entryFd.valid())
        return errno == ENOENT ? miss(Text::of(KL_TEXT("kl::storage", "no entry folder %1"), shownEntry))
                               : fail(Text::of(KL_TEXT("kl::storage", "cannot open entry folder %1: %2"),
                                               shownEntry, errnoText(errno)));

    std::string groupName;
    if (!kernelName.empty()) {
        groupName = layout::groupFileName(layout::fileStem(kernelName));
        if (!isPlainFileName(groupName))
            return fail(Text::of(KL_TEXT("kl::storage", "kernel name \"%1\" cannot name a group file"),
                                 printableName(kernelName)));
    } else {
        std::vector<std::string> groups;
        std::string cause;
        if (!listGroupFiles(entryFd.get(), groups, cause))
            return fail(
                Text::of(KL_TEXT("kl::storage", "cannot list entry folder %1: %2"), shownEntry, cause));
        if (groups.empty())
            return miss(Text::of(
                KL_TEXT("kl::storage", "no group file in %1 (an interrupted or running write)"), shownEntry));
        if (groups.size() > 1)
            return fail(
                Text::of(KL_TEXT("kl::storage", "several group files in %1 (%2, %3): name the kernel"),
                         shownEntry, printableName(groups[0]), printableName(groups[1])));
        groupName = groups.front();
    }
    const std::string groupPath = joinPath(r.entryPath, groupName);
    SmallFile group = readSmallFileAt(entryFd.get(), groupName, kMaxGroupBytes);
    if (!group.ok)
        return group.vanished
                   ? miss(Text::of(KL_TEXT("kl::storage", "no group file %1"), printableName(groupPath)))
                   : fail(Text::of(KL_TEXT("kl::storage", "cannot read %1: %2"), printableName(groupPath),
                                   group.error));
    auto parsed = parseGroupFileInPlace(group.text);
    if (!parsed)
        return miss(Text::of(KL_TEXT("kl::storage", "corrupt group file %1: %2"), printableName(groupPath),
                             std::move(parsed.error())));

    const std::string stem(layout::groupFileStem(groupName));
    bool hasMetadata = false;
    for (const GroupChild& c : parsed->children) {
        const std::string childPath = joinPath(r.entryPath, c.name);
        if (!isPlainFileName(c.name) || layout::isGroupFileName(c.name))
            return miss(Text::of(
                KL_TEXT("kl::storage", "group file %1 names \"%2\", which is not a file of this entry"),
                printableName(groupPath), printableName(c.name)));
        hasMetadata |= c.name == layout::metadataFileName(stem);
        if (!c.recordedPath.empty() && c.recordedPath != childPath && r.recordedElsewhere.empty()) {
            const auto slash = c.recordedPath.rfind('/');
            r.recordedElsewhere =
                slash == std::string::npos ? c.recordedPath : c.recordedPath.substr(0, slash);
        }
        SmallFile f = readSmallFileAt(entryFd.get(), c.name, m_options.maxReadBytes);
        if (f.vanished)
            return miss(Text::of(KL_TEXT("kl::storage", "group file %1 lists %2, which does not exist"),
                                 printableName(groupPath), printableName(childPath)));
        if (f.tooLarge)
            return fail(Text::of(KL_TEXT("kl::storage", "cannot read %1: %2 bytes exceed the limit of %3"),
                                 printableName(childPath), f.size, m_options.maxReadBytes));
        if (!f.ok)
            return fail(
                Text::of(KL_TEXT("kl::storage", "cannot read %1: %2"), printableName(childPath), f.error));
        r.files[c.name] = std::move(f.text);
    }
    if (!hasMetadata)
        return miss(Text::of(KL_TEXT("kl::storage", "group file %1 does not list the metadata %2"),
                             printableName(groupPath), layout::metadataFileName(stem)));
    r.hit = true;
    return r;
}

PutResult CacheStore::putFile(std::string_view keyHex, std::string_view fileName,
                              std::string_view bytes) const
{
    Writer w{m_root, m_options, entryPath(keyHex), {}};
    if (w.entryPath.empty())
        return fail(badKeyMessage(keyHex));
    const std::string name(fileName);
    if (!isPlainFileName(name) || layout::isReservedStem(name))
        return fail(Text::of(KL_TEXT("kl::storage", "cannot store \"%1\" into %2: not a plain file name"),
                             printableName(fileName), printableName(w.entryPath)));
    const std::string folder = w.entryPath.substr(m_root.size() + (m_root == "/" ? 0 : 1));
    UniqueFd rootFd, entryFd;
    if (!w.openEntry(folder, rootFd, entryFd))
        return fail(std::move(w.error));
    std::unique_ptr<TempFolder> temp = w.makeTemp(entryFd.get());
    if (!temp || !w.place(*temp, entryFd.get(), name, bytes) || !w.finish(*temp, entryFd.get()))
        return fail(std::move(w.error));
    return StoredEntry{w.entryPath};
}

PutResult CacheStore::restore(std::string_view folderName, const std::vector<RestoredFile>& files) const
{
    const std::string folder(folderName);
    Writer w{m_root, m_options, joinPath(m_root, folder), {}};
    if (!isPlainFileName(folder) || layout::isTempFolderName(folder))
        return fail(Text::of(KL_TEXT("kl::storage", "cannot restore \"%1\" into %2: not a plain folder name"),
                             printableName(folder), printableName(m_root)));
    for (const RestoredFile& f : files)
        if (!isPlainFileName(f.name))
            return fail(Text::of(KL_TEXT("kl::storage", "cannot restore %1: \"%2\" is not a plain file name"),
                                 printableName(w.entryPath), printableName(f.name)));
    if (auto made =
            makeFolders(m_root, m_options.fsync, KL_TEXT("kl::storage", "cannot create cache folder %1: %2"));
        !made)
        return fail(std::move(made.error()));
    UniqueFd rootFd(::open(m_root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!rootFd.valid())
        return fail(Text::of(KL_TEXT("kl::storage", "cannot open cache root %1: %2"), printableName(m_root),
                             errnoText(errno)));
    if (::mkdirat(rootFd.get(), folder.c_str(), 0777) != 0) {
        const int err = errno;
        return fail(err == EEXIST ? Text::of(KL_TEXT("kl::storage", "entry folder %1 exists already"),
                                             printableName(w.entryPath))
                                  : Text::of(KL_TEXT("kl::storage", "cannot create entry folder %1: %2"),
                                             printableName(w.entryPath), errnoText(err)));
    }
    std::vector<std::string> placed;
    UniqueFd entryFd(::openat(rootFd.get(), folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    std::unique_ptr<TempFolder> temp;
    // Everything this call made goes again when a step fails: no half entry is left behind.
    auto undo = [&](Text why) -> PutResult {
        temp.reset(); // its files and itself, through the entry's descriptor
        for (const std::string& name : placed)
            ::unlinkat(entryFd.get(), name.c_str(), 0);
        ::unlinkat(rootFd.get(), folder.c_str(), AT_REMOVEDIR);
        return fail(std::move(why));
    };
    if (!entryFd.valid())
        return undo(Text::of(KL_TEXT("kl::storage", "cannot open entry folder %1: %2"),
                             printableName(w.entryPath), errnoText(errno)));
    if (m_options.fsync)
        if (auto synced = syncFolder(rootFd.get()); !synced)
            return undo(Text::of(KL_TEXT("kl::storage", "cannot sync cache root %1: %2"),
                                 printableName(m_root), std::move(synced.error())));
    temp = w.makeTemp(entryFd.get());
    if (!temp)
        return undo(std::move(w.error));
    // The group files commit the entry: they go in once every other file is durable.
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && !w.syncEntry(entryFd.get()))
            return undo(std::move(w.error));
        for (const RestoredFile& f : files) {
            if (layout::isGroupFileName(f.name) != (pass == 1))
                continue;
            if (!w.place(*temp, entryFd.get(), f.name, f.bytes, &f.mtimeNs))
                return undo(std::move(w.error));
            placed.push_back(f.name);
        }
    }
    if (!w.finish(*temp, entryFd.get()))
        return undo(std::move(w.error));
    return StoredEntry{w.entryPath};
}

GetResult CacheStore::getFile(std::string_view keyHex, std::string_view fileName) const
{
    Lookup r;
    r.entryPath = entryPath(keyHex);
    if (r.entryPath.empty())
        return fail(badKeyMessage(keyHex));
    const std::string name(fileName);
    const std::string path = joinPath(r.entryPath, name);
    if (!isPlainFileName(name))
        return fail(
            Text::of(KL_TEXT("kl::storage", "\"%1\" is not a plain file name"), printableName(fileName)));
    UniqueFd entryFd(::open(r.entryPath.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!entryFd.valid()) {
        if (errno != ENOENT)
            return fail(Text::of(KL_TEXT("kl::storage", "cannot open entry folder %1: %2"),
                                 printableName(r.entryPath), errnoText(errno)));
        r.missReason = Text::of(KL_TEXT("kl::storage", "no entry folder %1"), printableName(r.entryPath));
        return r;
    }
    SmallFile f = readSmallFileAt(entryFd.get(), name, m_options.maxReadBytes);
    if (f.vanished) {
        r.missReason = Text::of(KL_TEXT("kl::storage", "no file %1"), printableName(path));
        return r;
    }
    if (f.tooLarge)
        return fail(Text::of(KL_TEXT("kl::storage", "cannot read %1: %2 bytes exceed the limit"),
                             printableName(path), f.size));
    if (!f.ok)
        return fail(Text::of(KL_TEXT("kl::storage", "cannot read %1: %2"), printableName(path), f.error));
    r.files[name] = std::move(f.text);
    r.hit = true;
    return r;
}

} // namespace kl
