#pragma once

#include "cleanplan.h"
#include "core/doctor/doctorcontext.h"
#include "core/util/text.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kl {

/// What became of one planned removal.
enum class RemovalResult {
    Removed,           ///< gone (for TempsInside: its dead temp folders and files are gone)
    Vanished,          ///< already gone when its turn came (not an error)
    SkippedYoung,      ///< written to within the grace period since the scan
    SkippedLiveWriter, ///< holds a temp folder whose writer runs on this host
    SkippedUnsafe,     ///< a mount point or a symlink where a folder was: never entered
    Interrupted,       ///< written to while being removed: left without its group file (a miss)
    Failed,            ///< an I/O error; `detail` names the path and the cause
    Cancelled          ///< not attempted: the run was cancelled
};

std::string_view toString(RemovalResult result);

struct RemovalOutcome {
    RemovalResult result = RemovalResult::Cancelled;
    Text detail;
    std::uint64_t bytesFreed = 0;
};

struct CleanResult {
    std::vector<RemovalOutcome> outcomes; ///< one per plan removal, same order
    std::vector<Text> errors;             ///< roots that could not be opened, naming path and cause
    std::uint64_t bytesFreed = 0;
    std::size_t removed = 0, vanished = 0, skipped = 0, failed = 0;
    bool cancelled = false;
};

struct CleanOptions {
    /// Re-checked on each entry's folder just before it goes: skip what was written since (ns).
    std::int64_t graceNs = 10ll * 60 * 1000000000;
    /// Worker threads; 0 picks a default from the hardware.
    unsigned threads = 0;
    /// Called with (removals done, removals planned), from worker threads.
    std::function<void(std::size_t, std::size_t)> progress;
    const std::atomic<bool>* cancel = nullptr;
    /// Observer called after an entry was checked and just before its first unlink (race tests).
    std::function<void(const std::string& entryPath)> beforeRemove;
};

/// Carries out a plan: the only code in KernelLens that deletes what others wrote (other code
/// removes only its own temp files, see ARCHITECTURE.md's rules). Everything goes through
/// a descriptor of the root (openat/unlinkat, O_NOFOLLOW | O_DIRECTORY): it never resolves a
/// path, never follows a symlink, never reads a group file's recorded paths, never enters another
/// mount (st_dev and mount id compared with the root's). An entry loses its group file first, so
/// a concurrent Triton sees a miss, never half an entry. Entries written within the grace period
/// or holding a temp folder of a live writer are skipped; entries vanishing under it are fine.
CleanResult executeCleanPlan(const CleanPlan& plan, const DoctorContext& context,
                             const CleanOptions& options);

} // namespace kl
