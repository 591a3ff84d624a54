#include "gpustatus.h"

#include "cudaapi.h"

#include <cstdio>

namespace kl {

bool gpuSupportBuilt()
{
    return true;
}

GpuStatus gpuStatus()
{
    GpuStatus s;
    const CudaDriver& d = cudaDriver();
    s.library = d.library;
    if (!d.ok) {
        s.reason = d.error;
        return s;
    }
    s.driverVersion = d.version;
    const CudaApi& api = d.api;
    int count = 0;
    if (CUresult r = api.cuDeviceGetCount(&count); r != CUDA_SUCCESS) {
        s.reason = cudaCallError(&api, "cuDeviceGetCount", r);
        return s;
    }
    if (count == 0) {
        s.reason = Text::of(KL_TEXT("kl::gpu", "no CUDA device (the driver %1 sees none)"),
                            cudaVersionText(d.version));
        return s;
    }
    for (int i = 0; i < count; ++i) {
        CUdevice dev = 0;
        if (CUresult r = api.cuDeviceGet(&dev, i); r != CUDA_SUCCESS) {
            s.reason = cudaCallError(&api, "cuDeviceGet(" + std::to_string(i) + ")", r);
            return s;
        }
        GpuDeviceInfo info;
        info.ordinal = i;
        char name[256] = {};
        api.cuDeviceGetName(name, sizeof name - 1, dev);
        info.name = name;
        auto attr = [&](CUdevice_attribute a) {
            int v = 0;
            return api.cuDeviceGetAttribute(&v, a, dev) == CUDA_SUCCESS ? v : 0;
        };
        info.ccMajor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        info.ccMinor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        info.smCount = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        info.clockKHz = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
        info.memoryClockKHz = attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
        info.memoryBusWidthBits = attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
        info.l2CacheBytes = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
        info.maxThreadsPerBlock = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
        info.maxSharedPerBlockOptin = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
        info.maxRegistersPerBlock = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
        char bus[32];
        std::snprintf(bus, sizeof bus, "%04x:%02x:%02x.0", attr(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
                      attr(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID), attr(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID));
        info.pciBusId = bus;
        std::size_t total = 0;
        if (api.cuDeviceTotalMem(&total, dev) == CUDA_SUCCESS)
            info.totalMemory = total;
        s.devices.push_back(std::move(info));
    }
    s.available = true;
    return s;
}

} // namespace kl
