#include "tracemodel.h"

namespace kl::trace {

std::string_view toString(GpuKind kind)
{
    switch (kind) {
    case GpuKind::Kernel: return "kernel";
    case GpuKind::Memcpy: return "memcpy";
    case GpuKind::Memset: return "memset";
    }
    return "kernel";
}

std::string DeviceProperties::arch() const
{
    if (computeMajor < 0 || computeMinor < 0)
        return {};
    return std::to_string(computeMajor * 10 + computeMinor);
}

const DeviceProperties* Trace::device(std::int32_t id) const
{
    for (const DeviceProperties& d : devices)
        if (d.id == id)
            return &d;
    return nullptr;
}

} // namespace kl::trace
