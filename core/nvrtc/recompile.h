#pragma once

#include "core/events/compileevent.h"
#include "core/model/entry.h"
#include "core/util/text.h"

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
    Text reason;           ///< when !fresh: why the entry is stale (first difference)
    std::vector<ArtefactComparison> artefacts;
    std::string log;    ///< the compiler's or linker's log
    CompileEvent event; ///< the rebuild, to log (origin "nvrtc", cache_hit false)
};

/// Rebuild a cache entry and compare it with what is cached, without changing the entry.
/// KernelLens NVRTC entries are recompiled from the stored `.cu` with the stored options (and the
/// headers as they are now); each artefact is compared byte for byte, and the key is recomputed.
/// Triton CUDA entries have their cached PTX assembled by nvJitLink for the PTX's own target and
/// the per-kernel resource usage compared with the cached cubin's (Triton's ptxas may differ from
/// nvJitLink's, so bytes are not compared).
RecompileReport recompileEntry(const Entry& entry);

/// "fresh" or "stale: <reason>".
Text recompileVerdict(const RecompileReport& report);

} // namespace kl
