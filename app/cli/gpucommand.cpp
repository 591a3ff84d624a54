#include "clioutput.h"
#include "command.h"
#include "gpu/gpustatus.h"
#include "gpu/gpustatusjson.h"

#include <cstdio>

namespace kl::cli {

/// `klens gpu`: the CUDA driver and its devices. Exit 0 with at least one device, 3 when there is
/// no usable GPU (no driver, a driver that does not start, no device, or a build without CUDA).
int runGpu(bool json);

int runGpu(bool json)
{
    const GpuStatus s = gpuStatus();
    if (json) {
        writeGpuStatusJson(s, stdout);
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
