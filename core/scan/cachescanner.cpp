#include "cachescanner.h"

#include "core/cubin/entryresources.h"
#include "core/formats/dumplayout.h"
#include "core/pack/packfolder.h"
#include "core/pack/packformat.h"
#include "core/util/dirlist.h"
#include "core/util/isotime.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "core/util/workerthreads.h"
#include "entryreader.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace kl {
namespace {

struct WorkItem {
    int rootIndex;
    std::string name;
    ItemType type;
    ino_t inode;
    int packedKey = -1; ///< a key of the root's packs (OpenPackFolder::keys), not an item of the folder
};

struct OpenRoot {
    UniqueFd fd;
    ParentDir dir;
    int depth = 0;
    // The scan index of this root (ScanOptions::indexDir): what was loaded, what the next holds.
    ScanIndexKey indexKey;
    std::unique_ptr<const ScanIndex> index;
    std::unique_ptr<ScanIndexWriter> nextIndex;
    std::size_t reused = 0;
    std::size_t fresh = 0;
    std::unique_ptr<const OpenPackFolder> packs; ///< its pack folder, open while its entries are read
};

// A key of a root's packs as an entry: its first record that makes a complete entry, else its
// first record (docs/pack-format.md, "Entries"). Records the index listed are listed from their
// meta here; nothing is read of their data but the json files.
EntryReadResult readPackedKey(const OpenRoot& root, std::size_t k, const ScanOptions& options)
{
    const OpenPackFolder& packs = *root.packs;
    const OpenPackFolder::Key& key = packs.keys[k];
    std::optional<EntryReadResult> first;
    for (const auto& [p, r] : key.records) {
        const PackFile& pack = packs.packs[p];
        const PackRecord& walked = packs.walks[p].records[r];
        std::optional<PackRecord> listed;
        if (walked.check == RecordCheck::Indexed && !(listed = pack.listAt(walked.offset)))
            continue; // the index vouched for a record that is not one: as if never listed
        EntryReadResult read = readPackedEntry(root.dir, pack, listed ? *listed : walked, options);
        if (read.entry.status == EntryStatus::Complete)
            return read;
        if (!first)
            first = std::move(read);
    }
    if (first)
        return std::move(*first);
    EntryReadResult none;
    none.vanished = true;
    return none;
}

// The cubin of a packed entry, read from the pack the scan holds open. Its record's CRC is not
// checked here (that would read every stage of every entry): the figures are a listing's, and
// whatever shows the cubin itself checks the record first (core/pack/entryfiles).
KernelResources readPackedResources(const OpenPackFolder& packs, const Entry& e)
{
    KernelResources r;
    if (e.kind != EntryKind::Kernel)
        return r;
    const Stage* stage = e.stage("cubin");
    r.state = stage ? KernelResources::State::Unreadable : KernelResources::State::NoCubin;
    if (!stage || stage->size == 0 || stage->size > kMaxScanCubinBytes)
        return r;
    auto pack = std::find_if(packs.packs.begin(), packs.packs.end(),
                             [&](const PackFile& p) { return p.path() == e.packPath; });
    std::optional<PackRecord> record = pack == packs.packs.end() ? std::nullopt : pack->listAt(e.packOffset);
    if (!record)
        return r;
    for (const PackedFile& f : record->files)
        if (f.name == stage->fileName) {
            auto bytes = pack->readFile(f, kMaxScanCubinBytes);
            if (!bytes)
                return r;
            return resourcesOf(readCubinInfo(std::span<const std::uint8_t>(
                                   reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size())),
                               e);
        }
    return r;
}

void loadIndex(const ScanOptions& options, OpenRoot& root)
{
    if (options.indexDir.empty() || !root.fd.valid())
        return;
    root.indexKey = ScanIndexKey{root.dir.path, root.dir.realPath, options.maxJsonBytes};
    root.index = std::make_unique<const ScanIndex>(ScanIndex::load(options.indexDir, root.indexKey));
    root.nextIndex = std::make_unique<ScanIndexWriter>(options.indexDir, root.indexKey);
    root.nextIndex->reserve(root.index->size()); // most records are kept: no regrowth
}

// Writes one root's next index when it changed, adds to `stats`, and frees both indexes.
// Unchanged roots are finished as soon as their level is read: a re-scan then drops the loaded
// index (28 MB for 100,000 entries) before sorting, which kept `klens scan` within 200 MB.
void finishIndex(const Root& r, bool cancelled, OpenRoot& root, ScanIndexStats& stats)
{
    if (!root.index)
        return;
    stats.loaded += root.index->size();
    stats.entriesFromIndex += root.reused;
    // A cancelled scan or a root listed only in part saw too little to drop records by.
    if (!cancelled && r.error.empty()) {
        stats.recorded += root.nextIndex->size();
        // Unchanged: every loaded record reused and none added.
        const bool unchanged = root.fresh == 0 && root.reused == root.index->size();
        if (!unchanged && root.nextIndex->commit())
            ++stats.filesWritten;
        // Write failures are ignored: the index only saves work.
    }
    root.nextIndex.reset();
    root.index.reset();
}

bool indexUnchanged(const OpenRoot& root)
{
    return root.index && root.fresh == 0 && root.reused == root.index->size();
}

// `name` is NUL-terminated (forEachDirName).
ItemType itemTypeAt(int dirFd, std::string_view name, unsigned char dtype)
{
    if (dtype != DT_UNKNOWN)
        return itemTypeOfDirent(dtype);
    struct stat st {};
    return ::fstatat(dirFd, name.data(), &st, AT_SYMLINK_NOFOLLOW) == 0 ? itemTypeOfMode(st.st_mode)
                                                                        : ItemType::Other;
}

// A dump or override folder the environment names, as the kernel identifies it.
struct KnownFolder {
    dev_t dev = 0;
    ino_t ino = 0;
    RootKind kind = RootKind::Cache;
    Text reason;
};

std::vector<KnownFolder> statKnownFolders(const std::vector<Root>& roots)
{
    std::vector<KnownFolder> known;
    for (const Root& r : roots) {
        struct stat st {};
        if (r.kind == RootKind::Cache || ::stat(r.path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        known.push_back(KnownFolder{st.st_dev, st.st_ino, r.kind, r.reason});
    }
    return known;
}

void addNote(Root& root, Text more)
{
    root.note = root.note.empty() ? std::move(more)
                                  : Text::of(KL_TEXT("kl::scan", "%1; %2"), root.note, std::move(more));
}

// A root the caller took for a cache may be a dump or override folder: the environment names it,
// or it is laid out as Triton's default one. Its folders are then a user's work.
void classifyRoot(Root& root, int fd, const std::vector<KnownFolder>& known)
{
    if (root.kind != RootKind::Cache)
        return;
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
        for (const KnownFolder& k : known) {
            if (k.dev != st.st_dev || k.ino != st.st_ino)
                continue;
            root.kind = k.kind;
            addNote(root, Text::of(k.kind == RootKind::Dump
                                       ? KL_TEXT("kl::scan", "Triton's dump folder (%1): its folders are "
                                                             "dumps, not cache entries")
                                       : KL_TEXT("kl::scan", "Triton's override folder (%1): its folders are "
                                                             "a user's edits, not cache entries"),
                                   k.reason));
            return;
        }
    }
    if (auto kind = dumplayout::kindOfDefaultFolder(root.path)) {
        root.kind = *kind;
        addNote(root,
                Text(*kind == RootKind::Dump
                         ? KL_TEXT("kl::scan", "laid out as Triton's default dump folder (.triton/dump): "
                                               "its folders are dumps, not cache entries")
                         : KL_TEXT("kl::scan", "laid out as Triton's default override folder "
                                               "(.triton/override): its folders are a user's edits, not "
                                               "cache entries")));
    }
}

// Opens a root and lists what is directly inside, loading its scan index meanwhile (28 MB for
// 100,000 entries: read, checked and hashed in about as long as the listing takes). Errors name
// the path and the cause.
bool openRoot(const ScanOptions& options, const std::vector<KnownFolder>& known, Root& root, OpenRoot& open,
              std::vector<WorkItem>& items, int rootIndex)
{
    open.dir.path = absoluteClean(root.path);
    root.path = open.dir.path;
    open.fd = UniqueFd(::open(root.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!open.fd.valid()) {
        int err = errno;
        root.exists = err != ENOENT;
        root.error =
            Text::of(KL_TEXT("kl::scan", "cannot open %1: %2"), printableName(root.path), errnoText(err));
        return false;
    }
    root.exists = true;
    char resolved[PATH_MAX];
    open.dir.realPath = ::realpath(root.path.c_str(), resolved) ? std::string(resolved) : root.path;
    open.dir.fd = open.fd.get();
    classifyRoot(root, open.fd.get(), known);
    open.dir.kind = root.kind;
    // Reads only the root's paths and descriptor, which the listing leaves alone.
    std::jthread loader;
    if (!options.indexDir.empty())
        loader = std::jthread([&options, &open] { loadIndex(options, open); });
    const int dirFd = open.fd.get();
    bool packFolder = false;
    if (const int err =
            forEachDirName(dirFd, [&](std::string_view n, unsigned char dtype, std::uint64_t ino) {
                // Packed entries are the root's, not an entry: counted below, never cleaned.
                if (n == pack::kFolderName) {
                    packFolder = true;
                    return true;
                }
                items.push_back(WorkItem{rootIndex, std::string(n), itemTypeAt(dirFd, n, dtype),
                                         static_cast<ino_t>(ino)});
                return true;
            }))
        root.error =
            Text::of(KL_TEXT("kl::scan", "cannot list %1: %2"), printableName(root.path), errnoText(err));
    if (packFolder) {
        open.packs = std::make_unique<const OpenPackFolder>(openPackFolder(dirFd, root.path));
        root.packed = open.packs->summary;
        for (std::size_t k = 0; k < open.packs->keys.size(); ++k)
            items.push_back(WorkItem{rootIndex, std::string(open.packs->keys[k].key), ItemType::Other, 0,
                                     static_cast<int>(k)});
    }
    return root.error.empty();
}

// Sorts by path and returns the order (new position -> old index). Indices are sorted, then each
// Entry moved once: an Entry is some 400 bytes of strings and vectors, and sorting the entries
// themselves moved each about 50 times. The indices sort on the 8 bytes that follow the paths'
// common prefix (the root's path), so most comparisons touch no string. On 100,000 entries the
// sort took 100-140 ms of the scan's serial tail comparing whole paths, 67-74 ms so (mostly moves).
std::vector<std::uint32_t> sortByPath(std::vector<Entry>& entries)
{
    std::size_t common = entries.empty() ? 0 : entries.front().path.size();
    for (const Entry& e : entries)
        common =
            std::mismatch(e.path.begin(), e.path.begin() + std::ptrdiff_t(std::min(common, e.path.size())),
                          entries.front().path.begin())
                .first -
            e.path.begin();
    struct Key {
        std::uint64_t head; // big-endian, so that it orders as the bytes do (unsigned, as std::string)
        std::uint32_t index;
    };
    std::vector<Key> keys(entries.size());
    for (std::uint32_t i = 0; i < keys.size(); ++i) {
        const std::string& p = entries[i].path;
        std::uint64_t head = 0;
        for (std::size_t b = 0; b < 8; ++b)
            head = head << 8 | (common + b < p.size() ? static_cast<unsigned char>(p[common + b]) : 0u);
        keys[i] = {head, i};
    }
    std::sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
        if (a.head != b.head)
            return a.head < b.head;
        return std::string_view(entries[a.index].path).substr(common) <
               std::string_view(entries[b.index].path).substr(common);
    });
    std::vector<std::uint32_t> order(entries.size());
    for (std::size_t p = 0; p < keys.size(); ++p)
        order[p] = keys[p].index;
    keys = {};
    // The permutation is applied in place, cycle by cycle: a second array of entries (424 bytes
    // each) was 42 MB of a 100,000-entry scan's peak.
    std::vector<bool> placed(entries.size(), false);
    for (std::size_t start = 0; start < entries.size(); ++start) {
        if (placed[start] || order[start] == start)
            continue;
        Entry held = std::move(entries[start]);
        std::size_t at = start;
        for (;;) {
            placed[at] = true;
            const std::size_t from = order[at];
            if (from == start) {
                entries[at] = std::move(held);
                break;
            }
            entries[at] = std::move(entries[from]);
            at = from;
        }
    }
    return order;
}

unsigned defaultThreads()
{
    // A cold cache (or NFS) keeps threads waiting on the disk: on 2 cores a cold 100,000-entry
    // scan took 13.8 s with 4 threads and 8.0 s with 16 (tests/bench/RESULTS.md). A warm one is
    // CPU bound, where extra threads cost little.
    unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::clamp(hw * 4, 4u, 16u);
}

} // namespace

CacheScanner::CacheScanner(ScanOptions options)
    : m_options(std::move(options))
{
}

Snapshot CacheScanner::scan(std::vector<Root> roots) const
{
    return scan(std::move(roots), nullptr);
}

CacheScanner::Placed CacheScanner::scanPlaced(std::vector<Root> roots) const
{
    Placed out;
    out.snapshot = scan(std::move(roots), &out.placeOfRead);
    return out;
}

Snapshot CacheScanner::scan(std::vector<Root> roots, std::vector<int>* placeOfRead) const
{
    // Taken before anything is read: a stamp at or after it (less the margin) may hide a change.
    const std::int64_t startNs = realtimeNs();
    const std::int64_t racyFromNs = startNs - m_options.racyMarginNs;
    Snapshot snap;
    snap.stampedFromNs = startNs;
    snap.roots = std::move(roots);
    std::vector<OpenRoot> open(snap.roots.size());
    std::vector<WorkItem> items;
    const std::vector<KnownFolder> known = statKnownFolders(m_options.knownFolders);
    for (std::size_t i = 0; i < snap.roots.size(); ++i) {
        openRoot(m_options, known, snap.roots[i], open[i], items, static_cast<int>(i));
    }

    const unsigned threadCount = m_options.threads ? m_options.threads : defaultThreads();
    std::size_t total = items.size();
    std::atomic<std::size_t> done{0};
    // readId -> index in snap.entries before the sort (-1: not an entry); ids run on across levels.
    std::vector<int> keptOfRead;
    ScanIndexStats indexStats;

    while (!items.empty()) {
        const std::size_t rootsBefore = snap.roots.size();
        // Reading in inode order keeps a cold scan's disk reads close together (inode tables are
        // laid out in that order); the entries are sorted by path at the end anyway.
        std::sort(items.begin(), items.end(),
                  [](const WorkItem& a, const WorkItem& b) { return a.inode < b.inode; });
        // Entries are read straight into the snapshot (no second copy of a level in memory);
        // the flags say which slots to drop afterwards.
        enum : unsigned char { Done = 1, Vanished = 2, Container = 4 };
        const std::size_t base = snap.entries.size();
        snap.entries.resize(base + items.size());
        std::vector<unsigned char> flags(items.size(), 0);
        // Per item: the record the next index gets (reused bytes, or freshly encoded ones).
        std::vector<RecordRef> reusedRecords(m_options.indexDir.empty() ? 0 : items.size());
        // Per item: where its fresh record went in the next index (-1: none), for its resources.
        std::vector<std::int64_t> freshAt(reusedRecords.size(), -1);
        const std::size_t readBase = keptOfRead.size();
        keptOfRead.resize(readBase + items.size(), -1);
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            for (;;) {
                if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
                    return;
                std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
                if (i >= items.size())
                    return;
                const WorkItem& w = items[i];
                const OpenRoot& root = open[w.rootIndex];
                IndexUse use;
                use.index = root.index && root.index->size() ? root.index.get() : nullptr;
                use.wantStamps = root.nextIndex != nullptr;
                EntryReadResult r =
                    w.packedKey >= 0 ? readPackedKey(root, static_cast<std::size_t>(w.packedKey), m_options)
                                     : readEntry(root.dir, w.name, w.type, m_options, &use);
                if (!use.reused.empty())
                    reusedRecords[i] = use.reused;
                else if (r.stamped && !r.container && !r.vanished && indexable(r.entry, r.stamps, racyFromNs))
                    freshAt[i] = root.nextIndex->addFresh(ScanIndexWriter::encode(r.entry, r.stamps));
                r.entry.rootIndex = w.rootIndex;
                flags[i] = Done | (r.vanished ? Vanished : 0) | (r.container ? Container : 0);
                if (m_options.entryRead && !r.vanished && !r.container)
                    m_options.entryRead(r.entry, readBase + i);
                snap.entries[base + i] = std::move(r.entry);
                std::size_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
                if (m_options.progress)
                    m_options.progress(d, total);
            }
        };
        runOnThreads(threadCount, items.size(), work);

        // The cubins are read after the level's rows went out (a viewer shows them first), on
        // the same threads, and their summary goes into the entry and its index record.
        if (m_options.readResources) {
            std::vector<std::size_t> wanted;
            for (std::size_t i = 0; i < items.size(); ++i) {
                const Entry& e = snap.entries[base + i];
                if (flags[i] == Done && e.kind == EntryKind::Kernel &&
                    e.resources.state == KernelResources::State::NotRead)
                    wanted.push_back(i);
            }
            total += wanted.size();
            std::atomic<std::size_t> nextWanted{0};
            auto readCubins = [&] {
                for (;;) {
                    if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
                        return;
                    const std::size_t w = nextWanted.fetch_add(1, std::memory_order_relaxed);
                    if (w >= wanted.size())
                        return;
                    const std::size_t i = wanted[w];
                    Entry& e = snap.entries[base + i];
                    e.resources = e.packed() ? readPackedResources(*open[items[i].rootIndex].packs, e)
                                             : readEntryResources(open[items[i].rootIndex].dir.fd, e);
                    if (!freshAt.empty()) {
                        ScanIndexWriter& writer = *open[items[i].rootIndex].nextIndex;
                        if (freshAt[i] >= 0) {
                            writer.setResources(freshAt[i], e.resources);
                        } else if (!reusedRecords[i].empty()) {
                            // Recorded by a scan that did not read cubins: recorded anew.
                            std::string record;
                            if (open[items[i].rootIndex].index->read(reusedRecords[i], record) &&
                                ScanIndexWriter::setResources(record, e.resources)) {
                                freshAt[i] = writer.addFresh(record);
                                reusedRecords[i] = {};
                            }
                        }
                    }
                    const std::size_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
                    if (m_options.progress)
                        m_options.progress(d, total);
                }
            };
            runOnThreads(threadCount, wanted.size(), readCubins);
        }

        // Containers (folders of folders) are searched for nested caches, level by level.
        std::vector<WorkItem> nextItems;
        std::size_t kept = base;
        for (std::size_t i = 0; i < items.size(); ++i) {
            Entry& entry = snap.entries[base + i];
            if (!(flags[i] & Done))
                continue; // cancelled before it was read
            if (!reusedRecords.empty()) {
                OpenRoot& root = open[items[i].rootIndex];
                if (!reusedRecords[i].empty()) {
                    root.nextIndex->addReused(*root.index, reusedRecords[i]);
                    ++root.reused;
                } else if (freshAt[i] >= 0) {
                    ++root.fresh;
                }
            }
            if (flags[i] & Vanished) {
                ++snap.vanished;
                continue;
            }
            if (flags[i] & Container) {
                const int parent = items[i].rootIndex;
                if (open[parent].depth + 1 > m_options.maxNestDepth) {
                    addNote(snap.roots[static_cast<std::size_t>(parent)],
                            Text::of(KL_TEXT("kl::scan", "not searched (nested deeper than %1 levels): %2"),
                                     m_options.maxNestDepth, printableName(entry.path)));
                    continue;
                }
                Root nested;
                nested.path = entry.path;
                nested.reason = Text::of(KL_TEXT("kl::scan", "found inside %1"), snap.roots[parent].path);
                nested.parentIndex = parent;
                // Inside a dump or override folder, everything is the user's.
                nested.kind = snap.roots[static_cast<std::size_t>(parent)].kind;
                snap.roots.push_back(std::move(nested));
                open.emplace_back();
                open.back().depth = open[parent].depth + 1;
                const int idx = static_cast<int>(snap.roots.size() - 1);
                std::size_t before = nextItems.size();
                const bool opened =
                    openRoot(m_options, known, snap.roots.back(), open.back(), nextItems, idx);
                if (!opened && !snap.roots.back().exists) {
                    // Removed between being listed and being opened: like any vanished entry.
                    snap.roots.pop_back();
                    open.pop_back();
                    ++snap.vanished;
                    continue;
                }
                total += nextItems.size() - before;
                continue;
            }
            if (kept != base + i)
                snap.entries[kept] = std::move(entry);
            keptOfRead[readBase + i] = static_cast<int>(kept);
            ++kept;
        }
        snap.entries.resize(kept);
        // The roots listed before this level are read whole now; unchanged indexes go at once.
        for (std::size_t r = 0; r < rootsBefore; ++r)
            if (indexUnchanged(open[r]))
                finishIndex(snap.roots[r], false, open[r], indexStats);
        if (m_options.cancel && m_options.cancel->load()) {
            snap.cancelled = true;
            break;
        }
        items = std::move(nextItems);
    }
    std::vector<std::uint32_t> order;
    {
        // The index file (28 MB for 100,000 entries) is written while the entries are sorted:
        // writing reads only the roots, sorting only the entries.
        std::jthread writer([&] {
            for (std::size_t r = 0; r < open.size(); ++r)
                finishIndex(snap.roots[r], snap.cancelled, open[r], indexStats);
            if (m_options.indexStats)
                *m_options.indexStats = indexStats;
        });
        order = sortByPath(snap.entries);
    }
    if (placeOfRead) {
        std::vector<int> sortedOfKept(order.size());
        for (std::size_t p = 0; p < order.size(); ++p)
            sortedOfKept[order[p]] = static_cast<int>(p);
        for (int& k : keptOfRead)
            k = k < 0 ? -1 : sortedOfKept[static_cast<std::size_t>(k)];
        *placeOfRead = std::move(keptOfRead);
    }
    return snap;
}

Entry CacheScanner::scanOne(const std::string& parentPath, const std::string& name, bool& vanished) const
{
    ParentDir parent;
    parent.path = absoluteClean(parentPath);
    UniqueFd fd(::open(parent.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    vanished = false;
    if (!fd.valid()) {
        const int err = errno; // before the allocations below can change it
        vanished = err == ENOENT;
        Entry e;
        e.path = joinPath(parent.path, name);
        e.folderName = name;
        e.addProblem(problem::Unreadable, Text::of(KL_TEXT("kl::scan", "cannot open %1: %2"),
                                                   printableName(parent.path), errnoText(err)));
        return e;
    }
    parent.fd = fd.get();
    char resolved[PATH_MAX];
    parent.realPath = ::realpath(parent.path.c_str(), resolved) ? std::string(resolved) : parent.path;
    Root asRoot;
    asRoot.path = parent.path;
    classifyRoot(asRoot, fd.get(), statKnownFolders(m_options.knownFolders));
    parent.kind = asRoot.kind;
    struct stat st {};
    ItemType type = ItemType::Other;
    if (::fstatat(fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0)
        type = itemTypeOfMode(st.st_mode);
    EntryReadResult r = readEntry(parent, name, type, m_options);
    vanished = r.vanished;
    return std::move(r.entry);
}

} // namespace kl
