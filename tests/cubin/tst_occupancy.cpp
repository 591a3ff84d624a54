#include "core/cubin/occupancy.h"

#include <QTest>
#include <climits>
#include <vector>

// cuda_occupancy.h is header-only and needs nothing else from the toolkit. Define
// KL_NO_CUDA_OCCUPANCY to build the test as if it were absent (every cudaOcc check QSKIPs).
#if !defined(KL_NO_CUDA_OCCUPANCY) && __has_include(<cuda_occupancy.h>)
#define KL_HAVE_CUDA_OCCUPANCY 1
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#include <cuda_occupancy.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif

namespace {

constexpr unsigned kKnownArches[] = {70, 75, 80, 86, 87, 89, 90, 100, 103, 120, 121};

#ifdef KL_HAVE_CUDA_OCCUPANCY

// What cudaGetDeviceProperties would report for a device of this arch, written field by field
// from the limits under test. numSms plays no part in per-SM occupancy.
cudaOccDeviceProp deviceProp(const kl::ArchLimits& a)
{
    cudaOccDeviceProp p;
    p.computeMajor = int(a.sm / 10);
    p.computeMinor = int(a.sm % 10);
    p.maxThreadsPerBlock = int(a.maxThreadsPerBlock);
    p.maxThreadsPerMultiprocessor = int(a.maxThreadsPerSm);
    p.regsPerBlock = int(a.registersPerBlock);
    p.regsPerMultiprocessor = int(a.registersPerSm);
    p.warpSize = int(a.warpSize);
    p.sharedMemPerBlock = a.sharedPerBlock;
    p.sharedMemPerMultiprocessor = a.sharedPerSm;
    p.numSms = 1;
    p.sharedMemPerBlockOptin = a.sharedPerBlockOptIn;
    p.reservedSharedMemPerBlock = a.reservedSharedPerBlock;
    return p;
}

// A function as Triton's launcher leaves it: opted into the arch's whole shared memory.
cudaOccFuncAttributes funcAttributes(const kl::ArchLimits& a, std::uint32_t regs, std::uint64_t staticShared,
                                     int barriers)
{
    cudaOccFuncAttributes f;
    f.maxThreadsPerBlock = int(a.maxThreadsPerBlock);
    f.numRegs = int(regs);
    f.sharedSizeBytes = staticShared;
    f.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    f.maxDynamicSharedSizeBytes =
        a.sharedPerBlockOptIn > staticShared ? a.sharedPerBlockOptIn - staticShared : 0;
    f.numBlockBarriers = barriers;
    return f;
}

std::string factorsOf(unsigned bits)
{
    std::string s;
    const std::pair<unsigned, const char*> names[] = {{OCC_LIMIT_REGISTERS, "registers"},
                                                      {OCC_LIMIT_SHARED_MEMORY, "shared_memory"},
                                                      {OCC_LIMIT_WARPS, "warps"},
                                                      {OCC_LIMIT_BLOCKS, "blocks"}};
    for (const auto& [bit, name] : names) {
        if (!(bits & bit))
            continue;
        if (!s.empty())
            s += ',';
        s += name;
    }
    return s;
}

int limitOf(const std::optional<unsigned>& v)
{
    return v ? int(*v) : INT_MAX;
}

#endif

#define SKIP_WITHOUT_CUDA_OCCUPANCY()
#ifndef KL_HAVE_CUDA_OCCUPANCY
#undef SKIP_WITHOUT_CUDA_OCCUPANCY
#define SKIP_WITHOUT_CUDA_OCCUPANCY() QSKIP("cuda_occupancy.h not found: install the CUDA Toolkit's headers")
#endif

kl::Occupancy occupancyOf(unsigned sm, unsigned block, std::uint32_t regs, std::uint64_t staticShared = 0,
                          std::uint64_t dynamicShared = 0)
{
    const auto r = kl::computeOccupancy({sm, block, regs, staticShared, dynamicShared});
    if (!r.ok)
        qWarning("unexpected error: %s", r.error.english().c_str());
    return r.value;
}

} // namespace

class TstOccupancy : public QObject {
    Q_OBJECT

private slots:
    // Figures worked out by hand from the published limits, independently of cudaOcc.
    void handChecked()
    {
        // sm_80, 128 threads, 32 registers, no shared memory. A block is 4 warps.
        //  warps:     64 warps per SM / 4 = 16 blocks
        //  registers: 32 x 32 = 1024 per warp (a multiple of 256); a sub-partition has 65536 / 4 =
        //             16384, i.e. 16 warps, 64 per SM: 64 / 4 = 16 blocks
        //  blocks:    32
        //  shared:    0 + the reserved 1 KiB = 1024 bytes; 164 KiB / 1 KiB = 164 blocks
        // 16 blocks, 64 warps: 100 %, warps and registers bind equally.
        auto o = occupancyOf(80, 128, 32);
        QCOMPARE(o.activeBlocksPerSm, 16u);
        QCOMPARE(o.activeWarpsPerSm, 64u);
        QCOMPARE(o.occupancy, 1.0);
        QCOMPARE(o.limitedBy, std::string("registers,warps"));
        QCOMPARE(o.blockLimitSharedMemory, std::optional<unsigned>(164));
        QCOMPARE(o.allocatedSharedBytesPerBlock, std::uint64_t(1024));

        // sm_86, 256 threads (8 warps), 64 registers: 2048 per warp, 8 warps per sub-partition,
        // 32 per SM -> 4 blocks; warps allow 48 / 8 = 6, blocks 16, shared 100. 32 of 48 warps.
        o = occupancyOf(86, 256, 64);
        QCOMPARE(o.activeBlocksPerSm, 4u);
        QCOMPARE(o.limitedBy, std::string("registers"));
        QCOMPARE(o.occupancy, 32.0 / 48.0);

        // sm_90, 128 threads, 0 registers (no register limit), 64 KiB dynamic: 65536 + 1024
        // reserved = 66560 bytes (a multiple of 128); 228 KiB = 233472 / 66560 = 3 blocks.
        o = occupancyOf(90, 128, 0, 0, 64 * 1024);
        QCOMPARE(o.activeBlocksPerSm, 3u);
        QCOMPARE(o.limitedBy, std::string("shared_memory"));
        QCOMPARE(o.blockLimitRegisters, std::optional<unsigned>());
        QCOMPARE(o.activeWarpsPerSm, 12u);

        // 255 registers: 8160 per warp rounds up to 8192; 2 warps per sub-partition, 8 per SM.
        // 256 threads (8 warps) is one block; 1024 threads would need 32 x 8192 > 65536: none.
        o = occupancyOf(90, 256, 255);
        QCOMPARE(o.activeBlocksPerSm, 1u);
        QCOMPARE(o.allocatedRegistersPerBlock, std::uint64_t(8 * 8192));
        o = occupancyOf(90, 1024, 255);
        QCOMPARE(o.activeBlocksPerSm, 0u);
        QCOMPARE(o.limitedBy, std::string("registers"));

        // 33 threads take 2 warps: sm_80 with 40 registers (1280 per warp: 12 warps per
        // sub-partition, 48 per SM) gives 24 blocks; warps would allow 32 and blocks 32.
        o = occupancyOf(80, 33, 40);
        QCOMPARE(o.activeBlocksPerSm, 24u);
        QCOMPARE(o.activeWarpsPerSm, 48u);
        QCOMPARE(o.limitedBy, std::string("registers"));

        // sm_89 caps resident blocks at 24: 32 threads, 16 registers -> warps 48, registers 128.
        o = occupancyOf(89, 32, 16);
        QCOMPARE(o.activeBlocksPerSm, 24u);
        QCOMPARE(o.limitedBy, std::string("blocks"));
        QCOMPARE(o.occupancy, 24.0 / 48.0);

        // Static + dynamic exactly at sm_80's opt-in limit (163 KiB) fits one block; a byte more
        // is 0 blocks limited by shared memory, not an error.
        o = occupancyOf(80, 128, 32, 16 * 1024, 147 * 1024);
        QCOMPARE(o.activeBlocksPerSm, 1u);
        QCOMPARE(o.limitedBy, std::string("shared_memory"));
        const auto over = kl::computeOccupancy({80, 128, 32, 16 * 1024, 147 * 1024 + 1});
        QVERIFY(over.ok);
        QCOMPARE(over.value.activeBlocksPerSm, 0u);
        QCOMPARE(over.value.limitedBy, std::string("shared_memory"));
        QCOMPARE(over.value.occupancy, 0.0);

        // sm_75 reserves nothing: no shared memory sets no limit.
        o = occupancyOf(75, 64, 32);
        QCOMPARE(o.blockLimitSharedMemory, std::optional<unsigned>());
        QCOMPARE(o.activeBlocksPerSm, 16u); // 32 warps / 2 = 16 = blocks; registers allow 32
        QCOMPARE(o.limitedBy, std::string("warps,blocks"));
    }

    void limits()
    {
        const auto a = kl::archLimits(90);
        QVERIFY(a);
        QCOMPARE(a->sharedPerBlockOptIn, std::uint64_t(227 * 1024));
        QCOMPARE(a->maxWarpsPerSm(), 64u);
        QCOMPARE(kl::sharedMemoryOptInLimit(86), std::optional<std::uint64_t>(99 * 1024));
        QCOMPARE(kl::sharedMemoryOptInLimit(61), std::optional<std::uint64_t>());
        for (unsigned sm : kKnownArches) {
            const auto l = kl::archLimits(sm);
            QVERIFY(l);
            QCOMPARE(l->sm, sm);
            QVERIFY(!l->sharedCarveouts.empty());
            QCOMPARE(std::uint64_t(l->sharedCarveouts.back()), l->sharedPerSm);
            QCOMPARE(l->sharedPerBlockOptIn + l->reservedSharedPerBlock, l->sharedPerSm);
        }
    }

    void errors()
    {
        auto r = kl::computeOccupancy({61, 128, 32, 0, 0});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("sm_61") != std::string::npos, r.error.english().c_str());
        QCOMPARE(r.error.english().back(), '.');

        r = kl::computeOccupancy({80, 0, 32, 0, 0});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("0 threads") != std::string::npos, r.error.english().c_str());

        r = kl::computeOccupancy({80, 1025, 32, 0, 0});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("1025") != std::string::npos &&
                     r.error.english().find("1024") != std::string::npos,
                 r.error.english().c_str());

        r = kl::computeOccupancy({80, 128, 256, 0, 0});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("256 registers") != std::string::npos, r.error.english().c_str());

        // Shared memory beyond anything addressable is an answer, not an error.
        r = kl::computeOccupancy({90, 128, 32, ~std::uint64_t(0), ~std::uint64_t(0)});
        QVERIFY(r.ok);
        QCOMPARE(r.value.activeBlocksPerSm, 0u);
        QCOMPARE(r.value.limitedBy, std::string("shared_memory"));
    }

    // The rules cuda_occupancy.h hard-codes per arch, checked one by one against ArchLimits.
    void archRulesMatchCudaOcc()
    {
        SKIP_WITHOUT_CUDA_OCCUPANCY();
#ifdef KL_HAVE_CUDA_OCCUPANCY
        for (unsigned sm : kKnownArches) {
            const kl::ArchLimits a = *kl::archLimits(sm);
            const cudaOccDeviceProp p = deviceProp(a);
            const QByteArray what = "sm_" + QByteArray::number(sm);
            int v = 0;
            QCOMPARE(cudaOccMaxBlocksPerMultiprocessor(&v, &p), CUDA_OCC_SUCCESS);
            QVERIFY2(v == int(a.maxBlocksPerSm), what);
            QCOMPARE(cudaOccRegAllocationGranularity(&v, &p), CUDA_OCC_SUCCESS);
            QVERIFY2(v == int(a.registerAllocationUnitSize), what);
            QCOMPARE(cudaOccSubPartitionsPerMultiprocessor(&v, &p), CUDA_OCC_SUCCESS);
            QVERIFY2(v == int(a.warpAllocationGranularity), what);
            QCOMPARE(cudaOccSMemAllocationGranularity(&v, &p), CUDA_OCC_SUCCESS);
            QVERIFY2(v == int(a.sharedAllocationUnitSize), what);
            QCOMPARE(cudaOccRegAllocationMaxPerThread(&v, &p), CUDA_OCC_SUCCESS);
            QVERIFY2(v >= int(a.maxRegistersPerThread), what);
            // Each carveout maps to itself and a byte more to the next (or is refused).
            for (std::size_t i = 0; i < a.sharedCarveouts.size(); ++i) {
                size_t size = a.sharedCarveouts[i];
                QCOMPARE(cudaOccAlignUpShmemSizeVoltaPlus(&size, &p), CUDA_OCC_SUCCESS);
                QVERIFY2(size == a.sharedCarveouts[i], what);
                size = size_t(a.sharedCarveouts[i]) + 1;
                const cudaOccError e = cudaOccAlignUpShmemSizeVoltaPlus(&size, &p);
                if (i + 1 < a.sharedCarveouts.size()) {
                    QCOMPARE(e, CUDA_OCC_SUCCESS);
                    QVERIFY2(size == a.sharedCarveouts[i + 1], what);
                } else {
                    QCOMPARE(e, CUDA_OCC_ERROR_INVALID_INPUT);
                }
            }
            if (a.sharedCarveouts.front() != 0) { // Turing: 0 bytes is the smallest carveout
                size_t size = 0;
                QCOMPARE(cudaOccAlignUpShmemSizeVoltaPlus(&size, &p), CUDA_OCC_SUCCESS);
                QVERIFY2(size == a.sharedCarveouts.front(), what);
            }
        }
#endif
    }

    void sweepMatchesCudaOcc()
    {
        SKIP_WITHOUT_CUDA_OCCUPANCY();
#ifdef KL_HAVE_CUDA_OCCUPANCY
        std::vector<unsigned> blockSizes;
        for (unsigned b = 32; b <= 1024; b += 32)
            blockSizes.push_back(b);
        for (unsigned b : {0u, 1u, 33u, 65u, 96u, 100u, 160u, 257u, 999u, 1023u, 1025u, 2048u})
            blockSizes.push_back(b);
        const std::uint32_t registers[] = {0, 16, 24, 32, 37, 40, 64, 65, 80, 96, 128, 168, 200, 254, 255};
        const std::uint64_t statics[] = {0, 1024, 16 * 1024, 48 * 1024, 100 * 1024};
        const unsigned arches[] = {80, 86, 89, 90, 100, 75, 87, 103, 120, 121};

        const cudaOccDeviceState state;
        int compared = 0, cudaOccErrors = 0, refused = 0, mismatches = 0;
        for (unsigned sm : arches) {
            const kl::ArchLimits a = *kl::archLimits(sm);
            const cudaOccDeviceProp prop = deviceProp(a);
            for (std::uint64_t st : statics) {
                const std::uint64_t optInDynamic =
                    a.sharedPerBlockOptIn > st ? a.sharedPerBlockOptIn - st : 0;
                const std::uint64_t dynamics[] = {0,          8 * 1024,     64 * 1024,
                                                  160 * 1024, optInDynamic, optInDynamic + 1};
                for (std::uint32_t regs : registers) {
                    const cudaOccFuncAttributes attr = funcAttributes(a, regs, st, 0);
                    const cudaOccFuncAttributes attr1 = funcAttributes(a, regs, st, 1);
                    for (unsigned block : blockSizes) {
                        for (std::uint64_t dyn : dynamics) {
                            const auto ours = kl::computeOccupancy({sm, block, regs, st, dyn});
                            cudaOccResult ref{};
                            const cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(
                                &ref, &prop, &attr, &state, int(block), dyn);
                            const QByteArray where = QByteArray("sm_") + QByteArray::number(sm) + " block " +
                                                     QByteArray::number(block) + " regs " +
                                                     QByteArray::number(regs) + " static " +
                                                     QByteArray::number(qulonglong(st)) + " dynamic " +
                                                     QByteArray::number(qulonglong(dyn));
                            if (e != CUDA_OCC_SUCCESS) {
                                ++cudaOccErrors;
                                QVERIFY2(!ours.ok || ours.value.activeBlocksPerSm == 0, where);
                                continue;
                            }
                            if (!ours.ok) {
                                // Ours refuses block sizes over the limit; cudaOcc gives 0 blocks.
                                ++refused;
                                QVERIFY2(ref.activeBlocksPerMultiprocessor == 0,
                                         where + ": " + ours.error.english().c_str());
                                continue;
                            }
                            const kl::Occupancy& o = ours.value;
                            const bool same =
                                int(o.activeBlocksPerSm) == ref.activeBlocksPerMultiprocessor &&
                                o.limitedBy == factorsOf(ref.limitingFactors) &&
                                limitOf(o.blockLimitRegisters) == ref.blockLimitRegs &&
                                limitOf(o.blockLimitSharedMemory) == ref.blockLimitSharedMem &&
                                int(o.blockLimitWarps) == ref.blockLimitWarps &&
                                int(o.blockLimitBlocks) == ref.blockLimitBlocks &&
                                o.allocatedRegistersPerBlock ==
                                    std::uint64_t(ref.allocatedRegistersPerBlock) &&
                                o.allocatedSharedBytesPerBlock == ref.allocatedSharedMemPerBlock;
                            if (!same && ++mismatches <= 20)
                                qWarning("%s: ours %u blocks (%s), cudaOcc %d (%s) regs %d smem %d warps %d "
                                         "blocks %d",
                                         where.constData(), o.activeBlocksPerSm, o.limitedBy.c_str(),
                                         ref.activeBlocksPerMultiprocessor,
                                         factorsOf(ref.limitingFactors).c_str(), ref.blockLimitRegs,
                                         ref.blockLimitSharedMem, ref.blockLimitWarps, ref.blockLimitBlocks);
                            ++compared;

                            // One barrier (what the runtime assumes for a real kernel) changes no
                            // block count; from sm_90 on it is flagged when the block limit binds.
                            cudaOccResult ref1{};
                            QCOMPARE(cudaOccMaxActiveBlocksPerMultiprocessor(&ref1, &prop, &attr1, &state,
                                                                             int(block), dyn),
                                     CUDA_OCC_SUCCESS);
                            QVERIFY2(ref1.activeBlocksPerMultiprocessor == ref.activeBlocksPerMultiprocessor,
                                     where);
                            if (ref1.limitingFactors & OCC_LIMIT_BARRIERS)
                                QVERIFY2(ref1.limitingFactors & OCC_LIMIT_BLOCKS, where);
                        }
                    }
                }
            }
        }
        qInfo("compared %d combinations with cudaOcc, %d mismatches; skipped %d that cudaOcc reports as "
              "an error and %d more that we refuse (cudaOcc: 0 blocks)",
              compared, mismatches, cudaOccErrors, refused);
        QCOMPARE(mismatches, 0);
        QVERIFY(compared > 1000);
        QVERIFY(cudaOccErrors > 0);
        QVERIFY(refused > 0);
#endif
    }
};

QTEST_APPLESS_MAIN(TstOccupancy)
#include "tst_occupancy.moc"
