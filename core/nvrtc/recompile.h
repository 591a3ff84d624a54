#pragma once

#include "core/events/compileevent.h"
#include "core/model/entry.h"
#include "core/util/text.h"

#include <atomic>
#include <string>
#include <vector>

namespace kl {

/// One artefact of the entry against the rebuilt one.
struct ArtefactComparison {
    std::string file; ///< the cached file name
    bool identical = false;
    Text difference;     ///< when not identical: what differs (sizes, resource usage)
    std::string rebuilt; ///< the rebuilt file's bytes (`klens recompile --keep` writes them)
};

struct RecompileReport {
    bool ok = false;       ///< the rebuild ran (whatever its verdict)
    Text error;            ///< when !ok: path and cause
    std::string kind;      ///< "kernellens" (rebuilt from source) or "triton" (PTX reassembled)
    std::string arch;      ///< what was built for, e.g. "sm_90a"
    std::string assembler; ///< "NVRTC 13.0", "nvJitLink 13.0"
    bool fresh = false;    ///< every artefact compared equal
    /// false when no rebuild by the toolchain that built the entry was possible: `reason` then
    /// says why, and what another toolchain's rebuild showed; such an entry is never "stale"
    bool judged = true;
    Text reason; ///< when !fresh: why the entry is stale (first difference), or why it is not judged
    std::vector<ArtefactComparison> artefacts;
    std::string log;    ///< the compiler's or linker's log
    CompileEvent event; ///< the rebuild, to log (origin "nvrtc", cache_hit false)
};

/// Rebuild a cache entry and compare it with what is cached, without changing the entry.
/// KernelLens NVRTC entries are recompiled from the stored `.cu` with the stored options (and the
/// headers as they are now); each artefact is compared byte for byte, and the key is recomputed.
/// Triton CUDA entries have their cached PTX assembled again by the Triton that wrote them (its
/// bundled ptxas and flags, in the user's Python: core/nvrtc/tritonrebuild) and the cubins compared
/// byte for byte. When that Triton is not at hand the entry is not judged; nvJitLink's rebuild
/// (another ptxas) is then compared by per-kernel resources, for information only.
/// `cancel` stops a rebuild that runs in another process.
RecompileReport recompileEntry(const Entry& entry, const std::atomic<bool>* cancel = nullptr);

/// "fresh", "stale: <reason>" or "cannot judge: <reason>".
Text recompileVerdict(const RecompileReport& report);

} // namespace kl
