#include "occupancy.h"

#include <algorithm>
#include <array>
#include <limits>

namespace kl {
namespace {

constexpr std::uint32_t KiB = 1024;

// The carveouts cudaOccAlignUpShmemSizeVoltaPlus rounds to, per family.
constexpr std::array<std::uint32_t, 6> kVoltaCarveouts{0, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB, 96 * KiB};
constexpr std::array<std::uint32_t, 2> kTuringCarveouts{32 * KiB, 64 * KiB};
constexpr std::array<std::uint32_t, 8> kGa100Carveouts{0,        8 * KiB,   16 * KiB,  32 * KiB,
                                                       64 * KiB, 100 * KiB, 132 * KiB, 164 * KiB};
constexpr std::array<std::uint32_t, 6> kGa10xCarveouts{0, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB, 100 * KiB};
constexpr std::array<std::uint32_t, 10> kHopperCarveouts{
    0, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB, 100 * KiB, 132 * KiB, 164 * KiB, 196 * KiB, 228 * KiB};

ArchLimits make(unsigned sm, unsigned threadsPerSm, unsigned blocksPerSm, std::uint64_t sharedPerSm,
                std::uint64_t reserved, std::span<const std::uint32_t> carveouts)
{
    ArchLimits a;
    a.sm = sm;
    a.maxThreadsPerSm = threadsPerSm;
    a.maxBlocksPerSm = blocksPerSm;
    a.sharedPerSm = sharedPerSm;
    a.reservedSharedPerBlock = reserved;
    // The driver's reserved KiB comes out of what a block can opt into.
    a.sharedPerBlockOptIn = sharedPerSm - reserved;
    // cudaOccSMemAllocationGranularity: 256 bytes up to Turing, 128 from Ampere on.
    a.sharedAllocationUnitSize = sm < 80 ? 256 : 128;
    a.sharedCarveouts = carveouts;
    return a;
}

std::uint64_t addSat(std::uint64_t a, std::uint64_t b)
{
    return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max()
                                                             : a + b;
}

std::uint64_t roundUpSat(std::uint64_t x, std::uint64_t unit)
{
    const std::uint64_t r = x % unit;
    return r == 0 ? x : addSat(x, unit - r);
}

// cudaOccAlignUpShmemSizeVoltaPlus: the smallest carveout holding `bytes`.
std::optional<std::uint64_t> carveoutFor(const ArchLimits& a, std::uint64_t bytes)
{
    for (std::uint32_t c : a.sharedCarveouts)
        if (bytes <= c)
            return c;
    return std::nullopt;
}

std::string smName(unsigned sm)
{
    return "sm_" + std::to_string(sm);
}

} // namespace

std::optional<ArchLimits> archLimits(unsigned sm)
{
    switch (sm) {
    case 70: return make(70, 2048, 32, 96 * KiB, 0, kVoltaCarveouts);
    case 75: return make(75, 1024, 16, 64 * KiB, 0, kTuringCarveouts);
    case 80: return make(80, 2048, 32, 164 * KiB, KiB, kGa100Carveouts);
    case 86: return make(86, 1536, 16, 100 * KiB, KiB, kGa10xCarveouts);
    case 87: return make(87, 1536, 16, 164 * KiB, KiB, kGa100Carveouts);
    case 89: return make(89, 1536, 24, 100 * KiB, KiB, kGa10xCarveouts);
    case 90: return make(90, 2048, 32, 228 * KiB, KiB, kHopperCarveouts);
    case 100: return make(100, 2048, 32, 228 * KiB, KiB, kHopperCarveouts);
    case 103: return make(103, 2048, 32, 228 * KiB, KiB, kHopperCarveouts);
    // CCCL's cuda::arch::traits says 32 resident blocks; cudaOcc (the reference here) says 24.
    case 120: return make(120, 1536, 24, 100 * KiB, KiB, kGa10xCarveouts);
    case 121: return make(121, 1536, 24, 100 * KiB, KiB, kGa10xCarveouts);
    default: return std::nullopt;
    }
}

std::optional<std::uint64_t> sharedMemoryOptInLimit(unsigned sm)
{
    const auto a = archLimits(sm);
    return a ? std::optional<std::uint64_t>(a->sharedPerBlockOptIn) : std::nullopt;
}

OccupancyResult computeOccupancy(const OccupancyInput& in)
{
    OccupancyResult res;
    const auto arch = archLimits(in.sm);
    if (!arch) {
        res.error = Text::of(
            KL_TEXT("kl::cubin", "The occupancy of %1 is not known: KernelLens has no limits for it."),
            smName(in.sm));
        return res;
    }
    const ArchLimits& a = *arch;
    if (in.blockSize == 0) {
        res.error = Text(KL_TEXT("kl::cubin", "A block of 0 threads cannot be launched."));
        return res;
    }
    if (in.blockSize > a.maxThreadsPerBlock) {
        res.error = Text::of(
            KL_TEXT("kl::cubin", "A block of %1 threads is above %2's limit of %3 threads per block."),
            in.blockSize, smName(a.sm), a.maxThreadsPerBlock);
        return res;
    }
    if (in.registersPerThread > a.maxRegistersPerThread) {
        res.error =
            Text::of(KL_TEXT("kl::cubin", "%1 registers per thread is above the %2 a thread can have."),
                     in.registersPerThread, a.maxRegistersPerThread);
        return res;
    }

    Occupancy& o = res.value;
    o.blockSize = in.blockSize;
    o.dynamicSharedBytes = in.dynamicSharedBytes;
    o.maxWarpsPerSm = a.maxWarpsPerSm();
    const std::uint64_t warpsPerBlock = (in.blockSize + a.warpSize - 1) / a.warpSize;

    // Warps (cudaOccMaxBlocksPerSMWarpsLimit; partitioned global caching is off from Volta on).
    o.blockLimitWarps = unsigned(o.maxWarpsPerSm / warpsPerBlock);

    // Registers (cudaOccMaxBlocksPerSMRegsLimit): allocated per warp in units, each sub-partition
    // holding a quarter of the register file. The hardware's per-block check assumes the block's
    // warps are rounded up to the sub-partition count (with 64 Ki registers per block and per SM
    // the per-sub-partition count below already gives 0 there; kept to mirror cudaOcc).
    const std::uint64_t regsPerWarp =
        roundUpSat(std::uint64_t(in.registersPerThread) * a.warpSize, a.registerAllocationUnitSize);
    o.allocatedRegistersPerBlock = regsPerWarp * warpsPerBlock;
    const std::uint64_t granularity = a.warpAllocationGranularity;
    const std::uint64_t regsAssumedPerBlock =
        regsPerWarp * ((warpsPerBlock + granularity - 1) / granularity * granularity);
    if (regsAssumedPerBlock > a.registersPerBlock || o.allocatedRegistersPerBlock > a.registersPerBlock) {
        o.blockLimitRegisters = 0;
    } else if (regsPerWarp > 0) {
        const std::uint64_t warpsPerSubPartition = (a.registersPerSm / granularity) / regsPerWarp;
        o.blockLimitRegisters = unsigned(warpsPerSubPartition * granularity / warpsPerBlock);
    }

    // Blocks.
    o.blockLimitBlocks = a.maxBlocksPerSm;

    // Shared memory (cudaOccMaxBlocksPerSMSmemLimit). The driver's reserved share counts as
    // static; the launch fails when the dynamic part is above what the function opted into or
    // the whole is above the per-block limit (opt-in + reserved once past the 48 KiB default):
    // with maxDynamic = opt-in less static the first implies the second, as in cudaOcc.
    const std::uint64_t staticBytes = addSat(in.staticSharedBytes, a.reservedSharedPerBlock);
    const std::uint64_t maxDynamic =
        a.sharedPerBlockOptIn > in.staticSharedBytes ? a.sharedPerBlockOptIn - in.staticSharedBytes : 0;
    o.allocatedSharedBytesPerBlock =
        roundUpSat(addSat(staticBytes, in.dynamicSharedBytes), a.sharedAllocationUnitSize);
    const std::uint64_t perBlockLimit =
        (addSat(staticBytes, maxDynamic) > a.sharedPerBlock ? a.sharedPerBlockOptIn : a.sharedPerBlock) +
        a.reservedSharedPerBlock;
    if (in.dynamicSharedBytes > maxDynamic || o.allocatedSharedBytesPerBlock > perBlockLimit) {
        o.blockLimitSharedMemory = 0;
    } else if (o.allocatedSharedBytesPerBlock > 0) {
        // With no carveout preference the SM gets its largest carveout; should a block need more
        // (not possible with the tables above) the carveout holding one block is used.
        auto perSm = carveoutFor(a, a.sharedPerSm);
        if (perSm && *perSm < o.allocatedSharedBytesPerBlock)
            perSm = carveoutFor(a, o.allocatedSharedBytesPerBlock);
        if (!perSm) {
            res.error = Text::of(KL_TEXT("kl::cubin", "The shared memory of %1 fits none of its carveouts."),
                                 smName(a.sm));
            return res;
        }
        o.blockLimitSharedMemory = unsigned(*perSm / o.allocatedSharedBytesPerBlock);
    }

    constexpr unsigned unlimited = std::numeric_limits<unsigned>::max();
    const unsigned byRegs = o.blockLimitRegisters.value_or(unlimited);
    const unsigned byShared = o.blockLimitSharedMemory.value_or(unlimited);
    o.activeBlocksPerSm = std::min({byRegs, byShared, o.blockLimitWarps, o.blockLimitBlocks});
    const std::pair<unsigned, std::uint8_t> limits[] = {{byRegs, KernelResources::Registers},
                                                        {byShared, KernelResources::SharedMemory},
                                                        {o.blockLimitWarps, KernelResources::Warps},
                                                        {o.blockLimitBlocks, KernelResources::Blocks}};
    for (const auto& [blocks, bit] : limits)
        if (blocks == o.activeBlocksPerSm)
            o.limits |= bit;
    o.limitedBy = limitText(o.limits);
    o.activeWarpsPerSm = unsigned(o.activeBlocksPerSm * warpsPerBlock);
    o.occupancy = double(o.activeWarpsPerSm) / double(o.maxWarpsPerSm);
    res.ok = true;
    return res;
}

std::string limitText(std::uint8_t limits)
{
    static constexpr std::pair<std::uint8_t, const char*> names[] = {
        {KernelResources::Registers, "registers"},
        {KernelResources::SharedMemory, "shared_memory"},
        {KernelResources::Warps, "warps"},
        {KernelResources::Blocks, "blocks"},
    };
    std::string out;
    for (const auto& [bit, name] : names)
        if (limits & bit) {
            if (!out.empty())
                out += ',';
            out += name;
        }
    return out;
}

LaunchShape launchShapeOf(const Entry& entry)
{
    LaunchShape launch;
    if (entry.numWarps && *entry.numWarps > 0 && *entry.numWarps <= 64) {
        launch.blockSize = static_cast<unsigned>(*entry.numWarps) *
                           static_cast<unsigned>(entry.target.warpSize > 0 ? entry.target.warpSize : 32);
        launch.dynamicSharedBytes =
            entry.shared && *entry.shared > 0 ? static_cast<std::uint64_t>(*entry.shared) : 0;
    }
    return launch;
}

OccupancyResult kernelOccupancy(unsigned sm, const CubinKernel& k, const LaunchShape& launch)
{
    OccupancyResult res;
    std::optional<unsigned> block = launch.blockSize;
    if (!block && k.reqNtid)
        block = (*k.reqNtid)[0] * (*k.reqNtid)[1] * (*k.reqNtid)[2];
    if (!block) {
        res.error =
            Text(KL_TEXT("kl::cubin", "no block size: the kernel requires none and no entry metadata gives "
                                      "num_warps"));
        return res;
    }
    if (!k.registers) {
        res.error = Text(KL_TEXT("kl::cubin", "the cubin records no register count for the kernel"));
        return res;
    }
    return computeOccupancy({sm, *block, *k.registers, k.staticSharedBytes, launch.dynamicSharedBytes});
}

} // namespace kl
