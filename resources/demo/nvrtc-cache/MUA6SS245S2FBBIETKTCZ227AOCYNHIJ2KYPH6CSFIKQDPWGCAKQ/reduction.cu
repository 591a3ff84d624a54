// out[0] = sum of in[0 .. n) (fp32), in one launch for any n >= 0. Spec: reduction.json.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   BLOCK_SIZE        threads per block, a multiple of 32 up to 1024
//   ITEMS_PER_THREAD  loads each thread issues per step of its grid-stride loop
// The spec's MAX_BLOCKS parameter only caps the grid (the source ignores it).
//
// Each block sums a grid-strided share of the input and stores it in partials[blockIdx.x];
// the block that finishes last (a ticket taken with atomicAdd on counter[0]) adds the partials
// in index order, writes out[0] and sets counter[0] back to 0, so the kernel can be launched
// again without host work. The result does not depend on block scheduling: the same
// configuration always adds in the same order. partials must hold gridDim.x floats and
// counter[0] must be 0 before the first launch.

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif
#ifndef ITEMS_PER_THREAD
#define ITEMS_PER_THREAD 4
#endif

#if BLOCK_SIZE % 32 != 0 || BLOCK_SIZE > 1024
#error "BLOCK_SIZE must be a multiple of 32 up to 1024"
#endif

#define NUM_WARPS (BLOCK_SIZE / 32)

static __device__ __forceinline__ float warpSum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// The sum of v over the block, valid in thread 0. Every thread of the block must call it; it
// leaves warpSums free for the next call.
static __device__ __forceinline__ float blockSum(float v, float* warpSums)
{
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    v = warpSum(v);
    if (lane == 0)
        warpSums[warp] = v;
    __syncthreads();
    v = threadIdx.x < NUM_WARPS ? warpSums[threadIdx.x] : 0.0f;
    __syncthreads();
    if (warp == 0)
        v = warpSum(v);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
    reduce_sum(const float* __restrict__ in, float* __restrict__ out, float* __restrict__ partials,
               int* __restrict__ counter, int n)
{
    __shared__ float warpSums[NUM_WARPS];
    __shared__ bool isLastBlock;

    float sum = 0.0f;
    const long long stride = (long long)gridDim.x * BLOCK_SIZE * ITEMS_PER_THREAD;
    for (long long base = (long long)blockIdx.x * BLOCK_SIZE * ITEMS_PER_THREAD + threadIdx.x; base < n;
         base += stride) {
        float x[ITEMS_PER_THREAD];
#pragma unroll
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
            const long long idx = base + (long long)i * BLOCK_SIZE;
            x[i] = idx < n ? in[idx] : 0.0f;
        }
#pragma unroll
        for (int i = 0; i < ITEMS_PER_THREAD; ++i)
            sum += x[i];
    }

    sum = blockSum(sum, warpSums);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = sum;
        // Make the partial visible device-wide before taking a ticket, so the last block sees it.
        __threadfence();
        const int ticket = atomicAdd(counter, 1);
        isLastBlock = ticket == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (!isLastBlock)
        return;

    float total = 0.0f;
    for (int i = threadIdx.x; i < (int)gridDim.x; i += BLOCK_SIZE)
        total += __ldcg(partials + i); // from L2: other blocks wrote these, this SM's L1 may be stale
    total = blockSum(total, warpSums);
    if (threadIdx.x == 0) {
        out[0] = total;
        counter[0] = 0;
    }
}
