#pragma once

#include "core/model/snapshot.h"
#include "core/util/result.h"
#include "core/util/text.h"
#include "traceanalysis.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kl::trace {

/// A cache entry a traced kernel may have run from, and what its binary says.
struct EntryMatch {
    int snapshot = 0;      ///< index into the snapshots given to joinCaches
    std::size_t entry = 0; ///< index into that snapshot's entries
    std::string path;      ///< the entry folder (or Redis key pattern)
    std::string arch;
    std::optional<std::int64_t> numWarps;
    std::optional<std::uint32_t> registers;    ///< from the entry's cubin (.nv.info), if readable
    std::optional<std::uint64_t> sharedBytes;  ///< metadata "shared" (what the launch asks for)
    std::optional<std::uint64_t> staticShared; ///< the cubin's .nv.shared section
    bool archMatches = true;                   ///< the trace's device arch is the entry's (or unknown)
    bool warpsMatch = true;                    ///< block threads == num_warps * warp size (or unknown)
    bool resourcesMatch = true;                ///< registers and shared memory agree with the trace
    Text cubinError;                           ///< why the cubin could not be read, when it could not
};

/// A kernel of the trace and the entries it matched.
struct KernelJoin {
    std::size_t kernel = 0; ///< index into TraceReport::kernels
    std::vector<EntryMatch> entries;
    /// Per KernelStats::variants (one item when none were recorded): the entry that fits that
    /// binary (same arch, warps, registers and shared memory), index into entries, or -1.
    std::vector<int> variantBest;
    /// The entry that fits the most-called binary, -1 when none does.
    int best = -1;
    bool allFit() const
    {
        for (int b : variantBest)
            if (b < 0)
                return false;
        return !variantBest.empty();
    }
};

/// A finding of the join: stable code, the kernel, the entries, a sentence and the fix.
struct TraceFinding {
    std::string code;     ///< "binary-mismatch", "arch-mismatch", "resources-vary", "no-entry-inductor"
    std::string severity; ///< "error", "warning", "info"
    std::size_t kernel = 0;
    std::vector<std::string> entries; ///< entry paths
    Text message;
    Text fix;
};

struct JoinResult {
    std::vector<KernelJoin> kernels;    ///< one per matched kernel, by TraceReport order
    std::vector<std::size_t> unmatched; ///< compute kernels with no entry (indices into kernels)
    std::vector<TraceFinding> findings;
    std::int64_t matchedNs = 0; ///< GPU time of kernels with a fitting entry
    /// For each kernel of the report, its index in `kernels`, or -1.
    std::vector<int> byKernel;
    const KernelJoin* of(std::size_t kernel) const
    {
        return kernel < byKernel.size() && byKernel[kernel] >= 0
                   ? &kernels[static_cast<std::size_t>(byKernel[kernel])]
                   : nullptr;
    }
};

/// Reads the bytes of an entry's cubin (`cubin`, a stage of `entry`): from the server for a
/// remote listing; the error says why, naming the file or key. Without one the join reads
/// local entries with readLocalCubin.
using CubinLoader = std::function<Result<std::string>(const Snapshot&, const Entry&, const Stage& cubin)>;

/// The cubin of a local entry, read by name inside its folder (256 MiB at most).
Result<std::string> readLocalCubin(const Entry& entry, const Stage& cubin);

/// Matches the report's kernels to the snapshots' entries: Triton entries by kernel name
/// (Inductor's triton_* names included), NVRTC entries by their kernel's base name; then
/// compares the trace's registers and shared memory with each candidate's cubin.
JoinResult joinCaches(const TraceReport& report, const std::vector<const Snapshot*>& snapshots,
                      const CubinLoader& loadCubin = {});

} // namespace kl::trace
