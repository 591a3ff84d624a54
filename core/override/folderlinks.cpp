#include "folderlinks.h"

#include "core/formats/layout.h"
#include "core/pack/entryfiles.h"
#include "core/util/digest.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "digestcache.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kl {
namespace {

// The stages a dump and a cache entry can share, in compile order (.source is the cache's alone,
// .sass the dump's alone).
constexpr std::string_view kLinkedStages[] = {"ttir", "ttgir", "llir", "ptx", "cubin", "amdgcn", "hsaco"};

int linkedOrder(std::string_view ext)
{
    auto it = std::find(std::begin(kLinkedStages), std::end(kLinkedStages), ext);
    return it == std::end(kLinkedStages) ? -1 : static_cast<int>(it - std::begin(kLinkedStages));
}

bool isUserFolder(const Entry& e)
{
    return e.kind == EntryKind::Dump || e.kind == EntryKind::Override;
}

// The digests of one entry's linkable stages: (order in kLinkedStages, XXH3-128 hex); a stage
// that cannot be read (gone, a symlink, too large) is left out.
using Digests = std::vector<std::pair<int, std::string>>;

// (stage, size) pairs some file has: a stage of another size cannot be equal to it.
using SizeSet = std::set<std::pair<int, std::uint64_t>>;

std::string digestOf(std::string_view bytes)
{
    Xxh128Stream hash;
    hash.update(bytes);
    return hash.hex();
}

FileStamp stampOf(const struct stat& st)
{
    return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
            static_cast<std::uint64_t>(st.st_size),
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
            static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec};
}

// What a thread read while it had a digest cache: handed to the cache once the thread is done (a
// lock per file made the threads wait on each other).
using Fresh = std::vector<std::pair<FileStamp, std::string>>;

// One regular file's XXH3-128, read in chunks into this thread's buffer (no allocation per file:
// a fresh one for each stage cost more than the hashing); nothing when it cannot be read.
// `scannedSize` is the size the scan saw: without a digest cache no stamp is needed, so the file
// is not stat'ed again: it is read as that size, and one of another size now (being rewritten)
// is left out. O_NONBLOCK and the bound keep a FIFO or a device put in its place from blocking
// or running on.
std::optional<std::string> digestFileAt(int dirFd, const std::string& name, std::uint64_t scannedSize,
                                        std::uint64_t maxBytes, const DigestCache* cache, Fresh& fresh)
{
    struct stat st {};
    // A file the cache has seen as it is now is not opened at all.
    if (cache && !cache->loadedNothing() && ::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) <= maxBytes)
        if (auto known = cache->find(stampOf(st)))
            return known;
    UniqueFd fd(::openat(dirFd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid())
        return std::nullopt;
    std::uint64_t size = scannedSize;
    if (cache) {
        if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
            return std::nullopt;
        size = static_cast<std::uint64_t>(st.st_size);
    }
    if (size > maxBytes)
        return std::nullopt;
    thread_local std::vector<char> buffer(256 * 1024);
    Xxh128Stream hash;
    // Each read asks for one byte past that size: a file that has grown is being rewritten and is
    // left out, and no read is spent just to see the end.
    for (std::uint64_t done = 0; done < size;) {
        const ssize_t n =
            ::read(fd.get(), buffer.data(), std::min<std::uint64_t>(buffer.size(), size + 1 - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || done + static_cast<std::uint64_t>(n) > size)
            return std::nullopt; // an error, or not the size it was: it changed while being read
        hash.update(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
        done += static_cast<std::uint64_t>(n);
    }
    std::string hex = hash.hex();
    if (cache)
        fresh.emplace_back(stampOf(st), hex);
    return hex;
}

Digests digestEntry(const Entry& e, std::uint64_t maxBytes, const SizeSet* onlySizes,
                    const DigestCache* cache, Fresh& fresh)
{
    Digests out;
    if (e.packed()) {
        for (const Stage& s : e.stages) {
            const int order = linkedOrder(s.ext());
            if (order < 0 || (onlySizes && !onlySizes->count({order, s.size})))
                continue;
            auto bytes = s.size <= maxBytes ? readEntryFile(e, s.fileName, maxBytes) : Result<std::string>();
            out.emplace_back(order, bytes && bytes->size() == s.size ? digestOf(*bytes) : std::string());
        }
        return out;
    }
    UniqueFd dir(::open(e.path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir.valid())
        return out;
    for (const Stage& s : e.stages) {
        const int order = linkedOrder(s.ext());
        if (order < 0 || (onlySizes && !onlySizes->count({order, s.size})))
            continue;
        // An empty digest: the stage could not be read (gone, not a regular file, unreadable,
        // too large), so it is compared with nothing.
        out.emplace_back(
            order,
            digestFileAt(dir.get(), s.fileName, s.size, maxBytes, cache, fresh).value_or(std::string()));
    }
    return out;
}

// Digests of the entries named by `which`, on a few threads (I/O bound on a cold cache); from the
// `firstFiltered`th on, only of stages whose size one in `sizes` has (as scanned).
std::vector<Digests> digestAll(const Snapshot& snap, const std::vector<std::size_t>& which,
                               std::size_t firstFiltered, const SizeSet& sizes,
                               const FolderLinkOptions& options, DigestCache* cache)
{
    std::vector<Digests> out(which.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        Fresh fresh;
        for (std::size_t i; (i = next.fetch_add(1)) < which.size();) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed))
                break;
            out[i] = digestEntry(snap.entries[which[i]], options.maxFileBytes,
                                 i >= firstFiltered ? &sizes : nullptr, cache, fresh);
        }
        if (cache)
            for (const auto& [stamp, hex] : fresh)
                cache->add(stamp, hex);
    };
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const unsigned n = static_cast<unsigned>(
        std::min<std::size_t>(options.threads ? options.threads : std::clamp(hw * 2, 2u, 8u), which.size()));
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < n; ++t)
        pool.emplace_back(work);
    work();
    pool.clear(); // joined before `out` is handed back
    return out;
}

std::string stageName(int order)
{
    return std::string(kLinkedStages[order]);
}

// Links `folders` (dump and override entries) to `candidates` (cache entries), reading each once.
std::vector<FolderLinks> link(const Snapshot& snap, const std::vector<std::size_t>& folders,
                              const std::vector<std::size_t>& candidates, const FolderLinkOptions& options)
{
    std::vector<FolderLinks> links;
    for (std::size_t i : folders) {
        FolderLinks l;
        l.folder = i;
        links.push_back(std::move(l));
    }
    if (links.empty())
        return links;
    std::vector<std::size_t> readList = folders;
    readList.insert(readList.end(), candidates.begin(), candidates.end());
    // A cache entry's stage is read only when a folder holds that stage in the same size: most
    // entries of a kernel share none with its few dumps.
    SizeSet sizes;
    for (std::size_t f : folders)
        for (const Stage& st : snap.entries[f].stages)
            if (const int order = linkedOrder(st.ext()); order >= 0)
                sizes.insert({order, st.size});
    std::optional<DigestCache> cache;
    if (!options.digestCache.empty())
        cache.emplace(options.digestCache);
    const std::vector<Digests> digests =
        digestAll(snap, readList, folders.size(), sizes, options, cache ? &*cache : nullptr);
    if (cache)
        cache->save();

    // (stage, digest) -> the folders holding that content; then each entry looks its own up.
    std::unordered_map<std::string, std::vector<std::size_t>> byContent;
    for (std::size_t f = 0; f < links.size(); ++f)
        for (const auto& [order, digest] : digests[f])
            if (!digest.empty())
                byContent[stageName(order) + ':' + digest].push_back(f);
    for (std::size_t r = links.size(); r < readList.size(); ++r) {
        std::map<std::size_t, std::vector<int>> shared; // folder -> stage orders
        for (const auto& [order, digest] : digests[r]) {
            if (digest.empty())
                continue;
            auto it = byContent.find(stageName(order) + ':' + digest);
            if (it != byContent.end())
                for (std::size_t f : it->second)
                    shared[f].push_back(order);
        }
        for (auto& [f, orders] : shared) {
            std::sort(orders.begin(), orders.end());
            // Whole: every stage the two both hold is equal.
            std::size_t common = 0;
            for (const auto& d : digests[r])
                common += std::any_of(digests[f].begin(), digests[f].end(),
                                      [&](const auto& fd) { return fd.first == d.first; });
            LinkedEntry le;
            le.entry = readList[r];
            for (int o : orders)
                le.sharedStages.push_back(stageName(o));
            le.whole = orders.size() == common;
            links[f].entries.push_back(std::move(le));
        }
    }

    // An override folder is named as the dump of the same source: the kernel it overrides.
    std::map<std::string, std::vector<std::size_t>> byName;
    for (std::size_t f = 0; f < links.size(); ++f)
        byName[snap.entries[links[f].folder].folderName].push_back(f);
    for (std::size_t f = 0; f < links.size(); ++f) {
        FolderLinks& l = links[f];
        const Entry& folder = snap.entries[l.folder];
        const Digests* twinDigests = nullptr;
        for (std::size_t other : byName[folder.folderName]) {
            const Entry& o = snap.entries[links[other].folder];
            if (o.kind != folder.kind) {
                l.twin = static_cast<std::ptrdiff_t>(links[other].folder);
                twinDigests = &digests[other];
                if (folder.kind == EntryKind::Override)
                    for (const LinkedEntry& d : links[other].entries)
                        if (std::none_of(l.entries.begin(), l.entries.end(),
                                         [&](const LinkedEntry& x) { return x.entry == d.entry; }))
                            l.entries.push_back(LinkedEntry{d.entry, {}, false, true});
                break;
            }
        }
        if (folder.kind == EntryKind::Override)
            for (const auto& [order, digest] : digests[f])
                if (!digest.empty() &&
                    (!twinDigests ||
                     std::none_of(twinDigests->begin(), twinDigests->end(),
                                  [&](const auto& t) { return t.first == order && t.second == digest; })))
                    l.editedStages.push_back(stageName(order));
        std::string unread;
        for (const Stage& st : folder.stages)
            if (const int order = linkedOrder(st.ext()); order >= 0)
                for (const auto& [o, digest] : digests[f])
                    if (o == order && digest.empty() && unread.find(st.fileName) == std::string::npos)
                        unread += (unread.empty() ? "" : ", ") + st.fileName;
        if (!unread.empty())
            l.note = Text::of(KL_TEXT("kl::override", "could not read %1 (gone, unreadable or not a regular "
                                                      "file): not compared"),
                              printableName(unread));
    }

    for (FolderLinks& l : links) {
        std::sort(l.entries.begin(), l.entries.end(),
                  [](const LinkedEntry& a, const LinkedEntry& b) { return a.entry < b.entry; });
        if (snap.entries[l.folder].kind != EntryKind::Dump)
            continue;
        std::size_t byContentCount = 0, whole = 0;
        std::string lastWriter;
        for (const LinkedEntry& e : l.entries) {
            byContentCount += !e.viaTwin;
            if (e.whole) {
                ++whole;
                lastWriter = snap.entries[e.entry].path;
            }
        }
        l.severalWriters = byContentCount >= 2 && whole < byContentCount;
        if (l.severalWriters) {
            Text writers =
                whole == 1 ? Text::of(KL_TEXT("kl::override",
                                              "%1 compiles of one source wrote this dump folder (targets or "
                                              "configs share it; the last writer's files win): it holds the "
                                              "stages of %2"),
                                      byContentCount, printableName(lastWriter))
                           : Text::of(KL_TEXT("kl::override",
                                              "%1 compiles of one source wrote this dump folder (targets or "
                                              "configs share it; the last writer's files win): its stages "
                                              "match none of them whole"),
                                      byContentCount);
            l.note = l.note.empty() ? std::move(writers)
                                    : Text::of(KL_TEXT("kl::override", "%1; %2"), std::move(writers), l.note);
        }
    }
    return links;
}

// Triton names a folder's files and an entry's after the kernel (its first 150 characters): only
// those can share stages.
std::string stemOf(const Entry& e)
{
    return layout::fileStem(e.kernel);
}

} // namespace

bool sharesEdited(const FolderLinks& links, const LinkedEntry& entry)
{
    return std::any_of(entry.sharedStages.begin(), entry.sharedStages.end(), [&](const std::string& s) {
        return std::find(links.editedStages.begin(), links.editedStages.end(), s) != links.editedStages.end();
    });
}

std::vector<FolderLinks> linkUserFolders(const Snapshot& snap, const FolderLinkOptions& options)
{
    std::vector<std::size_t> folders, candidates;
    std::set<std::string> stems;
    for (std::size_t i = 0; i < snap.entries.size(); ++i)
        if (isUserFolder(snap.entries[i])) {
            folders.push_back(i);
            stems.insert(stemOf(snap.entries[i]));
        }
    if (folders.empty())
        return {};
    for (std::size_t i = 0; i < snap.entries.size(); ++i)
        if (snap.entries[i].kind == EntryKind::Kernel && stems.count(stemOf(snap.entries[i])))
            candidates.push_back(i);
    return link(snap, folders, candidates, options);
}

std::vector<FolderLinks> linkUserFoldersOf(const Snapshot& snap, std::size_t entry,
                                           const FolderLinkOptions& options)
{
    if (entry >= snap.entries.size())
        return {};
    const Entry& e = snap.entries[entry];
    const std::string stem = stemOf(e);
    std::vector<std::size_t> folders, candidates;
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        const Entry& x = snap.entries[i];
        if (stemOf(x) != stem)
            continue;
        if (isUserFolder(x))
            folders.push_back(i);
        else if (x.kind == EntryKind::Kernel && (isUserFolder(e) || i == entry))
            candidates.push_back(i);
    }
    std::vector<FolderLinks> links = link(snap, folders, candidates, options);
    // Only what concerns `entry`: itself as a folder, or the folders linked to it as an entry.
    std::erase_if(
        links, [&](const FolderLinks& l) { return isUserFolder(e) ? l.folder != entry : l.entries.empty(); });
    return links;
}

std::vector<std::size_t> linkedCacheEntries(const Snapshot& snap, std::size_t folder,
                                            const FolderLinkOptions& options)
{
    std::vector<std::size_t> out;
    if (folder >= snap.entries.size() || !isUserFolder(snap.entries[folder]))
        return out;
    for (const FolderLinks& l : linkUserFoldersOf(snap, folder, options))
        for (const LinkedEntry& e : l.entries)
            if (std::find(out.begin(), out.end(), e.entry) == out.end())
                out.push_back(e.entry);
    return out;
}

} // namespace kl
