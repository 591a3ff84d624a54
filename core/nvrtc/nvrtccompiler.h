#pragma once

#include "core/util/text.h"
#include "nvrtclog.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

/// How the cubin is made from the program.
enum class CubinVia {
    Nvrtc,    ///< one nvrtcCompileProgram for sm_XX, then nvrtcGetPTX and nvrtcGetCUBIN
    NvJitLink ///< nvrtcCompileProgram for compute_XX (PTX), then nvJitLink assembles the cubin
};

struct NvrtcOptions {
    std::string arch = "sm_90";            ///< sm_XX (validated against nvrtcGetSupportedArchs)
    int optLevel = 3;                      ///< ptxas optimisation level 0..3
    std::vector<std::string> defines;      ///< NAME or NAME=VALUE
    std::vector<std::string> includePaths; ///< -I folders, searched by NVRTC itself
    bool lineInfo = false;                 ///< -lineinfo
    std::string standard = "c++17";        ///< -std=
    CubinVia via = CubinVia::Nvrtc;
};

std::string_view cubinViaName(CubinVia via);

/// What the CUDA Toolkit gives this build and this machine.
struct ToolkitInfo {
    bool nvrtc = false;           ///< NVRTC linked in at build time
    bool nvJitLink = false;       ///< nvJitLink linked in at build time
    std::string nvrtcVersion;     ///< "13.0"
    std::string nvJitLinkVersion; ///< "13.0"
    std::vector<int> archs;       ///< nvrtcGetSupportedArchs: 75, 80, ...
    Text whyUnavailable;          ///< set when !nvrtc
};

/// Queried once and cached: cheap to call from anywhere.
const ToolkitInfo& toolkitInfo();

/// nvJitLink alone (for assemblePtx), without loading NVRTC (a 100 MB library, about 6 ms):
/// `nvJitLink` and `nvJitLinkVersion` as in ToolkitInfo, `whyUnavailable` when it cannot be used.
struct JitLinkInfo {
    bool nvJitLink = false;
    std::string nvJitLinkVersion;
    Text whyUnavailable;
};
const JitLinkInfo& jitLinkInfo();

/// "sm_75, sm_80, ...": the archs NVRTC supports.
std::string supportedArchList();

/// Empty when `arch` is an sm_XX NVRTC supports; else the reason, listing the supported ones.
Text validateArch(std::string_view arch);

/// The toolkit's include folder (cuda_fp16.h, cuda_bf16.h, ... which NVRTC does not build in), as
/// found at build time, when it exists now; else empty. NVRTC gets it as the last -I, as nvcc
/// searches it. Headers found there are covered by the NVRTC version in the cache key.
std::string toolkitIncludeDir();

/// The ptxas of the toolkit whose nvJitLink this build uses (the same version), as found at
/// build time, when it is executable now; else empty.
std::string toolkitPtxas();
/// That toolkit's version, "13.0" (empty without one).
std::string toolkitPtxasVersion();

/// The NVRTC option list for `options` (for the `via` path), in the order it is passed. Also the
/// canonical form of the options in the cache key.
std::vector<std::string> nvrtcArguments(const NvrtcOptions& options);

struct NvrtcOutput {
    bool ok = false;
    Text error;                                 ///< the cause when !ok (the log holds the detail)
    std::string log;                            ///< NVRTC's program log as written
    std::vector<CompileDiagnostic> diagnostics; ///< the log, parsed
    std::string linkLog;                        ///< nvJitLink's info and error logs
    std::string ptx;                            ///< without NVRTC's trailing NUL
    std::string cubin;
    /// Microseconds per stage, in order: "nvrtc" (front end and, with CubinVia::Nvrtc, ptxas),
    /// "nvjitlink" (PTX to cubin) when that path is taken.
    std::vector<std::pair<std::string, std::int64_t>> stagesUs;
};

/// Compile CUDA C++ `source`, named `fileName` in diagnostics, to PTX and a cubin.
NvrtcOutput compileCuda(std::string_view source, std::string_view fileName, const NvrtcOptions& options);

/// Assemble PTX into a cubin for `arch` with nvJitLink (used by recompile on Triton's PTX).
NvrtcOutput assemblePtx(std::string_view ptx, std::string_view arch, int optLevel);

} // namespace kl
