#pragma once

// Cleaning in three steps: a policy (cleanpolicy.h), a plan made from the snapshot and the context
// without touching the disk (a dry run shows the plan itself), and the executor (cleanexecutor.h),
// which checks each entry on disk again before it deletes. Dump and override folders are a user's
// work: one goes only when its path is named (--dump-folder), and --max-size measures the cache
// roots alone.

#include "cleanpolicy.h"
#include "core/doctor/doctorcontext.h"
#include "core/model/snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

/// What a planned removal takes away.
enum class RemovalScope {
    Entry,      ///< the whole entry (folder or lone file)
    TempsInside ///< only the leftover temp folders and files inside an entry whose writer is gone
};

struct PlannedRemoval {
    int rootIndex = 0;      ///< into CleanPlan::roots
    std::string folderName; ///< the item directly inside that root: all the executor uses
    std::string path;       ///< for display only: never opened
    EntryKind kind = EntryKind::Unknown;
    std::string kernel;
    std::uint64_t size = 0;   ///< as scanned
    std::int64_t mtimeNs = 0; ///< newest file, as scanned
    RemovalScope scope = RemovalScope::Entry;
    /// A packed entry: every record of its key (`folderName`) goes from the root's packs
    /// (core/pack/packrewrite), never a folder of that name.
    bool packed = false;
    std::vector<Text> reasons; ///< why each policy chose it
};

/// An entry a policy chose but the plan leaves alone (younger than the grace period).
struct PlannedSkip {
    std::string path;
    std::uint64_t size = 0;
    Text reason;
};

/// The pure result of applying a policy to a snapshot: what would go, what stays and why.
struct CleanPlan {
    std::vector<Root> roots;              ///< the snapshot's roots (the executor opens these)
    std::vector<PlannedRemoval> removals; ///< least recently written first
    std::vector<PlannedSkip> skipped;
    std::uint64_t totalBefore = 0; ///< everything the cache roots hold, foreign files included
    std::uint64_t bytesPlanned = 0;
    Text note; ///< e.g. why --max-size cannot be reached
};

/// Applies `policy` to `snapshot`. Pure: it reads only the snapshot and, for --stale, the
/// context's Triton version and GPU archs; "now" comes from the context's clock.
CleanPlan makeCleanPlan(const Snapshot& snapshot, const CleanPolicy& policy, const DoctorContext& context);

} // namespace kl
