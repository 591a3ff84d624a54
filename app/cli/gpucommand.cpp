#include "gpucommand.h"

#include "clioutput.h"
#include "command.h"
#include "gpustatus.h"
#include "util/jsonwriter.h"

#include <cstdio>

namespace kl::cli {
namespace {

void writeJson(const GpuStatus& s)
{
    json::writeDocument(stdout, [&](json::Writer& w) {
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

} // namespace

int runGpu(bool json)
{
    const GpuStatus s = gpuStatus();
    if (json) {
        writeJson(s);
        return s.available ? ExitOk : ExitNoGpu;
    }
    if (!s.available) {
        printError(s.reason.english());
        return ExitNoGpu;
    }
    std::printf("CUDA driver %s (%s), %zu device%s\n", cudaVersionText(s.driverVersion).c_str(),
                s.library.c_str(), s.devices.size(), s.devices.size() == 1 ? "" : "s");
    for (const GpuDeviceInfo& d : s.devices) {
        std::printf("  %d  %s  %s  %d SMs  %s  SM %d MHz  memory %d MHz x %d bit (%.0f GB/s peak)\n",
                    d.ordinal, d.name.c_str(), d.arch().c_str(), d.smCount, humanSize(d.totalMemory).c_str(),
                    d.clockKHz / 1000, d.memoryClockKHz / 1000, d.memoryBusWidthBits, d.peakBandwidthGBs());
        std::printf("     L2 %s, %d threads and %s shared a block at most, PCI %s\n",
                    humanSize(static_cast<std::uint64_t>(d.l2CacheBytes)).c_str(), d.maxThreadsPerBlock,
                    humanSize(static_cast<std::uint64_t>(d.maxSharedPerBlockOptin)).c_str(),
                    d.pciBusId.c_str());
    }
    return ExitOk;
}

void addGpuCommand(CLI::App& app, Commands& out)
{
    auto json = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand("gpu", "The CUDA driver and devices (exit 3: no usable GPU)");
    cmd->add_flag("--json", *json, "Print the documented JSON (schema kernellens.gpu/1)");
    out.push_back({cmd, [json] { return runGpu(*json); }});
}

} // namespace kl::cli
