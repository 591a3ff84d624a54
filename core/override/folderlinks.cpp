#include "override/folderlinks.h"

#include "formats/layout.h"
#include "util/digest.h"
#include "util/posixfile.h"
#include "util/utf8.h"

#include <algorithm>
#include <fcntl.h>
#include <map>
#include <set>
#include <thread>
#include <unordered_map>

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

// The digests of one entry's linkable stages: (order in kLinkedStages, sha256 hex); a stage that
// cannot be read (gone, a symlink, too large) is left out.
using Digests = std::vector<std::pair<int, std::string>>;

Digests digestEntry(const Entry& e, std::uint64_t maxBytes)
{
    Digests out;
    UniqueFd dir(::open(e.path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir.valid())
        return out;
    for (const Stage& s : e.stages) {
        const int order = linkedOrder(s.ext());
        if (order < 0)
            continue;
        SmallFile f = readSmallFileAt(dir.get(), s.fileName, maxBytes);
        if (f.ok)
            out.emplace_back(order, sha256Hex(f.text));
    }
    return out;
}

// Digests of the entries named by `which`, on a few threads (I/O bound on a cold cache).
std::vector<Digests> digestAll(const Snapshot& snap, const std::vector<std::size_t>& which,
                               const FolderLinkOptions& options)
{
    std::vector<Digests> out(which.size());
    initCrypto();
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < which.size();) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed))
                return;
            out[i] = digestEntry(snap.entries[which[i]], options.maxFileBytes);
        }
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

} // namespace

std::vector<FolderLinks> linkUserFolders(const Snapshot& snap, const FolderLinkOptions& options)
{
    std::vector<FolderLinks> links;
    std::set<std::string> stems;
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        if (!isUserFolder(snap.entries[i]))
            continue;
        FolderLinks l;
        l.folder = i;
        links.push_back(std::move(l));
        stems.insert(layout::fileStem(snap.entries[i].kernel));
    }
    if (links.empty())
        return links;
    // Only entries whose files carry a folder's kernel name can share its stages: Triton names
    // both after the kernel (its first 150 characters).
    std::vector<std::size_t> readList;
    for (const FolderLinks& l : links)
        readList.push_back(l.folder);
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        const Entry& e = snap.entries[i];
        if (e.kind == EntryKind::Kernel && stems.count(layout::fileStem(e.kernel)))
            readList.push_back(i);
    }
    const std::vector<Digests> digests = digestAll(snap, readList, options);

    // (stage, digest) -> the folders holding that content; then each entry looks its own up.
    std::unordered_map<std::string, std::vector<std::size_t>> byContent;
    for (std::size_t f = 0; f < links.size(); ++f)
        for (const auto& [order, digest] : digests[f])
            byContent[stageName(order) + ':' + digest].push_back(f);
    for (std::size_t r = links.size(); r < readList.size(); ++r) {
        std::map<std::size_t, std::vector<int>> shared; // folder -> stage orders
        for (const auto& [order, digest] : digests[r]) {
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
                if (!twinDigests || std::none_of(twinDigests->begin(), twinDigests->end(),
                                                 [&](const auto& t) { return t.first == order && t.second == digest; }))
                    l.editedStages.push_back(stageName(order));
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
        if (l.severalWriters)
            l.note = whole == 1 ? Text::of(KL_TEXT("kl::override",
                                                   "%1 compiles of one source wrote this dump folder (targets or "
                                                   "configs share it; the last writer's files win): it holds the "
                                                   "stages of %2"),
                                           byContentCount, printableName(lastWriter))
                                : Text::of(KL_TEXT("kl::override",
                                                   "%1 compiles of one source wrote this dump folder (targets or "
                                                   "configs share it; the last writer's files win): its stages "
                                                   "match none of them whole"),
                                           byContentCount);
    }
    return links;
}

} // namespace kl
