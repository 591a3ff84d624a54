#include "clioutput.h"
#include "command.h"
#include "core/fs/envreport.h"
#include "core/fs/fsjson.h"
#include "fscommand.h"

namespace kl::cli {

struct EnvArgs {
    bool json = false;
};

/// `klens env`: the effective folders with their health, the cache-invalidating variables set
/// now and the installed Triton. Returns 1 when a folder got a warning.
int runEnv(const EnvArgs& args);

int runEnv(const EnvArgs& args)
{
    const EnvReport report = buildEnvReport(Environment::current());
    if (args.json) {
        writeEnvJson(report, stdout);
    } else {
        std::printf("Folders\n\n");
        for (const FolderHealth& h : report.folders) {
            printFolderHealth(h, false);
            std::printf("\n");
        }
        std::printf("Cache-invalidating variables set now\n");
        if (report.cacheEnvVars.empty())
            std::printf("  (none)\n");
        for (const EnvVarSetting& v : report.cacheEnvVars)
            std::printf("  %s=%s%s\n", v.name.c_str(), v.value.c_str(),
                        v.current ? "" : "  (an older Triton's name)");
        std::printf("\nTriton\n");
        if (report.triton.found)
            std::printf("  %s  (%s)\n", report.triton.version.c_str(), report.triton.python.c_str());
        else
            std::printf("  not found: %s\n", report.triton.error.english().c_str());
    }
    std::fflush(stdout);
    return hasWarnings(report.folders) ? ExitProblems : ExitOk;
}

void addEnvCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<EnvArgs>();
    auto* cmd = app.add_subcommand("env", "The folders Triton, Inductor and DeepSpeed would use here with "
                                          "their filesystem health, the cache-invalidating variables set "
                                          "now, and the installed Triton");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.env/1)");
    out.push_back({cmd, [args] { return runEnv(*args); }});
}

} // namespace kl::cli
