#include "gpustatusjson.h"

#include "core/util/jsonwriter.h"

namespace kl {

void writeGpuStatusJson(const GpuStatus& s, std::FILE* out)
{
    json::writeDocument(out, [&](json::Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.gpu/1");
        w.Key("available");
        w.Bool(s.available);
        json::strOrNull(w, "reason", s.reason);
        json::strOrNull(w, "library", s.library);
        w.Key("driver_version");
        if (s.driverVersion)
            json::str(w, cudaVersionText(s.driverVersion));
        else
            w.Null();
        w.Key("devices");
        w.StartArray();
        for (const GpuDeviceInfo& d : s.devices) {
            w.StartObject();
            w.Key("ordinal");
            w.Int(d.ordinal);
            w.Key("name");
            json::str(w, d.name);
            w.Key("arch");
            json::str(w, d.arch());
            w.Key("sm_count");
            w.Int(d.smCount);
            w.Key("memory_bytes");
            w.Uint64(d.totalMemory);
            w.Key("clock_khz");
            w.Int(d.clockKHz);
            w.Key("memory_clock_khz");
            w.Int(d.memoryClockKHz);
            w.Key("memory_bus_bits");
            w.Int(d.memoryBusWidthBits);
            w.Key("peak_bandwidth_gbs");
            w.Double(d.peakBandwidthGBs());
            w.Key("l2_bytes");
            w.Int(d.l2CacheBytes);
            w.Key("max_threads_per_block");
            w.Int(d.maxThreadsPerBlock);
            w.Key("max_shared_per_block_optin");
            w.Int(d.maxSharedPerBlockOptin);
            w.Key("pci_bus_id");
            json::str(w, d.pciBusId);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
