#pragma once

// The ways `klens override try` assembles an edited PTX file (core/overridetry/overridetry.h):
// the CUDA toolkit's ptxas as a process, nvJitLink in process, or the ptxas and flags of the
// entry's own Triton. Each fills the edit's cubin, the original side and what that baseline is,
// or the error and the compiler's messages; the first two keep their assembly of the entry's own
// PTX in KernelLens's try cache.

#include "overridetry.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace kl::tryroutes {

inline constexpr std::uint64_t kMaxStageBytes = 512ull << 20;

/// A private scratch folder under $TMPDIR (else /tmp), removed with what the routes put in it.
struct Scratch {
    std::string path; ///< empty when it could not be made (errno says why)
    Scratch();
    ~Scratch();
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
};

CubinResult cubinInfo(const std::string& bytes);

/// True when the assembler's log says it cannot read the PTX's .version or .target.
bool isUnsupportedPtxVersion(const std::string& log);

bool assembleWithPtxas(OverrideTry& r, const std::string& ptxas, const std::string& arch,
                       const std::string& cachedCubin, const Environment& env,
                       const std::atomic<bool>* cancel);

bool assembleWithNvJitLink(OverrideTry& r, const std::string& edited, const std::string& arch,
                           const std::string& cachedCubin, const Environment& env);

bool assembleWithTriton(OverrideTry& r, const Entry& e, const std::string& metaText,
                        const std::string& metaPath, const std::string& edited,
                        const std::string& cachedCubin, const Environment& env,
                        const std::atomic<bool>* cancel);

} // namespace kl::tryroutes
