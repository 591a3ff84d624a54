#pragma once

#include "entry.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kl {

/// What a root holds: Triton's cache, or the folders TRITON_KERNEL_DUMP writes or
/// TRITON_KERNEL_OVERRIDE reads (a user's work: nothing in them is ever cleaned by policy).
enum class RootKind { Cache, Dump, Override };

std::string_view toString(RootKind kind);

/// What a root's pack folder holds (`<root>/.kernellens-pack`, docs/pack-format.md): packed
/// entries are never entries of the snapshot and never cleaned. The scan counts them through the
/// packs' indexes; the doctor reads the packs whole.
struct PackedEntries {
    bool present = false;    ///< the root holds `.kernellens-pack` (a folder, or something in its place)
    std::string path;        ///< that folder
    std::size_t packs = 0;   ///< packs of this format that were read
    std::size_t entries = 0; ///< keys with a valid record in them
    std::size_t records = 0; ///< valid entry records (duplicates of a key included)
    std::size_t skipped = 0; ///< packs not read: a newer format, not a pack, or unreadable
    Text error;              ///< the folder cannot be read, or is not a folder
};

/// A folder that was scanned, and why it was chosen.
struct Root {
    std::string path;
    Text reason;        ///< "given", "TRITON_CACHE_DIR", "default (~/.triton/cache)", "found inside ..."
    bool given = false; ///< named by the user, not found in the environment or inside another root
    bool exists = false;
    Text error;                      ///< why it could not be read, naming the path and the cause
    Text note;                       ///< anything else a user should know (e.g. an empty TRITON_CACHE_DIR)
    int parentIndex = -1;            ///< for a nested root found inside another (vLLM, Inductor layouts)
    RootKind kind = RootKind::Cache; ///< set by the environment, or by the scanner (formats/dumpfolders)
    PackedEntries packed;            ///< its pack folder, when it has one
};

/// Counts over a snapshot, as printed by `klens scan`.
struct Summary {
    std::size_t entries = 0;
    std::map<std::string, std::size_t> byKind;
    std::map<std::string, std::size_t> byStatus;
    std::uint64_t totalSize = 0;
    std::size_t problems = 0;
    std::size_t vanished = 0; ///< entries that disappeared while being scanned
};

/// The immutable result of one scan: what the CLI prints and the GUI shows.
struct Snapshot {
    std::vector<Root> roots;
    std::vector<Entry> entries; ///< sorted by path
    std::size_t vanished = 0;
    bool cancelled = false;
    /// The wall clock (ns) before the scan read anything: no stamp in the entries was taken
    /// earlier. 0 when not known (a snapshot made by hand).
    std::int64_t stampedFromNs = 0;

    Summary summary() const;
    bool hasProblems() const;
};

} // namespace kl
