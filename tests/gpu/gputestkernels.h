#pragma once

// Kernels of tst_gpulaunch (a header: moc 6.4 mis-reads some raw strings).

namespace {

inline const char* kKernels = R"(
extern "C" __global__ void scale(float* x, float f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= f;
}
extern "C" __global__ void wild_write(float* x)
{
    float* wild = (float*)0x10;
    wild[threadIdx.x] = x[0];
}
extern "C" __global__ void spin(long long cycles, int* out)
{
    long long start = clock64();
    while (clock64() - start < cycles) { }
    out[0] = 1;
}
)";

} // namespace
