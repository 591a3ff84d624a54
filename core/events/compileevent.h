#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kl {

/// One compile or cache hit, as one JSON line of the events log (schema: docs/json-schema.md,
/// "Compile events"). Written by KernelLens's NVRTC compiles and by the Triton listener
/// (resources/python/kernellens_triton_listener.py), read by `klens stats` and the charts.
struct CompileEvent {
    std::int64_t timeNs = 0; ///< wall clock (Unix epoch, ns) when the compile or lookup ended
    std::string origin;      ///< "nvrtc" | "triton"
    std::string kernel;      ///< kernel name
    std::string key;         ///< cache key (hex or Triton's base32 folder name)
    bool cacheHit = false;
    /// Per-stage durations in microseconds, in the order they ran: for NVRTC "lookup", "nvrtc",
    /// "nvjitlink", "store" (core/nvrtc/nvrtccache.h); for Triton the CompileTimes fields
    /// ("ir_initialization", "ttir", ..., "store_results").
    std::vector<std::pair<std::string, std::int64_t>> stagesUs;
    std::int64_t totalUs = 0;
    std::uint64_t bytes = 0; ///< bytes of the artefacts produced or loaded
    std::int64_t pid = 0;
    std::string host;
    std::string arch; ///< target, e.g. "sm_90" or "gfx90a" (may be empty)
};

} // namespace kl
