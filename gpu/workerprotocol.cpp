#include "workerprotocol.h"

#include <cstring>

namespace kl::protocol {
namespace {

bool returnedByLaunch(const KernelArgument& a)
{
    return a.kind == ArgumentKind::Buffer && a.role != ArgumentRole::In;
}

bool readBuffer(wire::Reader& r, HostBuffer& b)
{
    std::uint8_t type = 0;
    std::uint64_t count = 0;
    std::string_view data;
    if (!r.u8(type) || type > static_cast<std::uint8_t>(DataType::I64) || !r.u64(count) || !r.view(data))
        return false;
    b = HostBuffer(static_cast<DataType>(type), count);
    if (data.size() != b.byteSize())
        return false;
    if (!data.empty())
        std::memcpy(b.data(), data.data(), data.size());
    return true;
}

void writeBuffer(wire::Writer& w, const HostBuffer& b)
{
    w.u8(static_cast<std::uint8_t>(b.type()));
    w.u64(b.count());
    w.bytes(std::string_view(static_cast<const char*>(b.data()), b.byteSize()));
}

} // namespace

void writeInfo(wire::Writer& w, const LoadedKernelInfo& info)
{
    for (int v : {info.registers, info.localBytes, info.staticSharedBytes, info.maxThreadsPerBlock})
        w.u64(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
}

bool readInfo(wire::Reader& r, LoadedKernelInfo& info)
{
    for (int* v : {&info.registers, &info.localBytes, &info.staticSharedBytes, &info.maxThreadsPerBlock}) {
        std::uint64_t x = 0;
        if (!r.u64(x))
            return false;
        *v = static_cast<int>(static_cast<std::int64_t>(x));
    }
    return true;
}

void writeLaunch(wire::Writer& w, const KernelSpec& spec, const LaunchPlan& plan, double timeBoundMs,
                 const std::vector<HostBuffer>* inputs)
{
    w.u8(static_cast<std::uint8_t>(wire::Op::Launch));
    w.u32(static_cast<std::uint32_t>(spec.arguments.size()));
    for (const KernelArgument& a : spec.arguments) {
        w.bytes(a.name);
        w.u8(static_cast<std::uint8_t>(a.kind));
        w.u8(static_cast<std::uint8_t>(a.type));
        w.u8(static_cast<std::uint8_t>(a.role));
    }
    for (std::uint32_t v : plan.grid)
        w.u32(v);
    for (std::uint32_t v : plan.block)
        w.u32(v);
    w.u32(plan.sharedBytes);
    w.u32(static_cast<std::uint32_t>(plan.arguments.size()));
    for (const ResolvedArgument& a : plan.arguments) {
        w.u64(a.count);
        w.u64(a.bytes);
        w.f64(a.value);
        w.raw(a.scalarBytes.data(), a.scalarBytes.size());
    }
    w.f64(timeBoundMs);
    w.u8(inputs ? 1 : 0);
    if (inputs) {
        w.u32(static_cast<std::uint32_t>(inputs->size()));
        for (const HostBuffer& b : *inputs)
            writeBuffer(w, b);
    }
}

bool readLaunch(wire::Reader& r, LaunchRequest& q, std::vector<HostBuffer>& inputs)
{
    std::uint32_t n = 0;
    if (!r.u32(n) || n > 4096)
        return false;
    q.spec.arguments.resize(n);
    for (KernelArgument& a : q.spec.arguments) {
        std::uint8_t kind = 0, type = 0, role = 0;
        if (!r.bytes(a.name) || !r.u8(kind) || !r.u8(type) || !r.u8(role) ||
            kind > static_cast<std::uint8_t>(ArgumentKind::Scalar) ||
            type > static_cast<std::uint8_t>(DataType::I64) ||
            role > static_cast<std::uint8_t>(ArgumentRole::Scratch))
            return false;
        a.kind = static_cast<ArgumentKind>(kind);
        a.type = static_cast<DataType>(type);
        a.role = static_cast<ArgumentRole>(role);
    }
    for (std::uint32_t& v : q.plan.grid)
        if (!r.u32(v))
            return false;
    for (std::uint32_t& v : q.plan.block)
        if (!r.u32(v))
            return false;
    std::uint32_t resolved = 0;
    if (!r.u32(q.plan.sharedBytes) || !r.u32(resolved) || resolved != n)
        return false;
    q.plan.arguments.resize(resolved);
    for (ResolvedArgument& a : q.plan.arguments)
        if (!r.u64(a.count) || !r.u64(a.bytes) || !r.f64(a.value) ||
            !r.raw(a.scalarBytes.data(), a.scalarBytes.size()))
            return false;
    std::uint8_t withInputs = 0;
    if (!r.f64(q.timeBoundMs) || !r.u8(withInputs))
        return false;
    if (withInputs) {
        std::uint32_t count = 0;
        if (!r.u32(count) || count > 4096)
            return false;
        inputs.assign(count, HostBuffer());
        for (HostBuffer& b : inputs)
            if (!readBuffer(r, b))
                return false;
    }
    return inputs.size() == n;
}

void writeResults(wire::Writer& w, const KernelSpec& spec, const std::vector<HostBuffer>& results)
{
    for (std::size_t i = 0; i < spec.arguments.size() && i < results.size(); ++i)
        if (returnedByLaunch(spec.arguments[i]))
            writeBuffer(w, results[i]);
}

bool readResults(wire::Reader& r, const KernelSpec& spec, const std::vector<HostBuffer>& inputs,
                 std::vector<HostBuffer>& results)
{
    results.assign(inputs.size(), HostBuffer());
    for (std::size_t i = 0; i < spec.arguments.size() && i < results.size(); ++i) {
        if (returnedByLaunch(spec.arguments[i]) && !readBuffer(r, results[i]))
            return false;
    }
    return r.atEnd();
}

void writeBench(wire::Writer& w, const BenchOptions& o)
{
    w.u8(static_cast<std::uint8_t>(wire::Op::Time));
    w.f64(o.warmupMs);
    w.f64(o.repMs);
    w.u8(o.flushL2 ? 1 : 0);
    w.u64(o.flushBytes);
    w.u64(static_cast<std::uint64_t>(o.maxRepeats));
    w.f64(o.timeBoundMs);
}

bool readBench(wire::Reader& r, BenchOptions& o)
{
    std::uint8_t flush = 0;
    std::uint64_t repeats = 0;
    if (!r.f64(o.warmupMs) || !r.f64(o.repMs) || !r.u8(flush) || !r.u64(o.flushBytes) || !r.u64(repeats) ||
        !r.f64(o.timeBoundMs))
        return false;
    o.flushL2 = flush != 0;
    o.maxRepeats = static_cast<int>(repeats);
    return true;
}

} // namespace kl::protocol
