#pragma once

// Small CUDA C++ programs the NVRTC tests compile.

inline constexpr const char* kVectorAdd = R"cu(
#ifndef SCALE
#define SCALE 1.0f
#endif
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + SCALE * b[i];
}
)cu";

// Line 3 lacks a semicolon.
inline constexpr const char* kSyntaxError = "extern \"C\" __global__ void broken(float* x)\n{\n"
                                            "    int y = 3\n    x[0] = y;\n}\n";
