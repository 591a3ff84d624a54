// The yardstick for matmul_f16: cuBLAS on the same shape and types (fp16 A and B, fp32 C and
// accumulation, row-major), timed as `klens autotune` times a kernel: warm-up, then repeats each
// after overwriting a 256 MiB buffer (L2 flushed), one event pair per repeat, the median.
// Built and run by scripts/gpu-check.sh: nvcc -O2 -o cublas_hgemm cublas_hgemm.cu -lcublas
// Usage: cublas_hgemm M N K   ->  prints "cublas_hgemm M N K median_ms p20_ms p80_ms tflops"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                                                             \
    do {                                                                                                     \
        auto r_ = (x);                                                                                       \
        if (r_ != 0) {                                                                                       \
            std::fprintf(stderr, "%s failed: %d (line %d)\n", #x, int(r_), __LINE__);                        \
            std::exit(2);                                                                                    \
        }                                                                                                    \
    } while (0)

static double quantile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    const double pos = q * double(v.size() - 1);
    const size_t lo = size_t(pos), hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
}

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: cublas_hgemm M N K\n");
        return 2;
    }
    const int m = std::atoi(argv[1]), n = std::atoi(argv[2]), k = std::atoi(argv[3]);
    std::vector<__half> ha(size_t(m) * k), hb(size_t(k) * n);
    for (size_t i = 0; i < ha.size(); ++i)
        ha[i] = __float2half(float(int(i % 7) - 3) / 4);
    for (size_t i = 0; i < hb.size(); ++i)
        hb[i] = __float2half(float(int(i % 5) - 2) / 4);
    __half *a, *b;
    float* c;
    char* flush;
    const size_t flushBytes = 256u << 20;
    CHECK(cudaMalloc(&a, ha.size() * 2));
    CHECK(cudaMalloc(&b, hb.size() * 2));
    CHECK(cudaMalloc(&c, size_t(m) * n * 4));
    CHECK(cudaMalloc(&flush, flushBytes));
    CHECK(cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice));
    cublasHandle_t h;
    CHECK(cublasCreate(&h));
    const float alpha = 1, beta = 0;
    // Row-major C = A B is column-major C^T = B^T A^T: swap the operands and M with N.
    auto gemm = [&] {
        CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, b, CUDA_R_16F, n, a, CUDA_R_16F, k,
                           &beta, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };
    for (int i = 0; i < 20; ++i)
        gemm();
    CHECK(cudaDeviceSynchronize());
    const int repeats = 100;
    std::vector<cudaEvent_t> start(repeats), end(repeats);
    for (int i = 0; i < repeats; ++i) {
        CHECK(cudaEventCreate(&start[i]));
        CHECK(cudaEventCreate(&end[i]));
        CHECK(cudaMemsetAsync(flush, 0, flushBytes));
        CHECK(cudaEventRecord(start[i]));
        gemm();
        CHECK(cudaEventRecord(end[i]));
    }
    CHECK(cudaDeviceSynchronize());
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        float t = 0;
        CHECK(cudaEventElapsedTime(&t, start[i], end[i]));
        ms.push_back(t);
    }
    const double med = quantile(ms, 0.5);
    std::printf("cublas_hgemm %d %d %d %.5f %.5f %.5f %.2f\n", m, n, k, med, quantile(ms, 0.2),
                quantile(ms, 0.8), 2.0 * m * n * k / (med * 1e-3) / 1e12);
    return 0;
}
