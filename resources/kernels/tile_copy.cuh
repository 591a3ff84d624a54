// The pieces the two fp16 GEMMs (matmul_f16.cu, matmul_f16_wgmma.cu) share: shared-memory
// addresses, the cp.async ring's copy / commit / wait, and the guarded store of a pair of floats.
// Inline PTX, so no toolkit header is needed (NVRTC from a Python wheel has none). Found by NVRTC
// next to the including source; KernelLens's cache key hashes it with the source.
#pragma once

typedef unsigned int u32;
typedef unsigned short u16;

static __device__ __forceinline__ u32 sharedAddress(const void* p)
{
    u32 a;
    asm("{\n\t.reg .u64 s;\n\tcvta.to.shared.u64 s, %1;\n\tcvt.u32.u64 %0, s;\n\t}" : "=r"(a) : "l"(p));
    return a;
}

// 16 bytes global -> shared, asynchronously; with `valid` false nothing is read and the 16 bytes
// are zeros (src-size 0). `src` must still be a global address.
static __device__ __forceinline__ void copy16(u32 dst, const void* src, bool valid)
{
    asm volatile("{\n\t"
                 ".reg .u64 g;\n\t"
                 "cvta.to.global.u64 g, %1;\n\t"
                 "cp.async.cg.shared.global [%0], [g], 16, %2;\n\t"
                 "}" ::"r"(dst),
                 "l"(src), "r"(valid ? 16 : 0)
                 : "memory");
}

static __device__ __forceinline__ void copyCommit()
{
    asm volatile("cp.async.commit_group;" ::: "memory");
}

// Waits until at most N of this thread's committed copy groups are still in flight.
template <int N> static __device__ __forceinline__ void copyWait()
{
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

// Two adjacent floats of row `row` from column `col` (even), guarded at the edges.
static __device__ __forceinline__ void storePair(float* C, int M, int N, int row, int col, float x, float y)
{
    if (row >= M)
        return;
    float* p = C + (long long)row * N + col;
    if (col + 1 < N && (N & 1) == 0) {
        asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(x), "f"(y) : "memory");
    } else {
        if (col < N)
            p[0] = x;
        if (col + 1 < N)
            p[1] = y;
    }
}
