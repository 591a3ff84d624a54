// C = A * B in fp32, all row-major and contiguous: A is M x K, B is K x N, C is M x N.
// Spec: matmul_f32.json.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   TILE_M, TILE_N  the block's tile of C
//   TILE_K          the depth of the A and B tiles staged in shared memory per step
//   THREAD_M/N      the C elements one thread accumulates (THREAD_M x THREAD_N registers)
// Launch: block (TILE_N / THREAD_N, TILE_M / THREAD_M, 1), grid (ceil(N / TILE_N), ceil(M / TILE_M), 1).
// Any M, N, K: tiles are zero-filled past the edges and stores are guarded.
//
// A thread owns rows ty + i * BLOCK_Y and columns tx + j * BLOCK_X of the tile (strided, not a
// contiguous patch), so a warp reads consecutive B elements from shared memory (no bank
// conflicts), reads one broadcast A element per row, and its C stores are coalesced.

#ifndef TILE_M
#define TILE_M 64
#endif
#ifndef TILE_N
#define TILE_N 64
#endif
#ifndef TILE_K
#define TILE_K 16
#endif
#ifndef THREAD_M
#define THREAD_M 4
#endif
#ifndef THREAD_N
#define THREAD_N 4
#endif

#if TILE_M % THREAD_M != 0 || TILE_N % THREAD_N != 0
#error "TILE_M and TILE_N must be multiples of THREAD_M and THREAD_N"
#endif

#define BLOCK_X (TILE_N / THREAD_N)
#define BLOCK_Y (TILE_M / THREAD_M)
#define NUM_THREADS (BLOCK_X * BLOCK_Y)

// minBlocksPerMultiprocessor 1: with the thread count alone, ptxas capped some configurations at
// 40-48 registers (CUDA 13.0) and spilled accumulators.
extern "C" __global__ void __launch_bounds__(NUM_THREADS, 1)
    matmul_f32(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N, int K)
{
    // As is stored k-major and padded by one column so the stores of the (k-fastest) global
    // loads spread over all banks; Bs keeps B's layout.
    __shared__ float As[TILE_K][TILE_M + 1];
    __shared__ float Bs[TILE_K][TILE_N];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int tid = ty * BLOCK_X + tx;
    const int rowBase = blockIdx.y * TILE_M;
    const int colBase = blockIdx.x * TILE_N;

    float acc[THREAD_M][THREAD_N];
#pragma unroll
    for (int i = 0; i < THREAD_M; ++i)
#pragma unroll
        for (int j = 0; j < THREAD_N; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += TILE_K) {
        for (int idx = tid; idx < TILE_M * TILE_K; idx += NUM_THREADS) {
            const int m = idx / TILE_K;
            const int k = idx % TILE_K;
            const int gm = rowBase + m;
            const int gk = k0 + k;
            As[k][m] = (gm < M && gk < K) ? A[(long long)gm * K + gk] : 0.0f;
        }
        for (int idx = tid; idx < TILE_K * TILE_N; idx += NUM_THREADS) {
            const int k = idx / TILE_N;
            const int n = idx % TILE_N;
            const int gk = k0 + k;
            const int gn = colBase + n;
            Bs[k][n] = (gk < K && gn < N) ? B[(long long)gk * N + gn] : 0.0f;
        }
        __syncthreads();

#pragma unroll
        for (int kk = 0; kk < TILE_K; ++kk) {
            float a[THREAD_M];
            float b[THREAD_N];
#pragma unroll
            for (int i = 0; i < THREAD_M; ++i)
                a[i] = As[kk][ty + i * BLOCK_Y];
#pragma unroll
            for (int j = 0; j < THREAD_N; ++j)
                b[j] = Bs[kk][tx + j * BLOCK_X];
#pragma unroll
            for (int i = 0; i < THREAD_M; ++i)
#pragma unroll
                for (int j = 0; j < THREAD_N; ++j)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        // The next step overwrites the tiles.
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < THREAD_M; ++i) {
        const int row = rowBase + ty + i * BLOCK_Y;
#pragma unroll
        for (int j = 0; j < THREAD_N; ++j) {
            const int col = colBase + tx + j * BLOCK_X;
            if (row < M && col < N)
                C[(long long)row * N + col] = acc[i][j];
        }
    }
}
