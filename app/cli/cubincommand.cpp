#include "clioutput.h"
#include "command.h"
#include "core/cubin/cubininfo.h"
#include "core/cubin/cubininfojson.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <string>
#include <vector>

namespace kl::cli {

struct CubinArgs {
    std::string target;             ///< a cubin file, or an entry (folder path or name prefix)
    std::vector<std::string> roots; ///< where to look a prefix up; empty: the effective roots
    bool json = false;
};

/// `klens cubin`: per-kernel resources of a cubin, read without a GPU. Returns the exit code.
int runCubin(const CubinArgs& args);

namespace {

std::string orDash(const std::optional<std::uint32_t>& v)
{
    return v ? std::to_string(*v) : "-";
}

std::string dim3(const std::optional<std::array<std::uint32_t, 3>>& v)
{
    if (!v)
        return "-";
    return std::to_string((*v)[0]) + "x" + std::to_string((*v)[1]) + "x" + std::to_string((*v)[2]);
}

/// "16/64  100% registers,warps": active blocks and warps per SM at the launch, and what binds.
std::string occupancyText(unsigned sm, const CubinKernel& k, const LaunchShape& launch)
{
    const OccupancyResult r = kernelOccupancy(sm, k, launch);
    if (!r.ok)
        return "-";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%u/%u %3.0f%% %s", r.value.activeBlocksPerSm, r.value.activeWarpsPerSm,
                  r.value.occupancy * 100.0, r.value.limitedBy.c_str());
    return buf;
}

void printInfo(const std::string& path, const CubinInfo& info, const LaunchShape& launch)
{
    std::printf("%s\n  sm_%u, ELF ABI version %u, e_flags 0x%x", printableName(path).c_str(), info.sm,
                info.abiVersion, info.flags);
    if (info.cudaApiVersion)
        std::printf(", CUDA API %u.%u", *info.cudaApiVersion / 10, *info.cudaApiVersion % 10);
    std::printf("\n");
    if (!info.fileType.empty())
        std::printf("  %s\n", info.fileType.c_str());
    if (launch.blockSize)
        std::printf(
            "  launched with %u threads per block and %llu bytes of dynamic shared memory (entry metadata)\n",
            *launch.blockSize, static_cast<unsigned long long>(launch.dynamicSharedBytes));
    std::printf("\n%-32s %5s %9s %9s %7s %7s %9s %7s  %-26s %s\n", "kernel", "regs", "block", "maxthr",
                "frame", "stack", "smem", "code", "blocks/warps per SM", "constant banks");
    for (const CubinKernel& k : info.kernels) {
        std::string banks;
        for (const auto& [bank, bytes] : k.constantBanks)
            banks += (banks.empty() ? "c" : ", c") + std::to_string(bank) + ":" + std::to_string(bytes);
        std::printf("%s %5s %9s %9s %7s %7s %9llu %7llu  %-26s %s\n",
                    column(printableName(k.name), 32).c_str(), orDash(k.registers).c_str(),
                    dim3(k.reqNtid).c_str(), dim3(k.maxThreads).c_str(), orDash(k.frameSize).c_str(),
                    orDash(k.maxStackSize).c_str(), static_cast<unsigned long long>(k.staticSharedBytes),
                    static_cast<unsigned long long>(k.codeBytes), occupancyText(info.sm, k, launch).c_str(),
                    banks.c_str());
    }
    if (info.kernels.empty())
        std::printf("(no kernels: no .text.<name> sections)\n");
}

} // namespace

int runCubin(const CubinArgs& args)
{
    std::string path;
    LaunchShape launch;
    if (!resolveCubinPath(args.target, args.roots, path, &launch))
        return ExitError;
    const CubinResult r = readCubinInfo(path);
    if (!r.ok) {
        printError(printableName(path) + ": " + r.error.english() +
                   (r.info.fileType.empty() ? "" : " (libmagic: " + r.info.fileType + ")"));
        return ExitError;
    }
    if (args.json)
        writeCubinInfoJson(path, r.info, launch, stdout);
    else
        printInfo(path, r.info, launch);
    return ExitOk;
}

void addCubinCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<CubinArgs>();
    auto* cmd =
        app.add_subcommand("cubin", "Per-kernel registers, shared memory and limits of a cubin (no GPU)");
    cmd->add_option("TARGET", args->target, "A .cubin file, or an entry (folder or unique name prefix)")
        ->required();
    cmd->add_option("--root", args->roots, "Where to look a prefix up (default: the effective roots)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.cubin/1)");
    out.push_back({cmd, [args] { return runCubin(*args); }});
}

} // namespace kl::cli
