#include "unpackcache.h"

#include "core/pack/packfolder.h"
#include "core/pack/packformat.h"
#include "core/storage/cachestore.h"
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "core/util/workerthreads.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <memory>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace kl {
namespace {

constexpr int kLockTries = 20;
constexpr useconds_t kLockWaitUs = 50000;

struct HeldPack {
    std::unique_ptr<PackFile> file; ///< open (and locked, unless a dry run) until the end
    PackWalk walk;
    bool usable = false; ///< its records may be entries
    UnpackedPack out;
};

// Whether the folder `key` holds exactly the record's files, byte for byte.
bool sameFiles(int rootFd, const std::string& key, const PackRecord& rec, std::string_view data)
{
    UniqueFd dir(::openat(rootFd, key.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    std::vector<DirName> names;
    int err = 0;
    if (!dir.valid() || !listDirectory(dir.get(), names, err) || names.size() != rec.files.size())
        return false;
    const std::uint64_t base = rec.dataOffset();
    for (const PackedFile& f : rec.files) {
        SmallFile mine = readSmallFileAt(dir.get(), f.name, f.size);
        if (!mine.ok || mine.text != data.substr(static_cast<std::size_t>(f.offset - base), f.size))
            return false;
    }
    return true;
}

Text damageText(const std::string& path, const std::vector<PackDamage>& damage)
{
    const PackDamage& d = damage.front();
    return damage.size() == 1
               ? Text::of(KL_TEXT("kl::packing",
                                  "%1 is damaged at byte %2 (%3 bytes: %4): kept, so that nothing "
                                  "in it is lost; its intact records are out"),
                          printableName(path), d.offset, d.length, d.cause)
               : Text::of(KL_TEXT("kl::packing",
                                  "%1 is damaged in %2 places, first at byte %3 (%4 bytes: %5): "
                                  "kept, so that nothing in it is lost; its intact records are out"),
                          printableName(path), damage.size(), d.offset, d.length, d.cause);
}

// Opens (and, unless a dry run, locks) every pack of the folder and walks it in full.
std::vector<HeldPack> holdPacks(const PackFolderListing& listing, const UnpackOptions& opt)
{
    std::vector<HeldPack> held;
    for (const std::string& name : listing.packs) {
        HeldPack& h = held.emplace_back();
        h.out.path = joinPath(listing.path, name);
        auto file = PackFile::open(listing.fd.get(), listing.path, name, !opt.dryRun);
        if (!file) {
            h.out.kept = std::move(file.error());
            continue;
        }
        h.file = std::make_unique<PackFile>(std::move(*file));
        if (!opt.dryRun) {
            // Writers hold a pack's lock for one append: a few tries see it free.
            int err = h.file->tryLock();
            for (int attempt = 0; attempt < kLockTries && (err == EACCES || err == EAGAIN); ++attempt) {
                ::usleep(kLockWaitUs);
                err = h.file->tryLock();
            }
            if (err) {
                h.out.kept =
                    err == EACCES || err == EAGAIN
                        ? Text::of(KL_TEXT("kl::packing", "%1 is held by a writer (its lock is taken): kept; "
                                                          "run klens unpack again once it is done"),
                                   printableName(h.out.path))
                        : Text::of(KL_TEXT("kl::packing", "cannot lock %1: %2"), printableName(h.out.path),
                                   errnoText(err));
                continue;
            }
            if (!h.file->stillNamedIn(listing.fd.get())) {
                held.pop_back(); // removed since the listing (another klens unpack): nothing to do
                continue;
            }
        }
        h.walk = h.file->walk(PackRead::Full);
        h.out.state = h.walk.header.state;
        h.out.records = h.walk.records.size();
        h.out.damage = h.walk.damage;
        h.usable =
            h.walk.header.state == PackHeaderState::Current || h.walk.header.state == PackHeaderState::Empty;
        if (!h.usable)
            h.out.kept = Text::of(KL_TEXT("kl::packing", "%1: kept"), h.walk.header.why);
        else if (!h.walk.error.empty())
            h.out.kept = Text::of(KL_TEXT("kl::packing", "%1: kept"), h.walk.error);
        else if (!h.walk.damage.empty())
            h.out.kept = damageText(h.out.path, h.walk.damage);
        else if (!h.walk.otherKinds.empty())
            h.out.kept =
                Text::of(KL_TEXT("kl::packing", "%1 holds %2 record(s) of a kind this KernelLens does not "
                                                "read (kind %3 at byte %4): kept"),
                         printableName(h.out.path), h.walk.otherKinds.size(), h.walk.otherKinds[0].kind,
                         h.walk.otherKinds[0].offset);
    }
    return held;
}

unsigned defaultThreads()
{
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::clamp(hw * 4, 4u, 16u);
}

// One entry: written back, found there, or why not.
void unpackEntry(const std::string& packPath, const PackFile& file, const PackRecord& rec,
                 const PackEntryRef& ref, int rootFd, const std::string& rootPath, const CacheStore& store,
                 const UnpackOptions& opt, UnpackedEntry& e)
{
    e.key = rec.key;
    e.path = joinPath(rootPath, rec.key);
    e.pack = packPath;
    e.offset = rec.offset;
    e.complete = ref.complete;
    e.duplicates = ref.duplicates;
    struct stat st {};
    const bool exists = ::fstatat(rootFd, rec.key.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (!exists && errno != ENOENT) {
        e.outcome = UnpackOutcome::Failed;
        e.detail =
            Text::of(KL_TEXT("kl::packing", "cannot stat %1: %2"), printableName(e.path), errnoText(errno));
        return;
    }
    if (!exists && opt.dryRun) {
        e.outcome = UnpackOutcome::WouldRestore;
        return;
    }
    auto data = file.readData(rec, opt.maxRecordBytes);
    if (!data) {
        e.outcome = UnpackOutcome::Failed;
        e.detail = std::move(data.error());
        return;
    }
    if (exists) {
        const bool same = S_ISDIR(st.st_mode) && sameFiles(rootFd, rec.key, rec, *data);
        e.outcome = same ? UnpackOutcome::AlreadyThere : UnpackOutcome::Conflict;
        if (!same)
            e.detail = Text::of(KL_TEXT("kl::packing", "%1 exists with other files than its record in %2 (at "
                                                       "byte %3): both stay"),
                                printableName(e.path), printableName(e.pack), e.offset);
        return;
    }
    std::vector<RestoredFile> files;
    const std::uint64_t base = rec.dataOffset();
    for (const PackedFile& f : rec.files)
        files.push_back(RestoredFile{
            f.name, std::string_view(*data).substr(static_cast<std::size_t>(f.offset - base), f.size),
            f.mtimeNs});
    auto written = store.restore(rec.key, files);
    e.outcome = written ? UnpackOutcome::Restored : UnpackOutcome::Failed;
    if (!written)
        e.detail = std::move(written.error());
}

void unpackRoot(const Root& root, const UnpackOptions& opt, UnpackRootResult& r)
{
    r.root = root.path;
    r.packFolder = joinPath(root.path, pack::kFolderName);
    UniqueFd rootFd(::open(root.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!rootFd.valid()) {
        r.error = Text::of(KL_TEXT("kl::packing", "cannot open %1: %2"), printableName(root.path),
                           errnoText(errno));
        return;
    }
    auto listing = listPackFolder(rootFd.get(), root.path);
    if (!listing) {
        r.error = std::move(listing.error());
        return;
    }
    if (!listing->exists)
        return;
    std::vector<HeldPack> held = holdPacks(*listing, opt);
    std::vector<const PackWalk*> walks;
    for (const HeldPack& h : held)
        walks.push_back(h.usable ? &h.walk : nullptr);

    const CacheStore store(root.path, StoreOptions{opt.fsync, opt.maxRecordBytes});
    const std::vector<PackEntryRef> refs = pickEntries(walks);
    r.entries.resize(refs.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < refs.size();) {
            const HeldPack& h = held[refs[i].pack];
            unpackEntry(h.file->path(), *h.file, h.walk.records[refs[i].record], refs[i], rootFd.get(),
                        root.path, store, opt, r.entries[i]);
        }
    };
    // Each restore waits on its fsyncs: a few at once keep the disk busy.
    runOnThreads(opt.threads ? opt.threads : defaultThreads(), refs.size(), work);
    std::map<std::string, UnpackOutcome> outcomeOf;
    for (const UnpackedEntry& e : r.entries)
        outcomeOf[e.key] = e.outcome;

    for (HeldPack& h : held) {
        if (h.out.kept.empty()) {
            std::size_t notOut = 0;
            for (const PackRecord& rec : h.walk.records) {
                const auto it = outcomeOf.find(rec.key);
                const bool out = it != outcomeOf.end() && (it->second == UnpackOutcome::Restored ||
                                                           it->second == UnpackOutcome::AlreadyThere ||
                                                           it->second == UnpackOutcome::WouldRestore);
                notOut += out ? 0 : 1;
            }
            if (notOut)
                h.out.kept = Text::of(
                    KL_TEXT("kl::packing", "%1 holds %2 record(s) whose entry did not come out: kept"),
                    printableName(h.out.path), notOut);
        }
        if (!h.out.kept.empty() || opt.dryRun)
            continue;
        // The lock is held through the unlink: no writer appends to a pack that is going.
        const std::string name = h.file->name();
        if (::unlinkat(listing->fd.get(), name.c_str(), 0) != 0 && errno != ENOENT) {
            h.out.kept = Text::of(KL_TEXT("kl::packing", "cannot remove %1: %2"), printableName(h.out.path),
                                  errnoText(errno));
            continue;
        }
        h.out.removed = true;
        const std::string index = pack::indexNameOf(name);
        ::unlinkat(listing->fd.get(), index.c_str(), 0);
    }
    if (!opt.dryRun &&
        std::all_of(held.begin(), held.end(), [](const HeldPack& h) { return h.out.removed; })) {
        if (opt.fsync)
            (void)::fsync(listing->fd.get());
        // Only an empty folder goes: anything else in it is someone's.
        r.folderRemoved = ::unlinkat(rootFd.get(), std::string(pack::kFolderName).c_str(), AT_REMOVEDIR) == 0;
        if (r.folderRemoved && opt.fsync)
            (void)::fsync(rootFd.get());
    }
    for (HeldPack& h : held)
        r.packs.push_back(std::move(h.out));
}

} // namespace

std::string_view toString(UnpackOutcome outcome)
{
    switch (outcome) {
    case UnpackOutcome::Restored: return "restored";
    case UnpackOutcome::AlreadyThere: return "already-there";
    case UnpackOutcome::WouldRestore: return "would-restore";
    case UnpackOutcome::Conflict: return "conflict";
    case UnpackOutcome::Failed: return "failed";
    }
    return "failed";
}

std::size_t UnpackResult::count(UnpackOutcome outcome) const
{
    std::size_t n = 0;
    for (const UnpackRootResult& r : roots)
        n += static_cast<std::size_t>(
            std::count_if(r.entries.begin(), r.entries.end(),
                          [&](const UnpackedEntry& e) { return e.outcome == outcome; }));
    return n;
}

std::size_t UnpackResult::packsRemoved() const
{
    std::size_t n = 0;
    for (const UnpackRootResult& r : roots)
        n += static_cast<std::size_t>(
            std::count_if(r.packs.begin(), r.packs.end(), [](const UnpackedPack& p) { return p.removed; }));
    return n;
}

std::size_t UnpackResult::packsKept() const
{
    std::size_t n = 0;
    for (const UnpackRootResult& r : roots)
        n += static_cast<std::size_t>(std::count_if(r.packs.begin(), r.packs.end(),
                                                    [](const UnpackedPack& p) { return !p.kept.empty(); }));
    return n;
}

std::size_t UnpackResult::damagedRegions() const
{
    std::size_t n = 0;
    for (const UnpackRootResult& r : roots)
        for (const UnpackedPack& p : r.packs)
            n += p.damage.size();
    return n;
}

bool UnpackResult::hasErrors() const
{
    return count(UnpackOutcome::Failed) > 0 ||
           std::any_of(roots.begin(), roots.end(),
                       [](const UnpackRootResult& r) { return !r.error.empty(); });
}

UnpackResult unpackCache(const Snapshot& snap, const UnpackOptions& options)
{
    UnpackResult result;
    result.dryRun = options.dryRun;
    for (const Root& root : snap.roots)
        if (root.packed.present && root.error.empty())
            unpackRoot(root, options, result.roots.emplace_back());
    return result;
}

} // namespace kl
