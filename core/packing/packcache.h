#pragma once

// `klens pack`: a root's entry folders appended to its packs (`<root>/.kernellens-pack/
// packed-<n>.klpack`, docs/pack-format.md), then removed. The order keeps every entry somewhere
// at every moment: a folder is read, its record appended and the pack fsynced before the folder
// goes, and the folder goes through clean's executor (group file first, nothing written since
// the scan, no live writer) only when its files are still the ones packed. Only Triton's entries
// are packed (kernel, autotune and module folders named after a key, made of plain files);
// dump, override, temp, foreign and unknown folders stay as they are.

#include "core/doctor/doctorcontext.h"
#include "core/model/snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

struct PackOptions {
    /// Say what would be packed; write and remove nothing.
    bool dryRun = false;
    bool fsync = true;
    /// A pack past this size rolls to the next `packed-<n>` ...
    std::uint64_t rollBytes = 4ull << 30;
    /// ... up to this many packs: then the last one grows.
    std::size_t maxPacks = 64;
    /// A file larger than this is not packed: its folder stays.
    std::uint64_t maxFileBytes = 1ull << 30;
    /// When the scan started (ns since the epoch): a folder written since is left as it is.
    std::int64_t scanStartedNs = 0;
    /// Now and the pids alive, for the removals (clean's executor).
    DoctorContext context;
    unsigned threads = 0;
};

enum class PackOutcome {
    Packed,        ///< appended as a record
    AlreadyPacked, ///< a complete record of the same files was in the packs already
    WouldPack,     ///< dry run
    Left,          ///< stays a folder; `detail` says why
    Failed,        ///< the append failed; `detail` names the pack and the cause
};

std::string_view toString(PackOutcome outcome); ///< "packed", "already-packed", ...

/// One entry folder: what became of it.
struct PackedFolder {
    std::string path;
    std::string key; ///< its folder name
    PackOutcome outcome = PackOutcome::Left;
    std::string pack;         ///< the pack its record went into (or was found in)
    std::uint64_t offset = 0; ///< of that record
    std::size_t files = 0;
    std::uint64_t bytes = 0;
    bool removed = false; ///< the folder is gone (its record holds it)
    Text detail;          ///< why it was left, or why it was not removed
};

/// One root's packing.
struct PackRootResult {
    std::string root;
    std::string packFolder;
    std::vector<PackedFolder> folders;
    std::vector<std::string> packsUsed; ///< the packs appended to (paths)
    std::uint64_t truncated = 0;        ///< torn-tail bytes cut from those packs when taken
    Text error;                         ///< the root or its pack folder could not be used
};

struct PackResult {
    bool dryRun = false;
    std::vector<PackRootResult> roots;

    std::size_t count(PackOutcome outcome) const;
    std::size_t removed() const;
    bool hasErrors() const; ///< a root could not be used, or an append failed
    bool leftAny() const;   ///< an entry stays a folder (left, or packed but not removed)
};

/// Packs every cache root of `snapshot` that holds entries to pack.
PackResult packCache(const Snapshot& snapshot, const PackOptions& options);

} // namespace kl
