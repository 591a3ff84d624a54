#include "folderlinks.h"

#include "core/formats/layout.h"
#include "core/pack/entryfiles.h"
#include "core/util/digest.h"
#include "core/util/isotime.h"
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
#include <unordered_set>
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

// The digests of one entry's linkable stages, by order in kLinkedStages; a stage that cannot be
// read (gone, a symlink, too large) has none, and is compared with nothing.
struct StageDigest {
    int order = -1;
    std::optional<Xxh128> digest;
};
using Digests = std::vector<StageDigest>;

// The (stage, size) pairs some folder's file has, packed as size * 8 + stage: a stage of another
// size cannot be equal to it.
using SizeSet = std::unordered_set<std::uint64_t>;

std::uint64_t sizeKey(int order, std::uint64_t size)
{
    return size << 3 | static_cast<std::uint64_t>(order);
}

FileStamp stampOf(const struct stat& st)
{
    return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
            static_cast<std::uint64_t>(st.st_size),
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
            static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec};
}

// What a thread read while it had a digest cache, with when each stamp was taken: handed to the
// cache once the thread is done (a lock per file made the threads wait on each other).
struct FreshDigest {
    FileStamp stamp;
    Xxh128 digest;
    std::int64_t stampedAtNs = 0;
};
using Fresh = std::vector<FreshDigest>;

// Where a thread is: the digest cache (or none), the snapshot's stamp time, and its own start.
struct DigestContext {
    const DigestCache* cache = nullptr;
    std::int64_t scanStampsFromNs = 0; ///< Snapshot::stampedFromNs: 0 when its stamps are unknown
    std::int64_t threadStartNs = 0;    ///< before any stat of this thread
    std::uint64_t maxBytes = 0;
    Fresh fresh;
    // The folder holding the last entry read: entries come sorted by path, so most share it, and
    // each is then opened by its own name alone rather than by walking its whole path again.
    std::string parentPath;
    UniqueFd parentFd;
};

// One regular file's XXH3-128, read in chunks into this thread's buffer (no allocation per file:
// a fresh one for each stage cost more than the hashing); nothing when it cannot be read. It is
// read at the size the scan saw: one of another size now (being rewritten) is left out. With a
// digest cache, the scan's stamp of the file keys it, so a file the cache knows is neither
// opened nor stat'ed (without one, as in a snapshot made by hand, it is stat'ed here). A file
// rewritten after the scan in the same size is read as it is now but kept under the scan's
// stamp, which no later stat can give again: its change time moved past it. O_NONBLOCK and the
// bound keep a FIFO or a device put in its place from blocking or running on.
std::optional<Xxh128> digestFileAt(int dirFd, const Entry& e, const Stage& s, DigestContext& ctx)
{
    const DigestCache* cache = ctx.cache;
    const bool scanStamped = cache && ctx.scanStampsFromNs > 0 && e.dev != 0 && s.ino != 0;
    FileStamp stamp;
    std::int64_t stampedAtNs = 0;
    if (s.size > ctx.maxBytes)
        return std::nullopt;
    if (scanStamped) {
        stamp = {e.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs};
        stampedAtNs = ctx.scanStampsFromNs;
        if (!cache->loadedNothing())
            if (auto known = cache->find(stamp))
                return known;
    } else if (cache && !cache->loadedNothing()) {
        struct stat st {};
        if (::fstatat(dirFd, s.fileName.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
            if (auto known = cache->find(stampOf(st)))
                return known;
    }
    UniqueFd fd(::openat(dirFd, s.fileName.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid())
        return std::nullopt;
    if (cache && !scanStamped) {
        struct stat st {};
        if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) ||
            static_cast<std::uint64_t>(st.st_size) != s.size)
            return std::nullopt;
        stamp = stampOf(st);
        stampedAtNs = ctx.threadStartNs;
    }
    const std::uint64_t size = s.size;
    thread_local std::vector<char> buffer(256 * 1024);
    // Each read asks for one byte past that size: a file that has grown is being rewritten and is
    // left out, and no read is spent just to see the end. A stage read whole in one read (most
    // are) is hashed in one call, without a streaming state.
    Xxh128 digest = xxh128({});
    std::optional<Xxh128Stream> stream;
    for (std::uint64_t done = 0; done < size;) {
        const ssize_t n =
            ::read(fd.get(), buffer.data(), std::min<std::uint64_t>(buffer.size(), size + 1 - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || done + static_cast<std::uint64_t>(n) > size)
            return std::nullopt; // an error, or not the size it was: it changed while being read
        const std::string_view chunk(buffer.data(), static_cast<std::size_t>(n));
        if (done == 0 && static_cast<std::uint64_t>(n) == size) {
            digest = xxh128(chunk);
            break;
        }
        if (!stream)
            stream.emplace();
        stream->update(chunk);
        done += static_cast<std::uint64_t>(n);
        if (done == size)
            digest = stream->digest();
    }
    if (cache)
        ctx.fresh.push_back({stamp, digest, stampedAtNs});
    return digest;
}

// The entry's folder (never through a symlink), by its name in the parent folder kept in `ctx`.
UniqueFd openEntryFolder(const Entry& e, DigestContext& ctx)
{
    constexpr int kFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    const bool named = !e.folderName.empty() && e.path.size() > e.folderName.size() + 1 &&
                       e.path.ends_with(e.folderName) &&
                       e.path[e.path.size() - e.folderName.size() - 1] == '/';
    if (!named)
        return UniqueFd(::open(e.path.c_str(), kFlags));
    const std::string_view parent(e.path.data(), e.path.size() - e.folderName.size() - 1);
    if (!ctx.parentFd.valid() || ctx.parentPath != parent) {
        ctx.parentPath.assign(parent);
        ctx.parentFd = UniqueFd(::open(ctx.parentPath.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!ctx.parentFd.valid())
            return UniqueFd(::open(e.path.c_str(), kFlags));
    }
    return UniqueFd(::openat(ctx.parentFd.get(), e.folderName.c_str(), kFlags));
}

Digests digestEntry(const Entry& e, const SizeSet* onlySizes, DigestContext& ctx)
{
    Digests out;
    if (e.packed()) {
        for (const Stage& s : e.stages) {
            const int order = linkedOrder(s.ext());
            if (order < 0 || (onlySizes && !onlySizes->count(sizeKey(order, s.size))))
                continue;
            auto bytes =
                s.size <= ctx.maxBytes ? readEntryFile(e, s.fileName, ctx.maxBytes) : Result<std::string>();
            out.push_back(
                {order, bytes && bytes->size() == s.size ? std::optional(xxh128(*bytes)) : std::nullopt});
        }
        return out;
    }
    UniqueFd dir;
    for (const Stage& s : e.stages) {
        const int order = linkedOrder(s.ext());
        if (order < 0 || (onlySizes && !onlySizes->count(sizeKey(order, s.size))))
            continue;
        // Opened only when a stage is to be read.
        if (!dir.valid()) {
            dir = openEntryFolder(e, ctx);
            if (!dir.valid())
                return {};
        }
        out.push_back({order, digestFileAt(dir.get(), e, s, ctx)});
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
        DigestContext ctx;
        ctx.cache = cache;
        ctx.scanStampsFromNs = snap.stampedFromNs;
        ctx.threadStartNs = realtimeNs();
        ctx.maxBytes = options.maxFileBytes;
        for (std::size_t i; (i = next.fetch_add(1)) < which.size();) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed))
                break;
            out[i] = digestEntry(snap.entries[which[i]], i >= firstFiltered ? &sizes : nullptr, ctx);
        }
        if (cache)
            for (const FreshDigest& f : ctx.fresh)
                cache->add(f.stamp, f.digest, f.stampedAtNs);
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

// A stage's content: which stage, and its digest.
struct ContentKey {
    int order = 0;
    Xxh128 digest;
    bool operator==(const ContentKey&) const = default;
};
struct ContentKeyHash {
    std::size_t operator()(const ContentKey& k) const
    {
        return static_cast<std::size_t>(k.digest.low ^ static_cast<std::uint64_t>(k.order));
    }
};

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
                sizes.insert(sizeKey(order, st.size));
    std::optional<DigestCache> cache;
    if (!options.digestCache.empty())
        cache.emplace(options.digestCache);
    const std::vector<Digests> digests =
        digestAll(snap, readList, folders.size(), sizes, options, cache ? &*cache : nullptr);
    if (cache)
        cache->save();

    // (stage, digest) -> the folders holding that content; then each entry looks its own up.
    std::unordered_map<ContentKey, std::vector<std::size_t>, ContentKeyHash> byContent;
    for (std::size_t f = 0; f < links.size(); ++f)
        for (const auto& [order, digest] : digests[f])
            if (digest)
                byContent[{order, *digest}].push_back(f);
    for (std::size_t r = links.size(); r < readList.size(); ++r) {
        std::map<std::size_t, std::vector<int>> shared; // folder -> stage orders
        for (const auto& [order, digest] : digests[r]) {
            if (!digest)
                continue;
            auto it = byContent.find({order, *digest});
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
                                      [&](const StageDigest& fd) { return fd.order == d.order; });
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
            for (const StageDigest& d : digests[f])
                if (d.digest && (!twinDigests || std::none_of(twinDigests->begin(), twinDigests->end(),
                                                              [&](const StageDigest& t) {
                                                                  return t.order == d.order &&
                                                                         t.digest == d.digest;
                                                              })))
                    l.editedStages.push_back(stageName(d.order));
        std::string unread;
        for (const Stage& st : folder.stages)
            if (const int order = linkedOrder(st.ext()); order >= 0)
                for (const auto& [o, digest] : digests[f])
                    if (o == order && !digest && unread.find(st.fileName) == std::string::npos)
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
