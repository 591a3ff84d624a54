#pragma once

// `klens unpack`: every entry of a root's packs written back as its folder by CacheStore (temp
// folder, files with their times, renames, group file last), then the packs removed, each only
// once every record in it is out: its entries written or found on disk with the same bytes. A
// pack with damage, of a newer format, held by a writer, or with a record that could not come
// out stays where it is: its intact entries come out, and nothing is lost.

#include "core/model/snapshot.h"
#include "core/pack/packfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

struct UnpackOptions {
    /// Say what would be written and removed; write and remove nothing (no pack is locked).
    bool dryRun = false;
    bool fsync = true;
    /// A record holding more than this is not read: its pack stays.
    std::uint64_t maxRecordBytes = 1ull << 30;
    /// Entries written at once (each waits on its fsyncs); 0 picks a default from the hardware.
    unsigned threads = 0;
};

enum class UnpackOutcome {
    Restored,     ///< written as its folder
    AlreadyThere, ///< its folder exists with the same files
    WouldRestore, ///< dry run
    Conflict,     ///< its folder exists with other files: both stay
    Failed,       ///< `detail` names the path and the cause
};

std::string_view toString(UnpackOutcome outcome); ///< "restored", "already-there", ...

/// One packed entry: what became of it.
struct UnpackedEntry {
    std::string key;
    std::string path; ///< its folder
    std::string pack;
    std::uint64_t offset = 0;
    bool complete = false; ///< its record holds a complete group
    std::size_t duplicates = 0;
    UnpackOutcome outcome = UnpackOutcome::Failed;
    Text detail;
};

/// One pack: what it held and whether it went.
struct UnpackedPack {
    std::string path;
    PackHeaderState state = PackHeaderState::Current;
    std::size_t records = 0;
    std::vector<PackDamage> damage;
    bool removed = false;
    Text kept; ///< why it stays (with `removed` false); empty on a dry run that would remove it
};

struct UnpackRootResult {
    std::string root;
    std::string packFolder;
    std::vector<UnpackedPack> packs;
    std::vector<UnpackedEntry> entries;
    bool folderRemoved = false; ///< the pack folder was empty at the end and is gone
    Text error;                 ///< the root or its pack folder could not be read
};

struct UnpackResult {
    bool dryRun = false;
    std::vector<UnpackRootResult> roots;

    std::size_t count(UnpackOutcome outcome) const;
    std::size_t packsRemoved() const;
    std::size_t packsKept() const;
    std::size_t damagedRegions() const;
    bool hasErrors() const; ///< a root could not be read, or a write failed
};

/// Unpacks the pack folder of every root of `snapshot` that has one.
UnpackResult unpackCache(const Snapshot& snapshot, const UnpackOptions& options);

} // namespace kl
