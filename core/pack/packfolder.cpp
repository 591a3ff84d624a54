#include "packfolder.h"

#include "core/util/dirlist.h"
#include "core/util/utf8.h"
#include "packformat.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <set>
#include <sys/stat.h>

namespace kl {

Result<PackFolderListing> listPackFolder(int rootFd, const std::string& rootPath)
{
    PackFolderListing l;
    l.path = joinPath(rootPath, pack::kFolderName);
    const std::string name(pack::kFolderName);
    l.fd = UniqueFd(::openat(rootFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!l.fd.valid()) {
        const int err = errno;
        if (err == ENOENT)
            return l;
        if (err == ENOTDIR || err == ELOOP)
            return fail(Text::of(KL_TEXT("kl::pack", "%1 is not a folder: packs cannot be read there"),
                                 printableName(l.path)));
        return fail(Text::of(KL_TEXT("kl::pack", "cannot open pack folder %1: %2"), printableName(l.path),
                             errnoText(err)));
    }
    l.exists = true;
    if (const int err = forEachDirName(l.fd.get(), [&](std::string_view n, unsigned char, std::uint64_t) {
            if (pack::isPackName(n))
                l.packs.emplace_back(n);
            return true;
        }))
        return fail(Text::of(KL_TEXT("kl::pack", "cannot list pack folder %1: %2"), printableName(l.path),
                             errnoText(err)));
    std::sort(l.packs.begin(), l.packs.end());
    return l;
}

std::vector<PackContents> readPacks(const PackFolderListing& listing, PackRead mode)
{
    std::vector<PackContents> out;
    out.reserve(listing.packs.size());
    for (const std::string& name : listing.packs) {
        PackContents c;
        c.name = name;
        c.path = joinPath(listing.path, name);
        auto file = PackFile::open(listing.fd.get(), listing.path, name);
        if (!file)
            c.error = std::move(file.error());
        else
            c.walk = file->walk(mode, listing.fd.get());
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<PackEntryRef> pickEntries(const std::vector<const PackWalk*>& packs)
{
    // Per key: the first complete record, else the first record; all in pack then offset order.
    struct Seen {
        PackEntryRef first;
        std::optional<PackEntryRef> complete;
        std::size_t records = 0;
    };
    std::map<std::string_view, Seen> byKey;
    for (std::size_t p = 0; p < packs.size(); ++p) {
        if (!packs[p])
            continue;
        const std::vector<PackRecord>& records = packs[p]->records;
        for (std::size_t r = 0; r < records.size(); ++r) {
            const PackRecord& rec = records[r];
            const bool complete = rec.check == RecordCheck::Full && rec.completeGroup;
            auto [it, fresh] = byKey.try_emplace(rec.key);
            Seen& s = it->second;
            if (fresh)
                s.first = PackEntryRef{p, r, complete, 0};
            if (complete && !s.complete)
                s.complete = PackEntryRef{p, r, true, 0};
            ++s.records;
        }
    }
    std::vector<PackEntryRef> out;
    out.reserve(byKey.size());
    for (auto& [key, s] : byKey) {
        PackEntryRef e = s.complete ? *s.complete : s.first;
        e.duplicates = s.records - 1;
        out.push_back(e);
    }
    return out;
}

OpenPackFolder openPackFolder(int rootFd, const std::string& rootPath)
{
    OpenPackFolder o;
    PackedEntries& s = o.summary;
    s.present = true;
    s.path = joinPath(rootPath, pack::kFolderName);
    auto listing = listPackFolder(rootFd, rootPath);
    if (!listing) {
        s.error = std::move(listing.error());
        return o;
    }
    if (!listing->exists) {
        s.present = false;
        return o;
    }
    o.listing = std::move(*listing);
    for (const std::string& name : o.listing.packs) {
        auto file = PackFile::open(o.listing.fd.get(), o.listing.path, name);
        if (!file) {
            ++s.skipped;
            continue;
        }
        PackWalk walk = file->walk(PackRead::Indexed, o.listing.fd.get());
        if (walk.header.state != PackHeaderState::Current && walk.header.state != PackHeaderState::Empty) {
            ++s.skipped;
            continue;
        }
        ++s.packs;
        s.records += walk.records.size();
        o.packs.push_back(std::move(*file));
        o.walks.push_back(std::move(walk));
    }
    std::map<std::string_view, std::size_t> at;
    for (std::uint32_t p = 0; p < o.walks.size(); ++p)
        for (std::uint32_t r = 0; r < o.walks[p].records.size(); ++r) {
            auto [it, fresh] = at.try_emplace(o.walks[p].records[r].key, o.keys.size());
            if (fresh)
                o.keys.push_back(OpenPackFolder::Key{it->first, {}});
            o.keys[it->second].records.emplace_back(p, r);
        }
    std::sort(o.keys.begin(), o.keys.end(),
              [](const OpenPackFolder::Key& a, const OpenPackFolder::Key& b) { return a.key < b.key; });
    s.entries = o.keys.size();
    return o;
}

PackedEntries summarizePackFolder(int rootFd, const std::string& rootPath)
{
    return openPackFolder(rootFd, rootPath).summary;
}

} // namespace kl
