#include "gpustatus.h"

namespace kl {

double GpuDeviceInfo::peakBandwidthGBs() const
{
    return 2.0 * memoryClockKHz * 1e3 * (memoryBusWidthBits / 8.0) / 1e9;
}

std::string GpuDeviceInfo::arch() const
{
    return "sm_" + std::to_string(ccMajor) + std::to_string(ccMinor);
}

std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

} // namespace kl
