#pragma once

// Theoretical occupancy of a kernel from what its cubin records (registers, static shared memory),
// computed exactly as CUDA's cuda_occupancy.h (cudaOccMaxActiveBlocksPerMultiprocessor) does, so
// the figure matches cudaOccupancyMaxActiveBlocksPerMultiprocessor and Nsight Compute without a
// GPU or the CUDA headers. tests/cubin/tst_occupancy compares it with cudaOcc over a sweep.

#include "core/model/entry.h"
#include "core/util/text.h"
#include "cubininfo.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace kl {

/// The published per-SM limits of one compute capability (CUDA C Programming Guide, "Compute
/// Capabilities"), plus the allocation rules cuda_occupancy.h hard-codes. Where sources disagree
/// (sm_12x resident blocks: CCCL's cuda::arch::traits says 32, cudaOcc 24) cudaOcc's figure is
/// used: the runtime's occupancy API is what a user compares with.
struct ArchLimits {
    unsigned sm = 0; ///< 10 * major + minor: 80 for sm_80
    unsigned warpSize = 32;
    unsigned maxThreadsPerBlock = 1024;
    unsigned maxThreadsPerSm = 0; ///< maxWarpsPerSm() * warpSize
    unsigned maxBlocksPerSm = 0;  ///< resident blocks per SM
    std::uint32_t registersPerSm = 64 * 1024;
    std::uint32_t registersPerBlock = 64 * 1024;
    /// Registers are allocated per warp (the allocation granularity), in units of this many:
    /// registers x warpSize is rounded up to a multiple of it.
    std::uint32_t registerAllocationUnitSize = 256;
    std::uint32_t maxRegistersPerThread = 255; ///< ptxas's ceiling (cudaOcc itself accepts 256)
    /// Warps are placed on this many SM sub-partitions, each with registersPerSm / this of the
    /// register file: a block's warp count is rounded up to it for the per-block register check.
    unsigned warpAllocationGranularity = 4;
    std::uint64_t sharedPerSm = 0;                ///< largest carveout, bytes
    std::uint64_t sharedPerBlock = 48 * 1024;     ///< without opting in
    std::uint64_t sharedPerBlockOptIn = 0;        ///< cudaFuncAttributeMaxDynamicSharedMemorySize ceiling
    std::uint64_t reservedSharedPerBlock = 0;     ///< the driver's per-block share: 1 KiB on sm_80+
    std::uint32_t sharedAllocationUnitSize = 128; ///< a block's shared memory is rounded up to this
    /// The shared-memory sizes (bytes, ascending) the L1/shared carveout can be set to; the SM's
    /// shared memory is the smallest of them that holds what is asked for.
    std::span<const std::uint32_t> sharedCarveouts;

    unsigned maxWarpsPerSm() const { return maxThreadsPerSm / warpSize; }
};

/// The limits of sm `sm` (10 * major + minor), or nullopt for an arch KernelLens has no table
/// for: 70, 75, 80, 86, 87, 89, 90, 100, 103, 120 and 121.
std::optional<ArchLimits> archLimits(unsigned sm);

/// archLimits(sm)->sharedPerBlockOptIn: the most shared memory (static + dynamic) one block can
/// opt into, what Triton's launcher asks for with cuFuncSetAttribute.
std::optional<std::uint64_t> sharedMemoryOptInLimit(unsigned sm);

struct OccupancyInput {
    unsigned sm = 0;
    unsigned blockSize = 0;               ///< threads per block
    std::uint32_t registersPerThread = 0; ///< CubinKernel::registers
    std::uint64_t staticSharedBytes = 0;  ///< CubinKernel::staticSharedBytes (without the reserved KiB)
    std::uint64_t dynamicSharedBytes = 0; ///< per launch
};

struct Occupancy {
    unsigned blockSize = 0;
    std::uint64_t dynamicSharedBytes = 0;
    unsigned activeBlocksPerSm = 0;
    unsigned activeWarpsPerSm = 0;
    unsigned maxWarpsPerSm = 0;
    double occupancy = 0; ///< activeWarpsPerSm / maxWarpsPerSm
    /// The limits that give activeBlocksPerSm, in this order: "registers", "shared_memory",
    /// "warps", "blocks", joined by "," when several bind equally.
    std::string limitedBy;
    std::uint8_t limits = 0; ///< the same as KernelResources::Limit bits
    // Blocks per SM each resource allows on its own; nullopt when it sets no limit (no registers,
    // or no shared memory at all before sm_80). cudaOccResult's blockLimit* fields.
    std::optional<unsigned> blockLimitRegisters;
    std::optional<unsigned> blockLimitSharedMemory;
    unsigned blockLimitWarps = 0;
    unsigned blockLimitBlocks = 0;
    std::uint64_t allocatedRegistersPerBlock = 0; ///< per-warp rounded registers x warps
    /// Static + dynamic + reserved, rounded up to the allocation unit.
    std::uint64_t allocatedSharedBytesPerBlock = 0;
};

/// "registers", "shared_memory", "warps", "blocks" for KernelResources::Limit bits, joined by ","
/// (Occupancy::limitedBy's words, in its order).
std::string limitText(std::uint8_t limits);

struct OccupancyResult {
    bool ok = false;
    Text error; ///< a sentence naming the cause when !ok
    Occupancy value;
};

/// Blocks per SM as cudaOccMaxActiveBlocksPerMultiprocessor gives them for the default device
/// state (no carveout preference) and a function that opted into the arch's whole shared memory
/// (FUNC_SHMEM_LIMIT_OPTIN, maxDynamicSharedSizeBytes = opt-in limit less the static part).
/// An unknown arch, a block size of 0 or above the arch's limit, or more than 255 registers is
/// an error; shared memory beyond the opt-in limit is 0 blocks limited by "shared_memory".
OccupancyResult computeOccupancy(const OccupancyInput& in);

/// How a kernel is launched, as far as the caller knows: for a Triton entry the block is
/// num_warps x 32 threads and the dynamic shared memory the metadata's `shared`; for a bare cubin
/// the required block (.reqntid) when it has one.
struct LaunchShape {
    std::optional<unsigned> blockSize;
    std::uint64_t dynamicSharedBytes = 0;
};

/// How a Triton entry launches its kernel: num_warps x warp size threads (32 when the target does
/// not say) and its metadata's `shared` bytes of dynamic shared memory; no block size when the
/// metadata records no usable num_warps.
LaunchShape launchShapeOf(const Entry& entry);

/// The occupancy of kernel `k` of an sm_`sm` cubin at `launch` (the kernel's required block when
/// `launch` has none). Without a block size, or without a register count, the error says which.
OccupancyResult kernelOccupancy(unsigned sm, const CubinKernel& k, const LaunchShape& launch);

} // namespace kl
