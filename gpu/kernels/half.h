#pragma once

#include <cstdint>

namespace kl {

/// IEEE 754 binary16 <-> binary32, as the GPU's cvt.rn.f16.f32 and cvt.f32.f16 do: round to
/// nearest even, subnormals kept, overflow to infinity, NaN stays NaN (quiet). Written out here
/// because C++20 has no standard half type (std::float16_t is C++23) and core stays CUDA-free;
/// tests/kernels checks every value against the compiler's _Float16 where it has one.
std::uint16_t floatToHalf(float f);
float halfToFloat(std::uint16_t h);

} // namespace kl
