// c[i] = a[i] + b[i] for i < n (fp32). Spec: vector_add.json.
//
// Tunable parameters, compiled in with -D (the defaults below are the spec's defaults):
//   BLOCK_SIZE        threads per block
//   ITEMS_PER_THREAD  vectors each thread handles (loads are issued before the adds, for
//                     memory-level parallelism)
//   VEC               floats per load/store: 1, 2 or 4. With 2 or 4 the buffers must be
//                     aligned to 8 or 16 bytes (cuMemAlloc gives 256).
// One block covers BLOCK_SIZE * ITEMS_PER_THREAD * VEC consecutive elements; the grid is
// ceil(n / that). Any n works: the last block falls back to guarded scalar accesses.

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif
#ifndef ITEMS_PER_THREAD
#define ITEMS_PER_THREAD 4
#endif
#ifndef VEC
#define VEC 4
#endif

#if VEC == 4
typedef float4 vec_t;
static __device__ __forceinline__ float4 add(float4 x, float4 y)
{
    return make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
}
#elif VEC == 2
typedef float2 vec_t;
static __device__ __forceinline__ float2 add(float2 x, float2 y) { return make_float2(x.x + y.x, x.y + y.y); }
#elif VEC == 1
typedef float vec_t;
static __device__ __forceinline__ float add(float x, float y) { return x + y; }
#else
#error "VEC must be 1, 2 or 4"
#endif

#define ELEMS_PER_BLOCK (BLOCK_SIZE * ITEMS_PER_THREAD * VEC)

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
    vector_add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n)
{
    const long long blockStart = (long long)blockIdx.x * ELEMS_PER_BLOCK;
    if (blockStart + ELEMS_PER_BLOCK <= n) {
        // Whole block in range: unguarded vector accesses, a warp's item contiguous in memory.
        vec_t x[ITEMS_PER_THREAD], y[ITEMS_PER_THREAD];
#pragma unroll
        for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
            const long long i = blockStart + ((long long)item * BLOCK_SIZE + threadIdx.x) * VEC;
            x[item] = *reinterpret_cast<const vec_t*>(a + i);
            y[item] = *reinterpret_cast<const vec_t*>(b + i);
        }
#pragma unroll
        for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
            const long long i = blockStart + ((long long)item * BLOCK_SIZE + threadIdx.x) * VEC;
            *reinterpret_cast<vec_t*>(c + i) = add(x[item], y[item]);
        }
        return;
    }
    // The tail block: the same element mapping, one guarded element at a time.
#pragma unroll
    for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
        const long long i = blockStart + ((long long)item * BLOCK_SIZE + threadIdx.x) * VEC;
#pragma unroll
        for (int v = 0; v < VEC; ++v) {
            if (i + v < n)
                c[i + v] = a[i + v] + b[i + v];
        }
    }
}
