// Row-wise softmax in fp32: out[r][c] = exp(in[r][c] - max_r) / sum_c exp(in[r][c] - max_r) for a
// row-major, contiguous rows x cols matrix. Spec: softmax.json.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   THREADS_PER_ROW  threads sharing one row, a multiple of 32 (so a warp never spans two rows)
//   ROWS_PER_BLOCK   rows one block handles, one per threadIdx.y
// Launch: block (THREADS_PER_ROW, ROWS_PER_BLOCK, 1), grid (ceil(rows / ROWS_PER_BLOCK), 1, 1),
// dynamic shared memory ROWS_PER_BLOCK * THREADS_PER_ROW / 32 floats. Any rows and cols.
// Three passes over the row (max, sum, write); the second and third read it from L1/L2.

#ifndef THREADS_PER_ROW
#define THREADS_PER_ROW 128
#endif
#ifndef ROWS_PER_BLOCK
#define ROWS_PER_BLOCK 1
#endif

#if THREADS_PER_ROW % 32 != 0 || THREADS_PER_ROW * ROWS_PER_BLOCK > 1024
#error "THREADS_PER_ROW must be a multiple of 32 and THREADS_PER_ROW * ROWS_PER_BLOCK at most 1024"
#endif

#define WARPS_PER_ROW (THREADS_PER_ROW / 32)

static __device__ __forceinline__ float warpMax(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

static __device__ __forceinline__ float warpSum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Combines the per-warp values of one row (already warp-reduced, so every lane holds its warp's
// value) through the row's WARPS_PER_ROW shared slots. Every thread of the block must call it,
// rows past the end included, because it synchronises the whole block; every thread gets its
// row's result, and the slots are free again on return.
static __device__ __forceinline__ float rowCombine(float v, float* rowSlots, bool isMax)
{
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (lane == 0)
        rowSlots[warp] = v;
    __syncthreads();
    float r = rowSlots[0];
#pragma unroll
    for (int w = 1; w < WARPS_PER_ROW; ++w)
        r = isMax ? fmaxf(r, rowSlots[w]) : r + rowSlots[w];
    __syncthreads();
    return r;
}

extern "C" __global__ void __launch_bounds__(THREADS_PER_ROW * ROWS_PER_BLOCK)
    softmax_rows(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    extern __shared__ float slots[]; // ROWS_PER_BLOCK * WARPS_PER_ROW floats
    float* rowSlots = slots + threadIdx.y * WARPS_PER_ROW;

    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    const bool valid = row < rows;
    const float* x = in + (long long)row * cols;
    float* y = out + (long long)row * cols;

    float m = -__int_as_float(0x7f800000); // -infinity
    if (valid) {
        for (int c = threadIdx.x; c < cols; c += THREADS_PER_ROW)
            m = fmaxf(m, x[c]);
    }
    m = rowCombine(warpMax(m), rowSlots, true);

    float s = 0.0f;
    if (valid) {
        for (int c = threadIdx.x; c < cols; c += THREADS_PER_ROW)
            s += expf(x[c] - m);
    }
    s = rowCombine(warpSum(s), rowSlots, false);

    if (valid) {
        for (int c = threadIdx.x; c < cols; c += THREADS_PER_ROW)
            y[c] = expf(x[c] - m) / s;
    }
}
