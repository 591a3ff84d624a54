#pragma once

#include <cstdint>

namespace kl {

/// The sm architecture (e.g. 90) a CUDA ELF's e_flags name, for its EI_ABIVERSION; 0 when none.
/// Shared by `klens cubin` and the doctor's binary check, so both read an arch the same way.
unsigned cudaSmFromFlags(std::uint32_t flags, unsigned abiVersion);

} // namespace kl
