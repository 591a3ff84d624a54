#pragma once

#include "kernelspec.h"

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

namespace kl {

struct LaunchPlan;

/// A host copy of one kernel argument's buffer in the device's element layout (f16 as IEEE half
/// bits), ready to copy to and from device memory as `byteSize()` bytes at `data()`.
class HostBuffer {
public:
    HostBuffer() = default;
    HostBuffer(DataType type, std::uint64_t count);

    DataType type() const { return m_type; }
    std::uint64_t count() const;
    std::uint64_t byteSize() const { return count() * dataTypeSize(m_type); }
    const void* data() const;
    void* data();

    /// Element i converted to double (f16 through halfToFloat) / set from a double (rounded to
    /// the element type; f16 round to nearest even).
    double get(std::uint64_t i) const;
    void set(std::uint64_t i, double v);

    /// Typed views; empty when the buffer holds another type.
    std::span<float> f32();
    std::span<const float> f32() const;
    std::span<std::uint16_t> f16(); ///< half bits
    std::span<const std::uint16_t> f16() const;
    std::span<double> f64();
    std::span<const double> f64() const;
    std::span<std::int32_t> i32();
    std::span<const std::int32_t> i32() const;
    std::span<std::int64_t> i64();
    std::span<const std::int64_t> i64() const;

private:
    DataType m_type = DataType::F32;
    std::variant<std::vector<float>, std::vector<std::uint16_t>, std::vector<double>,
                 std::vector<std::int32_t>, std::vector<std::int64_t>>
        m_values;
};

/// One host buffer per spec argument (scalars get an empty one), sized by the plan and filled as
/// each buffer's `fill` says. Deterministic: the same seed, spec and plan give the same bytes on
/// every machine (a splitmix64 stream per argument, seeded from `seed` and the argument's index;
/// no std:: distributions, whose output differs between standard libraries).
std::vector<HostBuffer> makeHostBuffers(const KernelSpec& spec, const LaunchPlan& plan, std::uint64_t seed);

/// Fills `buffer` as `fill` says, from the stream `streamSeed` selects.
void fillBuffer(HostBuffer& buffer, const BufferFill& fill, std::uint64_t streamSeed);

} // namespace kl
