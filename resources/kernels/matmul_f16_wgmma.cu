// C = A * B with fp16 inputs and fp32 accumulation and output, all row-major and contiguous:
// A is M x K (fp16), B is K x N (fp16), C is M x N (fp32). Spec: matmul_f16_wgmma.json.
//
// A Hopper GEMM: warpgroup MMA (wgmma.mma_async) reading both operands from shared memory
// through matrix descriptors. sm_90a only (the spec's "arch_variant": "a" makes the autotuner
// compile for sm_90a on an sm_90 device). Inline PTX, no toolkit headers (NVRTC 13.0 ships none);
// the copy and store helpers shared with matmul_f16.cu are in tile_copy.cuh beside it.
//
//   global -> shared  cp.async.cg, 16 bytes a thread and copy, in a ring of STAGES buffers, every
//                     thread of the block copying (no producer warpgroup: the launcher passes
//                     plain pointers, no CUtensorMap, so there is no TMA). Copies past the
//                     matrix edge read nothing and fill zeros.
//   layout            the 128-byte swizzle the descriptors name (swizzle mode 1): shared memory
//                     is cut into 128-byte rows, 8 rows (1 KiB, 1 KiB-aligned) to an atom, and
//                     the 16-byte chunk c of row r is stored at chunk c ^ (r % 8).
//                     A (K-major): a stage holds BLOCK_M rows of BLOCK_K = 64 halves, row m at
//                     byte m * 128. Descriptor: start = row 0 of the 64 rows + 32 bytes per 16 of
//                     k, LBO unused (1), SBO 1024 (8 rows to the next 8).
//                     B (N-major, i.e. row-major K x N, read with imm-trans-b = 1): a stage
//                     holds BLOCK_N / 64 slabs of 64 columns; slab j is BLOCK_K rows (k) of 128
//                     bytes (n = 64j .. 64j + 63), row k at byte j * 8192 + k * 128.
//                     Descriptor: start = row k0 of slab 0 (+ 2048 bytes per 16 of k), LBO 8192
//                     (the next 64 columns: the next slab), SBO 1024 (the next 8 rows of k).
//   multiply          wgmma.mma_async.sync.aligned.m64n{BLOCK_N}k16.f32.f16.f16: a consumer
//                     warpgroup owns WG_M rows (WG_M / 64 instructions per 16 of k) and all
//                     BLOCK_N columns, fp32 accumulators in registers; one commit group per
//                     k-tile, at most one group left in flight (wait_group 1).
//   store             each thread writes its accumulators as pairs of floats, guarded at the edges.
//
// Pipeline, per k-tile kt: wait for this thread's copies of tile kt (cp.async.wait_group),
// fence.proxy.async (the copies are generic-proxy writes, wgmma reads through the async proxy),
// __syncthreads; start the copies of tile kt + STAGES - 2 into the buffer tile kt - 2 used (every
// warpgroup waited for its tile kt - 2 wgmmas before the barrier); issue the wgmmas of tile kt;
// wait until only they are in flight. So STAGES - 2 tiles are loading while one is multiplied
// and the previous one may still be finishing.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   BLOCK_M, BLOCK_N  the block's tile of C (BLOCK_N 128 or 256: the wgmma's n; BLOCK_M a
//                     multiple of WG_M)
//   WG_M              rows of C a consumer warpgroup owns (64 or 128); the block has
//                     BLOCK_M / WG_M warpgroups of 128 threads
//   STAGES            shared-memory buffers in the cp.async ring (at least 3)
// BLOCK_K is 64 (one 128-byte swizzle row of halves), not a parameter.
// Launch: block (128 * BLOCK_M / WG_M, 1, 1), grid (ceil(N / BLOCK_N), ceil(M / BLOCK_M), 1),
// dynamic shared memory STAGES * (BLOCK_M + BLOCK_N) * 128 + 1024 bytes (the extra KiB rounds
// the ring's start up to a 1 KiB boundary, which the swizzle atoms need).
//
// Any M, N, K. The fast path needs K and N to be multiples of 8 (so every 16-byte copy is aligned
// and lies wholly inside or wholly outside a row) and A and B 16-byte aligned; otherwise the tiles
// are staged with guarded element stores into the same swizzled layout (same pipeline and
// multiply, slower loads; the spec's `small` size 127 x 65 x 33 takes this path).

#ifndef BLOCK_M
#define BLOCK_M 128
#endif
#ifndef BLOCK_N
#define BLOCK_N 256
#endif
#ifndef WG_M
#define WG_M 64
#endif
#ifndef STAGES
#define STAGES 4
#endif
#define BLOCK_K 64

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ != 900 || !defined(__CUDA_ARCH_FEAT_SM90_ALL))
#error "matmul_f16_wgmma needs sm_90a (wgmma.mma_async): compile with -arch=sm_90a"
#endif
#if BLOCK_N != 128 && BLOCK_N != 256
#error "BLOCK_N must be 128 or 256"
#endif
#if WG_M != 64 && WG_M != 128
#error "WG_M must be 64 or 128"
#endif
#if BLOCK_M % WG_M != 0
#error "BLOCK_M must be a multiple of WG_M"
#endif
#if STAGES < 3
#error "STAGES must be at least 3"
#endif

#define WARPGROUPS (BLOCK_M / WG_M)
#define NUM_THREADS (WARPGROUPS * 128)
#define M_SUB (WG_M / 64)   // wgmma m64 instructions a warpgroup issues per 16 of k
#define ACC (BLOCK_N / 2)   // fp32 accumulators a thread holds per m64 instruction

#define A_STAGE_BYTES (BLOCK_M * 128)
#define B_SLAB_BYTES (BLOCK_K * 128)
#define B_STAGE_BYTES (BLOCK_N * 128)
#define STAGE_BYTES (A_STAGE_BYTES + B_STAGE_BYTES)

// 16-byte chunks of a stage and how many each thread copies.
#define A_CHUNKS (BLOCK_M * BLOCK_K / 8)
#define B_CHUNKS (BLOCK_K * BLOCK_N / 8)
#define A_COPIES (A_CHUNKS / NUM_THREADS)
#define B_COPIES (B_CHUNKS / NUM_THREADS)
#if A_CHUNKS % NUM_THREADS != 0 || B_CHUNKS % NUM_THREADS != 0
#error "the copies of a stage must split evenly over the threads"
#endif

#include "tile_copy.cuh"

typedef unsigned long long u64;

static __device__ __forceinline__ void storeSharedHalf(u32 address, u16 v)
{
    asm volatile("st.shared.u16 [%0], %1;" ::"r"(address), "h"(v) : "memory");
}

// Makes this thread's generic-proxy writes to shared memory (cp.async, st.shared) visible to the
// async proxy that wgmma reads shared memory through.
static __device__ __forceinline__ void fenceProxyAsync()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

static __device__ __forceinline__ void wgmmaFence()
{
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}

static __device__ __forceinline__ void wgmmaCommit()
{
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}

// Waits until at most N of this warpgroup's wgmma groups are still in flight.
template <int N> static __device__ __forceinline__ void wgmmaWait()
{
    asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}

// Keeps the compiler from moving reads or writes of an accumulator across the wgmma fences and
// waits (the registers belong to the tensor cores while a wgmma group is in flight).
template <int R> static __device__ __forceinline__ void fenceOperands(float (&d)[R])
{
#pragma unroll
    for (int i = 0; i < R; ++i)
        asm volatile("" : "+f"(d[i])::"memory");
}

// A shared-memory matrix descriptor, 128-byte swizzle: start address, leading and stride byte
// offsets, each encoded as (x & 0x3FFFF) >> 4, swizzle mode 1 in bits 62-63; base offset 0
// (every swizzle atom starts on a 1 KiB boundary).
static __device__ __forceinline__ u64 descriptor(u32 address, u32 leadingBytes, u32 strideBytes)
{
    return (u64)((address & 0x3FFFF) >> 4) | ((u64)((leadingBytes & 0x3FFFF) >> 4) << 16) |
           ((u64)((strideBytes & 0x3FFFF) >> 4) << 32) | (1ull << 62);
}

// Only the wrapper for this configuration's n is compiled (an unused one would be a warning).
#if BLOCK_N == 128
// d (64 x 128, fp32, 64 registers a thread) += A (64 x 16, K-major) * B (16 x 128, N-major).
static __device__ __forceinline__ void wgmma128(float (&d)[64], unsigned long long descA,
                                                unsigned long long descB)
{
    asm volatile("{\n\t"
                 ".reg .pred p;\n\t"
                 "setp.ne.b32 p, %66, 0;\n\t"
                 "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, "
                 "%8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, "
                 "%24, %25, %26, %27, %28, %29, %30, %31, "
                 "%32, %33, %34, %35, %36, %37, %38, %39, "
                 "%40, %41, %42, %43, %44, %45, %46, %47, "
                 "%48, %49, %50, %51, %52, %53, %54, %55, "
                 "%56, %57, %58, %59, %60, %61, %62, %63}, "
                 "%64, %65, p, 1, 1, 0, 1;\n\t"
                 "}"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                   "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
                   "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
                   "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
                   "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
                   "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
                   "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
                   "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
                 : "l"(descA), "l"(descB), "r"(1));
}
#else
// d (64 x 256, fp32, 128 registers a thread) += A (64 x 16, K-major) * B (16 x 256, N-major).
static __device__ __forceinline__ void wgmma256(float (&d)[128], unsigned long long descA,
                                                unsigned long long descB)
{
    asm volatile("{\n\t"
                 ".reg .pred p;\n\t"
                 "setp.ne.b32 p, %130, 0;\n\t"
                 "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, "
                 "%8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, "
                 "%24, %25, %26, %27, %28, %29, %30, %31, "
                 "%32, %33, %34, %35, %36, %37, %38, %39, "
                 "%40, %41, %42, %43, %44, %45, %46, %47, "
                 "%48, %49, %50, %51, %52, %53, %54, %55, "
                 "%56, %57, %58, %59, %60, %61, %62, %63, "
                 "%64, %65, %66, %67, %68, %69, %70, %71, "
                 "%72, %73, %74, %75, %76, %77, %78, %79, "
                 "%80, %81, %82, %83, %84, %85, %86, %87, "
                 "%88, %89, %90, %91, %92, %93, %94, %95, "
                 "%96, %97, %98, %99, %100, %101, %102, %103, "
                 "%104, %105, %106, %107, %108, %109, %110, %111, "
                 "%112, %113, %114, %115, %116, %117, %118, %119, "
                 "%120, %121, %122, %123, %124, %125, %126, %127}, "
                 "%128, %129, p, 1, 1, 0, 1;\n\t"
                 "}"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                   "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
                   "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
                   "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
                   "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
                   "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
                   "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
                   "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
                   "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
                   "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
                   "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
                   "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
                   "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
                   "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
                   "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
                   "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
                 : "l"(descA), "l"(descB), "r"(1));
}
#endif

static __device__ __forceinline__ void wgmmaTile(float (&d)[ACC], u64 descA, u64 descB)
{
#if BLOCK_N == 128
    wgmma128(d, descA, descB);
#else
    wgmma256(d, descA, descB);
#endif
}

// Byte offset of element (row, col) of a 128-byte-swizzled block whose rows are 64 halves
// (128 bytes): chunk col / 8 of row `row` sits at chunk (col / 8) ^ (row % 8).
static __device__ __forceinline__ u32 swizzled(int row, int col)
{
    return (u32)(row * 128 + ((((col >> 3) ^ row) & 7) << 4) + ((col & 7) << 1));
}

// minBlocksPerMultiprocessor 1: a warpgroup tile of 64 x 256 (or 128 x 128) keeps 128
// accumulators a thread, and a cap below 255 registers would spill them.
extern "C" __global__ void __launch_bounds__(NUM_THREADS, 1)
    matmul_f16_wgmma(const u16* __restrict__ A, const u16* __restrict__ B, float* __restrict__ C, int M,
                     int N, int K)
{
    extern __shared__ __align__(1024) unsigned char smem[];

    const int tid = threadIdx.x;
    const int warpgroup = tid >> 7;
    const int rowBase = blockIdx.y * BLOCK_M;
    const int colBase = blockIdx.x * BLOCK_N;
    const int kTiles = (K + BLOCK_K - 1) / BLOCK_K;
    // The swizzle is a function of the address bits, so every atom must start on a 1 KiB
    // boundary: round the ring's start up (the spec asks for 1 KiB more than the ring).
    const u32 ring = (sharedAddress(smem) + 1023u) & ~1023u;
    const bool vectorLoads =
        K % 8 == 0 && N % 8 == 0 &&
        ((reinterpret_cast<unsigned long long>(A) | reinterpret_cast<unsigned long long>(B)) & 15) == 0;

    // Copies tile `kTile` (k from kTile * BLOCK_K) of A and B into ring buffer `stage`.
    auto loadTile = [&](int stage, int kTile) {
        const int k0 = kTile * BLOCK_K;
        const u32 aDst = ring + stage * STAGE_BYTES;
        const u32 bDst = aDst + A_STAGE_BYTES;
        if (vectorLoads) {
#pragma unroll
            for (int i = 0; i < A_COPIES; ++i) {
                // 8 chunks a row: 8 neighbouring threads read one row's 128 contiguous bytes.
                const int c = tid + i * NUM_THREADS;
                const int r = c >> 3;
                const int k = (c & 7) * 8;
                const int gr = rowBase + r;
                const int gk = k0 + k;
                const bool valid = gr < M && gk < K;
                copy16(aDst + swizzled(r, k), valid ? A + (long long)gr * K + gk : A, valid);
            }
#pragma unroll
            for (int i = 0; i < B_COPIES; ++i) {
                const int c = tid + i * NUM_THREADS;
                const int r = c / (BLOCK_N / 8);      // k within the tile
                const int n = (c % (BLOCK_N / 8)) * 8; // column within the tile
                const int gk = k0 + r;
                const int gn = colBase + n;
                const bool valid = gk < K && gn < N;
                copy16(bDst + (n >> 6) * B_SLAB_BYTES + swizzled(r, n & 63),
                       valid ? B + (long long)gk * N + gn : B, valid);
            }
        } else {
            // Element stores; the proxy fence and the barrier before the stage is read make them
            // visible to wgmma.
            for (int e = tid; e < BLOCK_M * BLOCK_K; e += NUM_THREADS) {
                const int r = e / BLOCK_K;
                const int k = e % BLOCK_K;
                const int gr = rowBase + r;
                const int gk = k0 + k;
                storeSharedHalf(aDst + swizzled(r, k), gr < M && gk < K ? A[(long long)gr * K + gk] : u16(0));
            }
            for (int e = tid; e < BLOCK_K * BLOCK_N; e += NUM_THREADS) {
                const int r = e / BLOCK_N;
                const int n = e % BLOCK_N;
                const int gk = k0 + r;
                const int gn = colBase + n;
                storeSharedHalf(bDst + (n >> 6) * B_SLAB_BYTES + swizzled(r, n & 63),
                                gk < K && gn < N ? B[(long long)gk * N + gn] : u16(0));
            }
        }
    };

    float acc[M_SUB][ACC];
#pragma unroll
    for (int m = 0; m < M_SUB; ++m)
#pragma unroll
        for (int i = 0; i < ACC; ++i)
            acc[m][i] = 0.0f;

    // Prologue: the first STAGES - 2 tiles in flight, one commit group each (empty past the end,
    // so that the group count stays in step with the tile number).
#pragma unroll
    for (int s = 0; s < STAGES - 2; ++s) {
        if (s < kTiles)
            loadTile(s, s);
        copyCommit();
    }

    for (int kt = 0; kt < kTiles; ++kt) {
        // Groups committed so far: STAGES - 2 + kt; with at most STAGES - 3 still in flight, tile
        // kt's group has landed for this thread, and after the fence and the barrier for every
        // thread and for the async proxy. The barrier also means every warpgroup has waited for
        // its wgmmas of tile kt - 2 (the wait_group 1 at the end of iteration kt - 1), whose
        // buffer is refilled next.
        copyWait<STAGES - 3>();
        fenceProxyAsync();
        __syncthreads();
        const int next = kt + STAGES - 2;
        if (next < kTiles)
            loadTile(next % STAGES, next);
        copyCommit();

        const u32 stage = ring + (kt % STAGES) * STAGE_BYTES;
        const u32 aTile = stage + warpgroup * WG_M * 128;
        const u32 bTile = stage + A_STAGE_BYTES;
#pragma unroll
        for (int m = 0; m < M_SUB; ++m)
            fenceOperands(acc[m]);
        wgmmaFence();
#pragma unroll
        for (int ks = 0; ks < BLOCK_K / 16; ++ks) {
            // B: 16 rows of k are 2 KiB further; LBO: the next 64 columns are the next slab.
            const u64 descB = descriptor(bTile + ks * 2048, B_SLAB_BYTES, 1024);
#pragma unroll
            for (int m = 0; m < M_SUB; ++m) {
                // A: rows m * 64 .. m * 64 + 63 of this warpgroup's WG_M; 16 halves of k are 32
                // bytes along the (swizzled) row.
                const u64 descA = descriptor(aTile + m * 64 * 128 + ks * 32, 16, 1024);
                wgmmaTile(acc[m], descA, descB);
            }
        }
        wgmmaCommit();
#pragma unroll
        for (int m = 0; m < M_SUB; ++m)
            fenceOperands(acc[m]);
        wgmmaWait<1>();
#pragma unroll
        for (int m = 0; m < M_SUB; ++m)
            fenceOperands(acc[m]);
    }
    wgmmaWait<0>();
#pragma unroll
    for (int m = 0; m < M_SUB; ++m)
        fenceOperands(acc[m]);
    copyWait<0>();

    // Accumulator layout of a 64 x N wgmma: warp w of the warpgroup holds rows 16w .. 16w + 15;
    // lane = 4 * g + t holds, for each 8 columns j, (16w + g, 8j + 2t) and (16w + g, 8j + 2t + 1)
    // in d[4j], d[4j + 1] and the same columns of row 16w + g + 8 in d[4j + 2], d[4j + 3].
    const int warp = (tid >> 5) & 3;
    const int lane = tid & 31;
    const int g = lane >> 2;
    const int t = lane & 3;
#pragma unroll
    for (int m = 0; m < M_SUB; ++m) {
        const int row = rowBase + warpgroup * WG_M + m * 64 + warp * 16 + g;
#pragma unroll
        for (int j = 0; j < BLOCK_N / 8; ++j) {
            const int col = colBase + j * 8 + 2 * t;
            storePair(C, M, N, row, col, acc[m][4 * j], acc[m][4 * j + 1]);
            storePair(C, M, N, row + 8, col, acc[m][4 * j + 2], acc[m][4 * j + 3]);
        }
    }
}
