#include "cudaelf.h"

namespace kl {

unsigned cudaSmFromFlags(std::uint32_t flags, unsigned abiVersion)
{
    // ELFABIVERSION_CUDA_V1 (7) keeps the sm in EF_CUDA_SM (0xff); V2 (8, Blackwell-era ptxas
    // for every arch) moved it to EF_CUDA_SM_MASK (0xff00).
    return abiVersion >= 8 ? (flags & 0xff00u) >> 8 : flags & 0xffu;
}

} // namespace kl
