#pragma once

// A root's pack folder, `<root>/.kernellens-pack`: its packs in name order, what each holds, and
// the entries they make together (docs/pack-format.md, "Entries"): the first valid record of a
// key, in pack-name then offset order, that holds a complete group, else its first valid record;
// the others are duplicates.

#include "core/model/snapshot.h"
#include "packfile.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kl {

/// The folder and the pack names in it, sorted bytewise (pack-name order).
struct PackFolderListing {
    bool exists = false;
    std::string path;
    std::vector<std::string> packs;
    UniqueFd fd; ///< the folder, open while the listing is used
};

/// Lists `<rootPath>/.kernellens-pack` through the root's descriptor, never following a symlink.
/// No folder is no error (`exists` false); a file or a link in its place, or a folder that cannot
/// be read, is one naming the path and the cause.
Result<PackFolderListing> listPackFolder(int rootFd, const std::string& rootPath);

/// One pack as read: its name, path and walk, or why it could not be opened.
struct PackContents {
    std::string name;
    std::string path;
    PackWalk walk;
    Text error; ///< could not be opened; `walk` is then empty
};

/// Every pack of a listing walked in `mode`, in name order.
std::vector<PackContents> readPacks(const PackFolderListing& listing, PackRead mode);

/// An entry of the packs: where its record lies.
struct PackEntryRef {
    std::size_t pack = 0;   ///< index into the packs given
    std::size_t record = 0; ///< into that pack's walk.records
    bool complete = false;  ///< its record holds a complete group
    std::size_t duplicates = 0;
};

/// The entries of packs given in name order, sorted by key. Only Full records count as complete.
std::vector<PackEntryRef> pickEntries(const std::vector<const PackWalk*>& packs);

/// A root's pack folder opened for a scan: every pack of this format open and walked through its
/// index (PackRead::Indexed: the records the index lists checked by header, the rest in full).
struct OpenPackFolder {
    PackedEntries summary; ///< what `klens scan` says about the folder
    PackFolderListing listing;
    std::vector<PackFile> packs; ///< the packs read, in name order
    std::vector<PackWalk> walks; ///< of each pack
    /// Each key's records, in pack-name then offset order: (index into packs, into its records).
    struct Key {
        std::string_view key; ///< into a record of `walks`
        std::vector<std::pair<std::uint32_t, std::uint32_t>> records;
    };
    std::vector<Key> keys; ///< sorted by key
};

OpenPackFolder openPackFolder(int rootFd, const std::string& rootPath);

/// The summary alone.
PackedEntries summarizePackFolder(int rootFd, const std::string& rootPath);

} // namespace kl
