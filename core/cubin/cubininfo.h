#pragma once

#include "core/util/text.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kl {

/// One kernel of a cubin: a `.text.<name>` section and what `.nv.info` says about it.
/// Attributes ptxas did not record are empty. Spill counts are not stored in a cubin (ptxas
/// only prints them); spills show up as a non-zero frame size.
struct CubinKernel {
    std::string name;
    std::optional<std::uint32_t> registers;    ///< EIATTR_REGCOUNT (else the .text sh_info top byte)
    std::optional<std::uint32_t> maxRegisters; ///< EIATTR_MAXREG_COUNT: the cap ptxas was given
    std::optional<std::array<std::uint32_t, 3>> maxThreads; ///< EIATTR_MAX_THREADS
    std::optional<std::array<std::uint32_t, 3>> reqNtid;    ///< EIATTR_REQNTID: required block size
    std::optional<std::uint32_t> frameSize;    ///< EIATTR_FRAME_SIZE: per-thread local memory bytes
    std::optional<std::uint32_t> minStackSize; ///< EIATTR_MIN_STACK_SIZE
    std::optional<std::uint32_t> maxStackSize; ///< EIATTR_MAX_STACK_SIZE
    std::optional<std::uint32_t> paramBytes;   ///< EIATTR_PARAM_CBANK: kernel parameter bytes
    std::uint64_t codeBytes = 0;               ///< size of .text.<name>
    /// XXH3-128 of .text.<name>'s bytes: the instructions alone. Line info, the PTX copy and
    /// ptxas's notes live in other sections, so two compiles that differ only in those agree here.
    std::string codeDigest;
    /// The kernel's own static shared memory: .nv.shared.<name> (0 when absent) less what the
    /// driver reserves in it. The figure ptxas -v, Nsight Compute and profiler traces give.
    std::uint64_t staticSharedBytes = 0;
    /// The driver's reserved shared memory inside that section (1 KiB on sm_90 when the kernel
    /// uses shared memory, else 0); cuobjdump -res-usage's SHARED is static + reserved.
    std::uint64_t reservedSharedBytes = 0;
    std::vector<std::pair<unsigned, std::uint64_t>> constantBanks; ///< .nv.constant<N>.<name>: N, bytes
};

/// What a cubin is for and holds.
struct CubinInfo {
    unsigned sm = 0;                             ///< from e_flags, decoded by cudaSmFromFlags
    unsigned osAbi = 0;                          ///< e_ident[EI_OSABI]: 0x33 (51) for CUDA
    unsigned abiVersion = 0;                     ///< e_ident[EI_ABIVERSION]: 7 or 8 decide the e_flags layout
    std::uint32_t flags = 0;                     ///< e_flags as written
    std::optional<std::uint32_t> cudaApiVersion; ///< EIATTR_CUDA_API_VERSION: 129 = CUDA 12.9
    std::string fileType;                        ///< libmagic's description of the bytes
    std::vector<CubinKernel> kernels;            ///< in section order
};

struct CubinResult {
    bool ok = false;
    Text error; ///< the cause (without the path) when !ok
    CubinInfo info;
};

/// Reads a cubin from memory with libelf. Never trusts the bytes: a truncated or garbled file
/// gives !ok and a cause, not a crash. Files over 256 MiB are refused.
CubinResult readCubinInfo(std::span<const std::uint8_t> bytes);

/// The same instructions in every kernel (by name), on the same arch: what "these two keys made no
/// difference to the code" means. Needs no disassembler.
bool sameCode(const CubinInfo& a, const CubinInfo& b);

/// Reads the regular file at `path` (as readFile does: a final symlink is not followed) and
/// then as above, adding libmagic's description; I/O errors name the cause.
CubinResult readCubinInfo(const std::string& path);

/// A cubin's bytes, read elsewhere (a pack), as above with libmagic's description.
CubinResult readCubinInfoWithType(const std::string& bytes);

} // namespace kl
