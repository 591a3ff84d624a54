#include "half.h"

#include <cmath>
#include <cstring>

namespace kl {
namespace {

// Drops the low `shift` bits of `value` rounding to nearest, ties to even (shift in 1..31).
std::uint32_t roundShift(std::uint32_t value, unsigned shift)
{
    const std::uint32_t kept = value >> shift;
    const std::uint32_t rest = value & ((1u << shift) - 1);
    const std::uint32_t halfway = 1u << (shift - 1);
    return kept + ((rest > halfway || (rest == halfway && (kept & 1))) ? 1 : 0);
}

} // namespace

std::uint16_t floatToHalf(float f)
{
    std::uint32_t x = 0;
    std::memcpy(&x, &f, sizeof x);
    const auto sign = std::uint16_t((x >> 16) & 0x8000u);
    const std::uint32_t exp = (x >> 23) & 0xffu;
    const std::uint32_t mant = x & 0x7fffffu;
    if (exp == 0xff) // infinity, or NaN made quiet with its top payload bits kept
        return std::uint16_t(sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0));
    const int e = int(exp) - 127 + 15; // the half exponent field, before rounding
    if (e >= 31)
        return std::uint16_t(sign | 0x7c00u);
    if (e <= 0) {
        // Half subnormal h * 2^-24 from (1.mant) * 2^(exp-127): h = M >> (14 - e) rounded, where
        // M has the implicit bit. Rounding up to 1024 lands exactly on the smallest normal.
        if (e < -10)
            return sign; // below half the smallest subnormal: rounds to zero
        return std::uint16_t(sign | roundShift(mant | 0x800000u, unsigned(14 - e)));
    }
    // A carry out of the mantissa bumps the exponent, up to infinity (0x7c00) when it overflows.
    return std::uint16_t(sign | roundShift((std::uint32_t(e) << 23) | mant, 13));
}

float halfToFloat(std::uint16_t h)
{
    const bool negative = h & 0x8000u;
    const std::uint32_t exp = (h >> 10) & 0x1fu;
    const std::uint32_t mant = h & 0x3ffu;
    if (exp == 0) {
        const float v = std::ldexp(float(mant), -24); // zero or subnormal, exact
        return negative ? -v : v;
    }
    std::uint32_t x = (negative ? 0x80000000u : 0u) | (mant << 13);
    x |= exp == 31 ? 0x7f800000u : (exp + 112) << 23;
    float f = 0;
    std::memcpy(&f, &x, sizeof f);
    return f;
}

} // namespace kl
