#pragma once

#include <string_view>

namespace kl {

/// Stage extensions Triton writes, in the order a compile produces them, plus "cu": the CUDA C++
/// source of KernelLens's own NVRTC entries, which take the place of Triton's "source".
inline constexpr std::string_view kKnownStages[] = {"source", "cu",    "ttir",   "ttgir", "llir",
                                                    "ptx",    "cubin", "amdgcn", "hsaco", "json"};

/// Position of `ext` in kKnownStages, or -1 for an extension Triton does not write.
int stageOrder(std::string_view ext);

/// Binary stages (shown as a hex/summary view rather than text).
bool isBinaryStage(std::string_view ext);

} // namespace kl
