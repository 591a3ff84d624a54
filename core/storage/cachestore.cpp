#include "storage/cachestore.h"

#include "formats/groupfile.h"
#include "formats/keyencoding.h"
#include "formats/layout.h"
#include "formats/stages.h"
#include "storage/durablefile.h"
#include "storage/groupwriter.h"
#include "util/posixfile.h"

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

std::string badKeyMessage(std::string_view keyHex)
{
    return "invalid cache key \"" + printableName(keyHex) + "\": expected a sha256 digest as 64 hex digits";
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
    std::string error;

    bool fail(const std::string& path, const std::string& what, const std::string& cause)
    {
        error = what + " " + printableName(path) + ": " + cause;
        return false;
    }

    // Opens (creating when needed) the root and the entry folder; the entry is never followed
    // when it is a symlink.
    bool openEntry(const std::string& folder, UniqueFd& rootFd, UniqueFd& entryFd)
    {
        std::string failed, cause;
        if (!makeFolders(root, options.fsync, failed, cause))
            return fail(failed, "cannot create cache folder", cause);
        rootFd = UniqueFd(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!rootFd.valid())
            return fail(root, "cannot open cache root", errnoText(errno));
        for (int attempt = 0; attempt < kFolderAttempts; ++attempt) {
            if (::mkdirat(rootFd.get(), folder.c_str(), 0777) == 0) {
                if (options.fsync && !syncFolder(rootFd.get(), cause))
                    return fail(root, "cannot sync cache root", cause);
            } else if (errno != EEXIST) {
                return fail(entryPath, "cannot create entry folder", errnoText(errno));
            }
            entryFd = UniqueFd(
                ::openat(rootFd.get(), folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (entryFd.valid())
                return true;
            if (errno != ENOENT) // ELOOP, ENOTDIR: a symlink or a file sits where the entry belongs
                return fail(entryPath, "cannot open entry folder",
                            errnoText(errno) + " (not a plain folder?)");
        }
        return fail(entryPath, "cannot open entry folder", "it keeps disappearing (a cleaner running?)");
    }

    std::unique_ptr<TempFolder> makeTemp(int entryFd)
    {
        const std::string prefix = layout::tempFolderPrefix(::getpid());
        for (int attempt = 0; attempt < kFolderAttempts; ++attempt) {
            std::string name = prefix + uuid4();
            if (::mkdirat(entryFd, name.c_str(), 0777) != 0) {
                if (errno == EEXIST)
                    continue;
                fail(joinPath(entryPath, name), "cannot create temp folder", errnoText(errno));
                return nullptr;
            }
            UniqueFd fd(::openat(entryFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!fd.valid()) {
                const int err = errno;
                ::unlinkat(entryFd, name.c_str(), AT_REMOVEDIR);
                fail(joinPath(entryPath, name), "cannot open temp folder", errnoText(err));
                return nullptr;
            }
            return std::make_unique<TempFolder>(entryFd, std::move(name), std::move(fd));
        }
        fail(entryPath, "cannot create a temp folder in", "every random name was taken");
        return nullptr;
    }

    // Writes one file in the temp folder and renames it over `<entry>/<name>`.
    bool place(TempFolder& temp, int entryFd, const std::string& name, std::string_view bytes)
    {
        std::string cause;
        temp.created(name); // removed with the folder should anything fail from here on
        if (!writeNewFileAt(temp.fd(), name, bytes, options.fsync, cause))
            return fail(joinPath(joinPath(entryPath, temp.name()), name), "cannot write", cause);
        if (::renameat(temp.fd(), name.c_str(), entryFd, name.c_str()) != 0)
            return fail(joinPath(entryPath, name), "cannot rename into place", errnoText(errno));
        temp.renamed();
        return true;
    }

    // The last step of every write: the (now empty) temp folder removed, the entry made durable.
    bool finish(TempFolder& temp, int entryFd)
    {
        if (!temp.remove()) {
            const int err = errno;
            return fail(joinPath(entryPath, temp.name()), "cannot remove temp folder", errnoText(err));
        }
        return syncEntry(entryFd);
    }

    bool syncEntry(int entryFd)
    {
        std::string cause;
        return !options.fsync || syncFolder(entryFd, cause) ||
               fail(entryPath, "cannot sync entry folder", cause);
    }
};

// Validates the kernel name and the files; fills `ordered` in write order.
bool planFiles(std::string_view kernelName, const StoreFiles& files, std::string& stem,
               std::vector<const StoreFiles::value_type*>& ordered, std::string& error)
{
    if (kernelName.empty()) {
        error = "empty kernel name";
        return false;
    }
    if (!isValidUtf8(kernelName)) {
        error = "kernel name \"" + printableName(kernelName) + "\" is not valid UTF-8";
        return false;
    }
    stem = layout::fileStem(kernelName);
    if (!isPlainFileName(stem) || layout::isReservedStem(stem)) {
        error = "kernel name \"" + printableName(kernelName) + "\" cannot name files in a cache entry";
        return false;
    }
    const std::string metaName = layout::metadataFileName(stem);
    if (!files.count(metaName)) {
        error = "no metadata file \"" + printableName(metaName) + "\" among the files to store";
        return false;
    }
    std::vector<std::pair<int, const StoreFiles::value_type*>> ranked;
    for (const auto& item : files) {
        const std::string& name = item.first;
        if (!isPlainFileName(name) || !name.starts_with(stem + ".") || name.size() == stem.size() + 1) {
            error = "file name \"" + printableName(name) + "\" is not \"" + printableName(stem) +
                    ".<ext>\" (a plain name in the entry folder)";
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
    PutResult result;
    Writer w{m_root, m_options, entryPath(keyHex), {}};
    result.entryPath = w.entryPath;
    if (w.entryPath.empty()) {
        result.error = badKeyMessage(keyHex);
        return result;
    }
    if (!isValidUtf8(m_root)) {
        result.error = "cache root " + printableName(m_root) +
                       " is not valid UTF-8: its group files could not record the paths readably";
        return result;
    }
    std::string stem;
    std::vector<const StoreFiles::value_type*> ordered;
    if (!planFiles(kernelName, files, stem, ordered, result.error)) {
        result.error = "cannot store into " + printableName(w.entryPath) + ": " + result.error;
        return result;
    }
    const std::string folder = w.entryPath.substr(m_root.size() + (m_root == "/" ? 0 : 1));

    UniqueFd rootFd, entryFd;
    if (!w.openEntry(folder, rootFd, entryFd)) {
        result.error = w.error;
        return result;
    }
    std::unique_ptr<TempFolder> temp = w.makeTemp(entryFd.get());
    if (!temp) {
        result.error = w.error;
        return result;
    }
    std::vector<std::pair<std::string, std::string>> children;
    for (const auto* item : ordered) {
        if (!w.place(*temp, entryFd.get(), item->first, item->second)) {
            result.error = w.error;
            return result;
        }
        children.emplace_back(item->first, joinPath(w.entryPath, item->first));
    }
    // Children must be durable before the group file that commits them can be.
    if (!w.syncEntry(entryFd.get()) ||
        !w.place(*temp, entryFd.get(), layout::groupFileName(stem), tritonGroupFileText(children))) {
        result.error = w.error;
        return result;
    }
    if (!w.finish(*temp, entryFd.get())) {
        result.error = w.error;
        return result;
    }
    result.ok = true;
    return result;
}

GetResult CacheStore::get(std::string_view keyHex, std::string_view kernelName) const
{
    GetResult r;
    r.entryPath = entryPath(keyHex);
    auto miss = [&](std::string why) {
        r.outcome = GetOutcome::Miss;
        r.message = std::move(why);
        r.files.clear();
        return r;
    };
    auto error = [&](std::string what) {
        r.outcome = GetOutcome::Error;
        r.message = std::move(what);
        r.files.clear();
        return r;
    };
    if (r.entryPath.empty())
        return error(badKeyMessage(keyHex));
    const std::string folder = r.entryPath.substr(r.entryPath.rfind('/') + 1);

    UniqueFd rootFd(::open(m_root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!rootFd.valid())
        return errno == ENOENT
                   ? miss("no cache root " + printableName(m_root))
                   : error("cannot open cache root " + printableName(m_root) + ": " + errnoText(errno));
    UniqueFd entryFd(::openat(rootFd.get(), folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!entryFd.valid())
        return errno == ENOENT ? miss("no entry folder " + printableName(r.entryPath))
                               : error("cannot open entry folder " + printableName(r.entryPath) + ": " +
                                       errnoText(errno));

    std::string groupName;
    if (!kernelName.empty()) {
        groupName = layout::groupFileName(layout::fileStem(kernelName));
        if (!isPlainFileName(groupName))
            return error("kernel name \"" + printableName(kernelName) + "\" cannot name a group file");
    } else {
        std::vector<std::string> groups;
        std::string cause;
        if (!listGroupFiles(entryFd.get(), groups, cause))
            return error("cannot list entry folder " + printableName(r.entryPath) + ": " + cause);
        if (groups.empty())
            return miss("no group file in " + printableName(r.entryPath) +
                        " (an interrupted or running write)");
        if (groups.size() > 1)
            return error("several group files in " + printableName(r.entryPath) + " (" +
                         printableName(groups[0]) + ", " + printableName(groups[1]) + "): name the kernel");
        groupName = groups.front();
    }
    const std::string groupPath = joinPath(r.entryPath, groupName);
    SmallFile group = readSmallFileAt(entryFd.get(), groupName, kMaxGroupBytes);
    if (!group.ok)
        return group.vanished ? miss("no group file " + printableName(groupPath))
                              : error("cannot read " + printableName(groupPath) + ": " + group.error);
    auto parsed = parseGroupFileInPlace(group.text);
    if (!parsed)
        return miss("corrupt group file " + printableName(groupPath) + ": " + parsed.error().english());

    const std::string stem(layout::groupFileStem(groupName));
    bool hasMetadata = false;
    for (const GroupChild& c : parsed->children) {
        const std::string childPath = joinPath(r.entryPath, c.name);
        if (!isPlainFileName(c.name) || layout::isGroupFileName(c.name))
            return miss("group file " + printableName(groupPath) + " names \"" + printableName(c.name) +
                        "\", which is not a file of this entry");
        hasMetadata |= c.name == layout::metadataFileName(stem);
        if (!c.recordedPath.empty() && c.recordedPath != childPath && r.recordedElsewhere.empty()) {
            const auto slash = c.recordedPath.rfind('/');
            r.recordedElsewhere =
                slash == std::string::npos ? c.recordedPath : c.recordedPath.substr(0, slash);
        }
        SmallFile f = readSmallFileAt(entryFd.get(), c.name, m_options.maxReadBytes);
        if (f.vanished)
            return miss("group file " + printableName(groupPath) + " lists " + printableName(childPath) +
                        ", which does not exist");
        if (f.tooLarge)
            return error("cannot read " + printableName(childPath) + ": " + std::to_string(f.size) +
                         " bytes exceed the limit of " + std::to_string(m_options.maxReadBytes));
        if (!f.ok)
            return error("cannot read " + printableName(childPath) + ": " + f.error);
        r.files[c.name] = std::move(f.text);
    }
    if (!hasMetadata)
        return miss("group file " + printableName(groupPath) + " does not list the metadata " +
                    layout::metadataFileName(stem));
    r.outcome = GetOutcome::Hit;
    return r;
}

PutResult CacheStore::putFile(std::string_view keyHex, std::string_view fileName,
                              std::string_view bytes) const
{
    PutResult result;
    Writer w{m_root, m_options, entryPath(keyHex), {}};
    result.entryPath = w.entryPath;
    if (w.entryPath.empty()) {
        result.error = badKeyMessage(keyHex);
        return result;
    }
    const std::string name(fileName);
    if (!isPlainFileName(name) || layout::isReservedStem(name)) {
        result.error = "cannot store \"" + printableName(fileName) + "\" into " + printableName(w.entryPath) +
                       ": not a plain file name";
        return result;
    }
    const std::string folder = w.entryPath.substr(m_root.size() + (m_root == "/" ? 0 : 1));
    UniqueFd rootFd, entryFd;
    if (!w.openEntry(folder, rootFd, entryFd)) {
        result.error = w.error;
        return result;
    }
    std::unique_ptr<TempFolder> temp = w.makeTemp(entryFd.get());
    if (!temp || !w.place(*temp, entryFd.get(), name, bytes)) {
        result.error = w.error;
        return result;
    }
    if (!w.finish(*temp, entryFd.get())) {
        result.error = w.error;
        return result;
    }
    result.ok = true;
    return result;
}

GetResult CacheStore::getFile(std::string_view keyHex, std::string_view fileName) const
{
    GetResult r;
    r.entryPath = entryPath(keyHex);
    if (r.entryPath.empty()) {
        r.outcome = GetOutcome::Error;
        r.message = badKeyMessage(keyHex);
        return r;
    }
    const std::string name(fileName);
    const std::string path = joinPath(r.entryPath, name);
    if (!isPlainFileName(name)) {
        r.outcome = GetOutcome::Error;
        r.message = "\"" + printableName(fileName) + "\" is not a plain file name";
        return r;
    }
    UniqueFd entryFd(::open(r.entryPath.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!entryFd.valid()) {
        const bool absent = errno == ENOENT;
        r.outcome = absent ? GetOutcome::Miss : GetOutcome::Error;
        r.message = absent
                        ? "no entry folder " + printableName(r.entryPath)
                        : "cannot open entry folder " + printableName(r.entryPath) + ": " + errnoText(errno);
        return r;
    }
    SmallFile f = readSmallFileAt(entryFd.get(), name, m_options.maxReadBytes);
    if (f.vanished) {
        r.message = "no file " + printableName(path);
        return r;
    }
    if (!f.ok || f.tooLarge) {
        r.outcome = GetOutcome::Error;
        r.message = "cannot read " + printableName(path) + ": " +
                    (f.tooLarge ? std::to_string(f.size) + " bytes exceed the limit" : f.error);
        return r;
    }
    r.files[name] = std::move(f.text);
    r.outcome = GetOutcome::Hit;
    return r;
}

} // namespace kl
