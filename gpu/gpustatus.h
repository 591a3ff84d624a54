#pragma once

// What the front ends ask of the GPU side without seeing cuda.h: is there a driver, which
// devices. Builds and answers (with the reason) where the toolkit or the driver is missing.

#include "core/util/text.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

struct GpuDeviceInfo {
    int ordinal = 0;
    std::string name;
    int ccMajor = 0;
    int ccMinor = 0;
    int smCount = 0;
    std::uint64_t totalMemory = 0; ///< bytes
    int clockKHz = 0;              ///< SM clock
    int memoryClockKHz = 0;
    int memoryBusWidthBits = 0;
    int l2CacheBytes = 0;
    int maxThreadsPerBlock = 0;
    int maxSharedPerBlockOptin = 0; ///< bytes a block may opt in to
    int maxRegistersPerBlock = 0;
    std::string pciBusId; ///< "0000:17:00.0"
    /// Peak DRAM bandwidth from the memory clock and bus width (double data rate), GB/s (1e9).
    double peakBandwidthGBs() const;
    /// "sm_90": the arch NVRTC should compile for.
    std::string arch() const;
};

struct GpuStatus {
    bool available = false; ///< a driver that started and at least one device
    Text reason;            ///< when not: "no CUDA driver (libcuda.so.1: cannot open ...)"
    std::string library;    ///< the driver library opened
    int driverVersion = 0;  ///< e.g. 13000
    std::vector<GpuDeviceInfo> devices;
};

/// Loads the driver (once per process) and lists the devices. Never throws, never aborts.
GpuStatus gpuStatus();

/// "13.0" from 13000.
std::string cudaVersionText(int version);

/// Whether this build can drive a GPU at all (false: built without the CUDA Toolkit's cuda.h).
bool gpuSupportBuilt();

} // namespace kl
