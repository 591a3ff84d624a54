#pragma once

// Making the override folder Triton will read: named as the dump of the kernel's source (Triton
// names both by the source's hash, which no cache entry records), holding only the chosen stage,
// under the kernel's file name. From a cache entry it goes through the entry's linked dump.

#include "core/model/snapshot.h"
#include "core/util/text.h"

#include <string>
#include <vector>

namespace kl {

struct OverrideMakeOptions {
    std::string stage;  ///< ttir, ttgir, llir, ptx, cubin (amdgcn, hsaco on AMD)
    std::string into;   ///< the override root to write in (absolute)
    bool force = false; ///< replace a stage file already there
    /// The override folder Triton reads with no TRITON_OVERRIDE_DIR set (the effective one): when
    /// `into` is another, the environment says so.
    std::string effectiveInto;
};

struct OverrideMakeResult {
    bool ok = false;
    Text error;       ///< names the path and the cause; for a cache entry without a dump, how to get one
    std::string file; ///< the stage file written
    std::string copiedFrom;               ///< the stage file its bytes came from
    std::string dumpFolder;               ///< the dump folder that gave the name
    bool replaced = false;                ///< a file was there before (with force)
    std::vector<std::string> environment; ///< what to set for Triton to read it
    std::string perConfig;                ///< Triton 3.4+: `triton.Config(..., ir_override="FILE")`
};

/// True for the stages compiler.py's loop reads from an override folder.
bool isOverridableStage(std::string_view ext);

/// Makes `<into>/<dump folder name>/<kernel>.<stage>` from `snap.entries[entry]`: a dump folder
/// (its stage), or a cache entry (its own stage, named after its linked dump). Creates the folders
/// it needs; writes a temp file and renames it; never overwrites without `force`.
OverrideMakeResult makeOverride(const Snapshot& snap, std::size_t entry, const OverrideMakeOptions& options);

} // namespace kl
