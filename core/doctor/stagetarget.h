#pragma once

// What a cache entry's stages say about the GPU and the block they were made for. Triton takes
// the stages an override folder holds for every target and config of a kernel, and stores the
// result under the entry's normal key: an sm_90 entry can then hold sm_80 PTX, or PTX whose
// required block is not the one Triton launches (num_warps x warp size).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// The directives of a PTX module that name its target and its kernels' block sizes.
struct PtxHeader {
    std::string target;                         ///< `.target sm_90a` -> "sm_90a"
    std::vector<std::uint64_t> requiredThreads; ///< each `.reqntid x[, y[, z]]`: x*y*z
    std::vector<std::uint64_t> maxThreads;      ///< each `.maxntid x[, y[, z]]`: x*y*z
};

/// Reads the directives from PTX text (comments skipped).
PtxHeader parsePtxHeader(std::string_view ptx);

/// "90" from "sm_90a", "sm_90" or "90"; empty for anything else (gfx names, garbage).
std::string smArchDigits(std::string_view arch);

} // namespace kl
