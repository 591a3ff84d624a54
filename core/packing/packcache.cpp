#include "packcache.h"

#include "core/clean/cleanexecutor.h"
#include "core/formats/groupfile.h"
#include "core/pack/packfolder.h"
#include "core/pack/packformat.h"
#include "core/pack/packwriter.h"
#include "core/util/isotime.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryfolder.h"

#include <algorithm>
#include <charconv>
#include <fcntl.h>
#include <map>
#include <memory>
#include <optional>

namespace kl {
namespace {

constexpr std::string_view kPackPrefix = "packed-";

std::string packName(std::size_t n)
{
    return std::string(kPackPrefix) + std::to_string(n) + std::string(pack::kPackSuffix);
}

// The n of `packed-<n>.klpack`, if the name is one.
std::optional<std::size_t> packNumber(std::string_view name)
{
    if (!name.starts_with(kPackPrefix) || !name.ends_with(pack::kPackSuffix))
        return std::nullopt;
    const std::string_view digits =
        name.substr(kPackPrefix.size(), name.size() - kPackPrefix.size() - pack::kPackSuffix.size());
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty())
        return std::nullopt;
    return n;
}

// Triton's own entries, as clean's removable() judges them: a kernel, autotune or module folder
// named after a key, in a cache root that could be read.
bool packable(const Entry& e, const Snapshot& snap)
{
    if (e.rootIndex < 0 || static_cast<std::size_t>(e.rootIndex) >= snap.roots.size())
        return false;
    const Root& r = snap.roots[static_cast<std::size_t>(e.rootIndex)];
    return !e.packed() && r.kind == RootKind::Cache && r.error.empty() &&
           (e.kind == EntryKind::Kernel || e.kind == EntryKind::Autotune || e.kind == EntryKind::Module) &&
           e.era != KeyEra::None && pack::isValidKey(e.folderName) && isValidUtf8(e.folderName);
}

struct KnownRecord {
    std::string pack;
    std::uint64_t offset = 0;
};

// A key's entry in the packs (its first complete record) compared with the folder's files.
struct InPacks {
    bool complete = false;
    bool same = false;
    std::string pack;
    std::uint64_t offset = 0;
};

InPacks findInPacks(const PackFolderListing& listing, const std::vector<KnownRecord>& records,
                    const std::vector<FolderFile>& files, std::uint64_t maxBytes)
{
    InPacks out;
    for (const KnownRecord& k : records) {
        auto file = PackFile::open(listing.fd.get(), listing.path, k.pack);
        if (!file)
            continue;
        auto record = file->checkAt(k.offset);
        if (!record || !record->completeGroup)
            continue;
        out.complete = true;
        out.pack = file->path();
        out.offset = k.offset;
        auto data = file->readData(*record, maxBytes);
        if (!data || record->files.size() != files.size())
            return out;
        std::map<std::string_view, std::string_view> theirs;
        for (const PackedFile& f : record->files)
            theirs.emplace(f.name, std::string_view(*data).substr(f.offset - record->dataOffset(), f.size));
        out.same = std::all_of(files.begin(), files.end(), [&](const FolderFile& f) {
            auto it = theirs.find(f.name);
            return it != theirs.end() && it->second == f.bytes;
        });
        return out;
    }
    return out;
}

// The packs `klens pack` appends to: packed-<n>, rolled past a size, at most maxPacks of them.
class PackSink {
public:
    PackSink(std::string folder, const PackOptions& options, std::size_t firstN)
        : m_folder(std::move(folder))
        , m_options(options)
        , m_n(firstN)
    {
    }

    Result<std::pair<std::string, std::uint64_t>> append(const std::string& key, std::int64_t timeNs,
                                                         const std::vector<FileToPack>& files,
                                                         std::uint64_t bytes)
    {
        if (m_writer && m_writer->size() > pack::kHeaderBytes &&
            m_writer->size() + bytes > m_options.rollBytes && m_n + 1 < m_options.maxPacks) {
            if (auto s = release(); !s)
                return fail(std::move(s.error()));
            ++m_n;
        }
        if (!m_writer)
            if (auto s = take(); !s)
                return fail(std::move(s.error()));
        auto offset = m_writer->append(key, timeNs, files);
        if (!offset)
            return fail(std::move(offset.error()));
        return std::make_pair(m_writer->path(), *offset);
    }

    /// Every pack written is synced: nothing may be removed before its record is durable.
    Status finish() { return release(); }

    std::vector<std::string> used;
    std::uint64_t truncated = 0;

private:
    Status release()
    {
        if (!m_writer)
            return {};
        Status s = m_options.fsync ? m_writer->sync() : Status();
        m_writer.reset();
        return s;
    }

    Status take()
    {
        // From the newest packed-<n> on; past the roll size the next one; then, every pack full or
        // held, any that can be taken (the last one grows past the size).
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t n = pass == 0 ? m_n : 0; n < m_options.maxPacks; ++n) {
                PackWriter::Take t =
                    PackWriter::take(m_folder, packName(n), PackWriterOptions{m_options.fsync});
                if (t.state == PackWriter::State::Failed)
                    return fail(std::move(t.why));
                if (t.state != PackWriter::State::Taken)
                    continue;
                // A pack without records is never full, however small the roll size.
                if (pass == 0 && t.writer->size() > pack::kHeaderBytes &&
                    t.writer->size() >= m_options.rollBytes && n + 1 < m_options.maxPacks)
                    continue;
                m_n = n;
                m_writer = std::move(t.writer);
                truncated += m_writer->truncated();
                if (std::find(used.begin(), used.end(), m_writer->path()) == used.end())
                    used.push_back(m_writer->path());
                return {};
            }
        }
        return fail(
            Text::of(KL_TEXT("kl::packing", "no pack in %1 can be appended to: packed-0 to packed-%2 are "
                                            "all held by other writers or of another format"),
                     printableName(m_folder), m_options.maxPacks - 1));
    }

    std::string m_folder;
    const PackOptions& m_options;
    std::size_t m_n = 0;
    std::unique_ptr<PackWriter> m_writer;
};

struct Candidate {
    const Entry* entry = nullptr;
    PackedFolder out;
    std::vector<FolderFile> files; ///< what was packed, bytes dropped: checked before removal
    bool toAppend = false;
};

void dropBytes(std::vector<FolderFile>& files)
{
    for (FolderFile& f : files)
        std::string().swap(f.bytes);
}

void packRoot(const Snapshot& snap, int rootIndex, const std::vector<const Entry*>& entries,
              const PackOptions& opt, PackRootResult& r)
{
    const Root& root = snap.roots[static_cast<std::size_t>(rootIndex)];
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
    // What the packs hold already, read (and closed again) before any pack is locked here.
    std::map<std::string, std::vector<KnownRecord>> known;
    std::size_t firstN = 0;
    for (const PackContents& c : readPacks(*listing, PackRead::Indexed)) {
        if (auto n = packNumber(c.name))
            firstN = std::max(firstN, *n);
        for (const PackRecord& rec : c.walk.records)
            known[rec.key].push_back(KnownRecord{c.name, rec.offset});
    }
    firstN = std::min(firstN, opt.maxPacks ? opt.maxPacks - 1 : 0);

    std::vector<Candidate> cands(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        Candidate& c = cands[i];
        c.entry = entries[i];
        c.out.path = entries[i]->path;
        c.out.key = entries[i]->folderName;
        // A key the packs do not hold is read once, when it is appended; a dry run reads it here.
        if (!opt.dryRun && !known.count(c.out.key)) {
            c.toAppend = true;
            continue;
        }
        bool vanished = false;
        auto files = readEntryFolder(rootFd.get(), c.out.key, c.out.path, opt.maxFileBytes, vanished);
        if (!files) {
            c.out.outcome = PackOutcome::Left;
            c.out.detail = vanished ? Text::of(KL_TEXT("kl::packing", "%1 is gone since the scan"),
                                               printableName(c.out.path))
                                    : std::move(files.error());
            continue;
        }
        c.out.files = files->size();
        for (const FolderFile& f : *files)
            c.out.bytes += f.size;
        if (auto k = known.find(c.out.key); k != known.end()) {
            const InPacks in = findInPacks(*listing, k->second, *files, opt.maxFileBytes * files->size());
            if (in.complete) {
                c.out.pack = in.pack;
                c.out.offset = in.offset;
                c.out.outcome = in.same ? PackOutcome::AlreadyPacked : PackOutcome::Left;
                if (!in.same)
                    c.out.detail =
                        Text::of(KL_TEXT("kl::packing", "%1 is packed already with other files (%2 at "
                                                        "byte %3): the folder stays, so neither is lost"),
                                 printableName(c.out.path), printableName(in.pack), in.offset);
                dropBytes(*files);
                c.files = std::move(*files);
                continue;
            }
        }
        c.out.outcome = PackOutcome::WouldPack;
        c.toAppend = true;
    }
    if (opt.dryRun) {
        for (Candidate& c : cands)
            r.folders.push_back(std::move(c.out));
        return;
    }

    PackSink sink(r.packFolder, opt, firstN);
    Text appendFailed;
    const std::int64_t timeNs = realtimeNs();
    for (Candidate& c : cands) {
        if (!c.toAppend)
            continue;
        c.out.outcome = PackOutcome::Left;
        if (!appendFailed.empty()) {
            c.out.detail =
                Text::of(KL_TEXT("kl::packing", "not packed: an earlier append failed (%1)"), appendFailed);
            continue;
        }
        // Read again: only one entry's bytes are held at a time.
        bool vanished = false;
        auto files = readEntryFolder(rootFd.get(), c.out.key, c.out.path, opt.maxFileBytes, vanished);
        if (!files) {
            c.out.detail = std::move(files.error());
            continue;
        }
        std::vector<FileToPack> parts;
        std::uint64_t bytes = 0;
        for (const FolderFile& f : *files) {
            parts.push_back(FileToPack{f.name, f.bytes, f.mtimeNs});
            bytes += f.size;
        }
        auto at = sink.append(c.out.key, timeNs, parts, bytes);
        if (!at) {
            c.out.outcome = PackOutcome::Failed;
            c.out.detail = at.error();
            appendFailed = std::move(at.error());
            continue;
        }
        c.out.outcome = PackOutcome::Packed;
        c.out.pack = at->first;
        c.out.offset = at->second;
        c.out.files = files->size();
        c.out.bytes = bytes;
        dropBytes(*files);
        c.files = std::move(*files);
    }
    const Status synced = sink.finish();
    if (!synced)
        r.error = synced.error();
    r.packsUsed = sink.used;
    r.truncated = sink.truncated;

    // Only now, with every record durable, do folders go.
    CleanPlan plan;
    plan.roots = snap.roots;
    std::vector<Candidate*> planned;
    for (Candidate& c : cands) {
        if (c.out.outcome != PackOutcome::Packed && c.out.outcome != PackOutcome::AlreadyPacked)
            continue;
        if (!synced) {
            c.out.detail = synced.error();
            continue;
        }
        if (!folderUnchanged(rootFd.get(), c.out.key, c.files)) {
            c.out.detail =
                Text::of(KL_TEXT("kl::packing", "%1 changed since it was read: it stays a folder (the "
                                                "pack holds the files as they were)"),
                         printableName(c.out.path));
            continue;
        }
        PlannedRemoval rm;
        rm.rootIndex = rootIndex;
        rm.folderName = c.out.key;
        rm.path = c.out.path;
        rm.kind = c.entry->kind;
        rm.kernel = c.entry->kernel;
        rm.size = c.out.bytes;
        rm.mtimeNs = c.entry->newestMtimeNs;
        rm.reasons.push_back(Text::of(KL_TEXT("kl::packing", "packed into %1"), printableName(c.out.pack)));
        plan.removals.push_back(std::move(rm));
        planned.push_back(&c);
    }
    if (!plan.removals.empty()) {
        CleanOptions co;
        const std::int64_t now = opt.context.now();
        // Anything written since the scan began is left: it is not what was packed.
        co.graceNs = opt.scanStartedNs > 0 ? std::max<std::int64_t>(0, now - opt.scanStartedNs) : 0;
        co.threads = opt.threads;
        DoctorContext ctx = opt.context;
        ctx.nowNs = [now] { return now; };
        const CleanResult done = executeCleanPlan(plan, ctx, co);
        for (std::size_t i = 0; i < planned.size(); ++i) {
            const RemovalOutcome& o = done.outcomes[i];
            planned[i]->out.removed =
                o.result == RemovalResult::Removed || o.result == RemovalResult::Vanished;
            if (!planned[i]->out.removed)
                planned[i]->out.detail =
                    o.detail.empty() ? Text::of(KL_TEXT("kl::packing", "%1 was not removed (%2)"),
                                                printableName(planned[i]->out.path), toString(o.result))
                                     : o.detail;
        }
    }
    for (Candidate& c : cands)
        r.folders.push_back(std::move(c.out));
}

} // namespace

std::string_view toString(PackOutcome outcome)
{
    switch (outcome) {
    case PackOutcome::Packed: return "packed";
    case PackOutcome::AlreadyPacked: return "already-packed";
    case PackOutcome::WouldPack: return "would-pack";
    case PackOutcome::Left: return "left";
    case PackOutcome::Failed: return "failed";
    }
    return "left";
}

std::size_t PackResult::count(PackOutcome outcome) const
{
    std::size_t n = 0;
    for (const PackRootResult& r : roots)
        n += static_cast<std::size_t>(std::count_if(
            r.folders.begin(), r.folders.end(), [&](const PackedFolder& f) { return f.outcome == outcome; }));
    return n;
}

std::size_t PackResult::removed() const
{
    std::size_t n = 0;
    for (const PackRootResult& r : roots)
        n += static_cast<std::size_t>(std::count_if(r.folders.begin(), r.folders.end(),
                                                    [](const PackedFolder& f) { return f.removed; }));
    return n;
}

bool PackResult::hasErrors() const
{
    return count(PackOutcome::Failed) > 0 ||
           std::any_of(roots.begin(), roots.end(), [](const PackRootResult& r) { return !r.error.empty(); });
}

bool PackResult::leftAny() const
{
    for (const PackRootResult& r : roots)
        for (const PackedFolder& f : r.folders)
            if (f.outcome == PackOutcome::Left ||
                ((f.outcome == PackOutcome::Packed || f.outcome == PackOutcome::AlreadyPacked) && !f.removed))
                return true;
    return false;
}

PackResult packCache(const Snapshot& snap, const PackOptions& options)
{
    PackResult result;
    result.dryRun = options.dryRun;
    std::map<int, std::vector<const Entry*>> byRoot;
    for (const Entry& e : snap.entries)
        if (packable(e, snap))
            byRoot[e.rootIndex].push_back(&e);
    for (auto& [rootIndex, entries] : byRoot) {
        std::sort(entries.begin(), entries.end(),
                  [](const Entry* a, const Entry* b) { return a->folderName < b->folderName; });
        packRoot(snap, rootIndex, entries, options, result.roots.emplace_back());
    }
    return result;
}

} // namespace kl
