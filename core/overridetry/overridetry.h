#pragma once

// `klens override try` and the window's Try: an edited stage file compiled without the user's
// script, and what the edit changes against the cache entry it was made from (registers, local
// memory, shared memory, occupancy, the PTX and SASS diffs). PTX goes through the CUDA toolkit's
// assembler (its ptxas as a process, or nvJitLink in process; the entry's PTX is assembled
// alongside, so both sides come from one assembler) or through the ptxas of the entry's Triton;
// TTIR, TTGIR and LLIR through Triton in the user's Python (core/overridetry/tritonirbuild).
// Nothing is written but a private scratch folder, removed after, and KernelLens's try cache.

#include "core/cubin/cubininfo.h"
#include "core/cubin/occupancy.h"
#include "core/env/environment.h"
#include "core/model/entry.h"
#include "core/nvrtc/nvrtclog.h"
#include "core/util/text.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace kl {

/// One side of the comparison: the entry as it is, or the edit.
struct TrySide {
    std::string ptx;
    std::string cubin;
    CubinResult info;   ///< the cubin read (per-kernel resources)
    LaunchShape launch; ///< how Triton launches it: num_warps x 32 threads, `shared` bytes
    std::string sass;   ///< sassDiffText of its disassembly (empty when none was possible)
};

struct OverrideTry {
    bool ok = false; ///< the edit compiled (the comparison below is filled)
    Text error;      ///< when !ok: the path and the cause; `diagnostics` hold file:line
    std::string file;
    std::string stage; ///< "ptx", "ttgir", ...
    std::string entry; ///< the entry's path
    std::string kernel;
    std::string route;     ///< "ptxas", "nvjitlink" or "triton"
    std::string assembler; ///< "ptxas 13.0 (...)", "nvJitLink 13.0", "Triton 3.9.0 (.../ptxas-blackwell)"
    /// What the original side is: the entry's cubin, or its PTX assembled by the same assembler.
    Text baseline;
    std::vector<CompileDiagnostic> diagnostics; ///< the compiler's messages, as FILE:line
    std::string log;                            ///< the compiler's whole log
    std::vector<Text> notes;                    ///< what the user should know about the comparison
    TrySide original, edited;
    bool sameCode = false; ///< the edit changed no instruction (core/cubin's sameCode)
    std::string ptxDiff;   ///< unified diff of the entry's PTX and the edit's ("" when equal)
    std::string sassDiff;  ///< unified diff of the SASS, register names kept, without locations
    Text sassUnavailable;  ///< why there is no SASS diff (no nvdisasm, ...)
    std::int64_t compileUs = 0;
    std::int64_t totalUs = 0;
};

struct OverrideTryOptions {
    /// "auto" (the ptxas of nvJitLink's toolkit, else nvJitLink in process, else the entry's
    /// Triton; also the entry's Triton when those cannot read the PTX's version), "ptxas",
    /// "nvjitlink" or "triton". TTIR, TTGIR and LLIR always go through Triton.
    std::string assembler = "auto";
    bool sass = true;
    const std::atomic<bool>* cancel = nullptr;
};

/// The stage a file holds, from its extension: "ttir", "ttgir", "llir" or "ptx"; empty for any other.
std::string tryStageOf(const std::string& file);

/// Compile `file` (an edited stage) for `entry`'s target and options, and compare it with the entry.
OverrideTry tryOverride(const std::string& file, const Entry& entry, const Environment& env,
                        const OverrideTryOptions& options = {});

/// The SASS of both sides and their diff (`sass`, `sassDiff`, or `sassUnavailable` with the
/// reason) for a Try made with OverrideTryOptions::sass off. nvdisasm takes about a third of a
/// second to start, ten times a small kernel's ptxas: the window shows the comparison first and
/// this when it comes. Does nothing for a Try that failed.
void disassembleTry(OverrideTry& r, const Environment& env, const std::atomic<bool>* cancel = nullptr);

/// The compiler's messages in `log` as diagnostics of `file`: MLIR's `loc("p":l:c): error: m` and
/// `p:l:c: error: m`, ptxas's `ptxas p, line l; error : m` (nvJitLink's `ptxas application ptx
/// input, line l; ...`), LLVM's `failed to parse IR: m lineno: l`. ptxas's input (a scratch copy)
/// is reported as `file`; MLIR's path too, unless it names another file (the Python source).
std::vector<CompileDiagnostic> parseTryLog(std::string_view log, const std::string& file);

} // namespace kl
