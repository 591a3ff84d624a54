#include "hostbuffer.h"

#include "half.h"
#include "launchplan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kl {
namespace {

std::uint64_t splitmix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Uniform in [0, 1) from the top 53 bits.
double unit(std::uint64_t& state)
{
    return double(splitmix64(state) >> 11) * 0x1.0p-53;
}

template <class T> std::span<T> view(auto& variant)
{
    if (auto* v = std::get_if<std::vector<std::remove_const_t<T>>>(&variant))
        return {v->data(), v->size()};
    return {};
}

template <class F> void withTypedView(HostBuffer& b, F&& f)
{
    switch (b.type()) {
    case DataType::F16: f(b.f16(), [](double v) { return floatToHalf(float(v)); }); break;
    case DataType::F32: f(b.f32(), [](double v) { return float(v); }); break;
    case DataType::F64: f(b.f64(), [](double v) { return v; }); break;
    case DataType::I32: f(b.i32(), [](double v) { return std::int32_t(v); }); break;
    case DataType::I64: f(b.i64(), [](double v) { return std::int64_t(v); }); break;
    }
}

} // namespace

HostBuffer::HostBuffer(DataType type, std::uint64_t count)
    : m_type(type)
{
    switch (type) {
    case DataType::F32: m_values = std::vector<float>(count); break;
    case DataType::F16: m_values = std::vector<std::uint16_t>(count); break;
    case DataType::F64: m_values = std::vector<double>(count); break;
    case DataType::I32: m_values = std::vector<std::int32_t>(count); break;
    case DataType::I64: m_values = std::vector<std::int64_t>(count); break;
    }
}

std::uint64_t HostBuffer::count() const
{
    return std::visit([](const auto& v) { return std::uint64_t(v.size()); }, m_values);
}

const void* HostBuffer::data() const
{
    return std::visit([](const auto& v) { return static_cast<const void*>(v.data()); }, m_values);
}

void* HostBuffer::data()
{
    return std::visit([](auto& v) { return static_cast<void*>(v.data()); }, m_values);
}

double HostBuffer::get(std::uint64_t i) const
{
    switch (m_type) {
    case DataType::F16: return halfToFloat(f16()[i]);
    case DataType::F32: return f32()[i];
    case DataType::F64: return f64()[i];
    case DataType::I32: return i32()[i];
    case DataType::I64: return double(i64()[i]);
    }
    return 0;
}

void HostBuffer::set(std::uint64_t i, double v)
{
    switch (m_type) {
    case DataType::F16: f16()[i] = floatToHalf(float(v)); break;
    case DataType::F32: f32()[i] = float(v); break;
    case DataType::F64: f64()[i] = v; break;
    case DataType::I32: i32()[i] = std::int32_t(v); break;
    case DataType::I64: i64()[i] = std::int64_t(v); break;
    }
}

std::span<float> HostBuffer::f32()
{
    return view<float>(m_values);
}
std::span<const float> HostBuffer::f32() const
{
    return view<const float>(m_values);
}
std::span<std::uint16_t> HostBuffer::f16()
{
    return view<std::uint16_t>(m_values);
}
std::span<const std::uint16_t> HostBuffer::f16() const
{
    return view<const std::uint16_t>(m_values);
}
std::span<double> HostBuffer::f64()
{
    return view<double>(m_values);
}
std::span<const double> HostBuffer::f64() const
{
    return view<const double>(m_values);
}
std::span<std::int32_t> HostBuffer::i32()
{
    return view<std::int32_t>(m_values);
}
std::span<const std::int32_t> HostBuffer::i32() const
{
    return view<const std::int32_t>(m_values);
}
std::span<std::int64_t> HostBuffer::i64()
{
    return view<std::int64_t>(m_values);
}
std::span<const std::int64_t> HostBuffer::i64() const
{
    return view<const std::int64_t>(m_values);
}

void fillBuffer(HostBuffer& buffer, const BufferFill& fill, std::uint64_t streamSeed)
{
    const bool integral = buffer.type() == DataType::I32 || buffer.type() == DataType::I64;
    std::uint64_t state = streamSeed;
    auto fillWith = [&buffer](auto next) {
        withTypedView(buffer, [&next](auto values, auto toElement) {
            for (auto& x : values)
                x = toElement(next());
        });
    };
    switch (fill.kind) {
    case FillKind::Zero: fillWith([] { return 0.0; }); return;
    case FillKind::Poison: {
        const double poison = !integral ? std::numeric_limits<double>::quiet_NaN()
                              : buffer.type() == DataType::I32
                                  ? double(std::numeric_limits<std::int32_t>::min())
                                  : double(std::numeric_limits<std::int64_t>::min());
        fillWith([poison] { return poison; });
        return;
    }
    case FillKind::UniformInt: {
        const double lo = std::ceil(fill.low);
        const auto span = std::uint64_t(std::max(0.0, std::floor(fill.high) - lo)) + 1;
        // Modulo bias is below 2^-40 for the small ranges specs use; determinism matters more.
        fillWith([&state, lo, span] { return lo + double(splitmix64(state) % span); });
        return;
    }
    case FillKind::Uniform:
        fillWith([&state, &fill, integral] {
            const double v = fill.low + (fill.high - fill.low) * unit(state);
            return integral ? std::floor(v) : v;
        });
        return;
    }
}

std::vector<HostBuffer> makeHostBuffers(const KernelSpec& spec, const LaunchPlan& plan, std::uint64_t seed)
{
    std::vector<HostBuffer> out;
    out.reserve(spec.arguments.size());
    for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
        const KernelArgument& a = spec.arguments[i];
        if (a.kind == ArgumentKind::Scalar || i >= plan.arguments.size()) {
            out.emplace_back(a.type, 0);
            continue;
        }
        HostBuffer b(a.type, plan.arguments[i].count);
        std::uint64_t mix = seed ^ (0xd1b54a32d192ed03ull * (i + 1));
        fillBuffer(b, a.fill, splitmix64(mix));
        out.push_back(std::move(b));
    }
    return out;
}

} // namespace kl
