// C = A * B with fp16 inputs and fp32 accumulation and output, all row-major and contiguous:
// A is M x K (fp16), B is K x N (fp16), C is M x N (fp32). Spec: matmul_f16.json.
//
// A tensor-core GEMM for sm_80 and newer (Ampere, Ada, Hopper), written in inline PTX so that the
// source needs no toolkit header: NVRTC 13.0 does not ship cuda_fp16.h or mma.h as built-in headers
// (they need the toolkit's include folder, which an NVRTC from a Python wheel does not have). The
// copy and store helpers it shares with matmul_f16_wgmma.cu are in tile_copy.cuh beside it.
//
//   global -> shared  cp.async.cg, 16 bytes (8 halves) a thread and copy, in a ring of STAGES
//                     buffers: the copies of tile k + STAGES - 1 are in flight while tile k is
//                     multiplied. Copies past the matrix edge read nothing and fill zeros.
//   shared -> regs    ldmatrix.x4 for A (row-major, exactly the fragment mma wants) and
//                     ldmatrix.x4.trans for B: B is row-major K x N in shared memory, and the
//                     transposing load hands each thread the pairs of consecutive k of one column
//                     that mma's "col" B operand is made of.
//   multiply          mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: a warp multiplies a
//                     WARP_M x WARP_N tile as (WARP_M / 16) x (WARP_N / 8) of these per 16 of k,
//                     with fp32 accumulators in registers.
//   store             each thread writes its accumulators as pairs of floats, guarded at the edges.
//
// Shared rows are padded by 8 halves (16 bytes): rows of A are (BLOCK_K + 8) * 2 = 80 or 144 bytes
// apart and rows of B (BLOCK_N + 8) * 2 = 144, 272 or 528, i.e. 80 or 16 modulo 128, so the 8 rows
// of each 8x8 matrix that ldmatrix reads start in 8 different 16-byte groups of banks (no
// conflicts), and every row start stays 16-byte aligned for cp.async and ldmatrix.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   BLOCK_M, BLOCK_N  the block's tile of C
//   BLOCK_K           the depth of one pipeline stage (a multiple of 16)
//   WARP_M, WARP_N    a warp's tile of C (WARP_M a multiple of 16, WARP_N of 16); the block has
//                     (BLOCK_M / WARP_M) * (BLOCK_N / WARP_N) warps
//   STAGES            shared-memory buffers in the cp.async ring (2 = double buffering)
// Launch: block (32 * warps, 1, 1), grid (ceil(N / BLOCK_N), ceil(M / BLOCK_M), 1), dynamic shared
// memory STAGES * (BLOCK_M * (BLOCK_K + 8) + BLOCK_K * (BLOCK_N + 8)) * 2 bytes (the launcher
// raises the kernel's limit above 48 KiB).
//
// Any M, N, K. The fast path needs K and N to be multiples of 8 (so every 16-byte copy is aligned
// and lies wholly inside or wholly outside a row) and A and B 16-byte aligned; otherwise the tiles
// are staged with guarded element loads (the same pipeline and multiply, slower loads).

#ifndef BLOCK_M
#define BLOCK_M 128
#endif
#ifndef BLOCK_N
#define BLOCK_N 128
#endif
#ifndef BLOCK_K
#define BLOCK_K 32
#endif
#ifndef WARP_M
#define WARP_M 64
#endif
#ifndef WARP_N
#define WARP_N 64
#endif
#ifndef STAGES
#define STAGES 3
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "matmul_f16 needs sm_80 or newer (cp.async, ldmatrix, mma.sync.m16n8k16)"
#endif
#if BLOCK_M % WARP_M != 0 || BLOCK_N % WARP_N != 0
#error "BLOCK_M and BLOCK_N must be multiples of WARP_M and WARP_N"
#endif
#if WARP_M % 16 != 0 || WARP_N % 16 != 0 || BLOCK_K % 16 != 0
#error "WARP_M, WARP_N and BLOCK_K must be multiples of 16"
#endif
#if STAGES < 2
#error "STAGES must be at least 2"
#endif

#define WARPS_M (BLOCK_M / WARP_M)
#define WARPS_N (BLOCK_N / WARP_N)
#define NUM_THREADS (WARPS_M * WARPS_N * 32)
#define M_TILES (WARP_M / 16) // mma tiles of a warp along m (16 rows each)
#define N_TILES (WARP_N / 8)  // and along n (8 columns each)

// Shared layout, in halves: per stage A[BLOCK_M][LDA] then B[BLOCK_K][LDB].
#define LDA (BLOCK_K + 8)
#define LDB (BLOCK_N + 8)
#define A_STAGE_HALVES (BLOCK_M * LDA)
#define STAGE_BYTES ((BLOCK_M * LDA + BLOCK_K * LDB) * 2)

// 16-byte chunks of a stage and how many each thread copies.
#define A_CHUNKS (BLOCK_M * BLOCK_K / 8)
#define B_CHUNKS (BLOCK_K * BLOCK_N / 8)
#define A_COPIES ((A_CHUNKS + NUM_THREADS - 1) / NUM_THREADS)
#define B_COPIES ((B_CHUNKS + NUM_THREADS - 1) / NUM_THREADS)

#include "tile_copy.cuh"

static __device__ __forceinline__ void ldmatrixX4(u32 (&r)[4], u32 address)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address));
}

static __device__ __forceinline__ void ldmatrixX4Trans(u32& r0, u32& r1, u32& r2, u32& r3, u32 address)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(address));
}

// d += a * b for one 16x8x16 tile: a (16x16, row-major) in 4 registers, b (16x8, "col": pairs of
// consecutive k) in 2, d (16x8 fp32) in 4.
static __device__ __forceinline__ void mma16816(float (&d)[4], const u32 (&a)[4], u32 b0, u32 b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                 "{%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// minBlocksPerMultiprocessor 1: a 64x64 warp tile keeps 128 accumulators a thread, and any cap
// below 255 registers would spill them.
extern "C" __global__ void __launch_bounds__(NUM_THREADS, 1)
    matmul_f16(const u16* __restrict__ A, const u16* __restrict__ B, float* __restrict__ C, int M, int N,
               int K)
{
    extern __shared__ __align__(128) u16 smem[];

    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int warpM = warp % WARPS_M;
    const int warpN = warp / WARPS_M;
    const int rowBase = blockIdx.y * BLOCK_M;
    const int colBase = blockIdx.x * BLOCK_N;
    const int kTiles = (K + BLOCK_K - 1) / BLOCK_K;
    const u32 smemBase = sharedAddress(smem);
    const bool vectorLoads =
        K % 8 == 0 && N % 8 == 0 &&
        ((reinterpret_cast<unsigned long long>(A) | reinterpret_cast<unsigned long long>(B)) & 15) == 0;

    // Copies tile `kTile` (k from kTile * BLOCK_K) of A and B into ring buffer `stage`.
    auto loadTile = [&](int stage, int kTile) {
        const int k0 = kTile * BLOCK_K;
        if (vectorLoads) {
            const u32 aDst = smemBase + stage * STAGE_BYTES;
            const u32 bDst = aDst + A_STAGE_HALVES * 2;
#pragma unroll
            for (int i = 0; i < A_COPIES; ++i) {
                const int c = tid + i * NUM_THREADS;
                if (A_CHUNKS % NUM_THREADS == 0 || c < A_CHUNKS) {
                    const int r = c / (BLOCK_K / 8);
                    const int k = (c % (BLOCK_K / 8)) * 8;
                    const int gr = rowBase + r;
                    const int gk = k0 + k;
                    const bool valid = gr < M && gk < K;
                    copy16(aDst + (r * LDA + k) * 2, valid ? A + (long long)gr * K + gk : A, valid);
                }
            }
#pragma unroll
            for (int i = 0; i < B_COPIES; ++i) {
                const int c = tid + i * NUM_THREADS;
                if (B_CHUNKS % NUM_THREADS == 0 || c < B_CHUNKS) {
                    const int r = c / (BLOCK_N / 8);
                    const int n = (c % (BLOCK_N / 8)) * 8;
                    const int gk = k0 + r;
                    const int gn = colBase + n;
                    const bool valid = gk < K && gn < N;
                    copy16(bDst + (r * LDB + n) * 2, valid ? B + (long long)gk * N + gn : B, valid);
                }
            }
        } else {
            // Plain stores; the barrier before the stage is read makes them visible.
            u16* as = smem + stage * (STAGE_BYTES / 2);
            u16* bs = as + A_STAGE_HALVES;
            for (int e = tid; e < BLOCK_M * BLOCK_K; e += NUM_THREADS) {
                const int r = e / BLOCK_K;
                const int k = e % BLOCK_K;
                const int gr = rowBase + r;
                const int gk = k0 + k;
                as[r * LDA + k] = gr < M && gk < K ? A[(long long)gr * K + gk] : u16(0);
            }
            for (int e = tid; e < BLOCK_K * BLOCK_N; e += NUM_THREADS) {
                const int r = e / BLOCK_N;
                const int n = e % BLOCK_N;
                const int gk = k0 + r;
                const int gn = colBase + n;
                bs[r * LDB + n] = gk < K && gn < N ? B[(long long)gk * N + gn] : u16(0);
            }
        }
    };

    float acc[M_TILES][N_TILES][4];
#pragma unroll
    for (int i = 0; i < M_TILES; ++i)
#pragma unroll
        for (int j = 0; j < N_TILES; ++j)
#pragma unroll
            for (int e = 0; e < 4; ++e)
                acc[i][j][e] = 0.0f;

    // This lane's ldmatrix row addresses within a stage, in bytes. A: lanes 0-15 name rows 0-15
    // of the 16x16 tile at k 0, lanes 16-31 the same rows at k 8, so the four 8x8 matrices are
    // (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15), (rows 8-15, k 8-15): a0..a3 of
    // mma's A fragment. B: lanes 0-15 name k rows 0-15 at column n, lanes 16-31 the same rows at
    // n + 8; transposed, the matrices are b0, b1 of columns n..n+7 and b0, b1 of n+8..n+15.
    const u32 aLane = ((warpM * WARP_M + (lane & 15)) * LDA + (lane >> 4) * 8) * 2;
    const u32 bLane = A_STAGE_HALVES * 2 + ((lane & 15) * LDB + warpN * WARP_N + (lane >> 4) * 8) * 2;

    // Prologue: the first STAGES - 1 tiles in flight, one commit group each (empty past the end,
    // so that the group count stays in step with the tile number).
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < kTiles)
            loadTile(s, s);
        copyCommit();
    }

    for (int kt = 0; kt < kTiles; ++kt) {
        // Groups committed so far: STAGES - 1 + kt; with at most STAGES - 2 still in flight, tile
        // kt's group has landed for this thread, and after the barrier for every thread. The
        // barrier also means every warp is done with tile kt - 1, whose buffer is refilled next.
        copyWait<STAGES - 2>();
        __syncthreads();
        const int next = kt + STAGES - 1;
        if (next < kTiles)
            loadTile(next % STAGES, next);
        copyCommit();

        const u32 stageBase = smemBase + (kt % STAGES) * STAGE_BYTES;
#pragma unroll
        for (int kk = 0; kk < BLOCK_K; kk += 16) {
            u32 a[M_TILES][4];
            u32 b[N_TILES][2];
#pragma unroll
            for (int i = 0; i < M_TILES; ++i)
                ldmatrixX4(a[i], stageBase + aLane + (i * 16 * LDA + kk) * 2);
#pragma unroll
            for (int j = 0; j < N_TILES; j += 2)
                ldmatrixX4Trans(b[j][0], b[j][1], b[j + 1][0], b[j + 1][1],
                                stageBase + bLane + (kk * LDB + j * 8) * 2);
#pragma unroll
            for (int i = 0; i < M_TILES; ++i)
#pragma unroll
                for (int j = 0; j < N_TILES; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
    }
    copyWait<0>();

    // Accumulator layout of one 16x8 tile: lane = 4 * g + t holds (g, 2t), (g, 2t + 1) in d0, d1
    // and (g + 8, 2t), (g + 8, 2t + 1) in d2, d3.
    const int g = lane >> 2;
    const int t = lane & 3;
#pragma unroll
    for (int i = 0; i < M_TILES; ++i) {
        const int row = rowBase + warpM * WARP_M + i * 16 + g;
#pragma unroll
        for (int j = 0; j < N_TILES; ++j) {
            const int col = colBase + warpN * WARP_N + j * 8 + 2 * t;
            storePair(C, M, N, row, col, acc[i][j][0], acc[i][j][1]);
            storePair(C, M, N, row + 8, col, acc[i][j][2], acc[i][j][3]);
        }
    }
}
