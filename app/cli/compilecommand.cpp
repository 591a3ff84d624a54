#include "clioutput.h"
#include "command.h"
#include "core/cubin/cubininfo.h"
#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/nvrtc/compilejson.h"
#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/tieredcompile.h"
#include "core/remote/keyformat.h"
#include "core/remote/redisendpoint.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace kl::cli {

struct CompileArgs {
    std::string file; ///< the .cu file
    std::string name; ///< entry name (default: the file's stem)
    std::string arch; ///< sm_XX
    int optLevel = 3;
    std::vector<std::string> defines;
    std::vector<std::string> includes;
    bool lineInfo = false;
    std::string standard = "c++17";
    std::string via = "nvrtc"; ///< nvrtc | nvjitlink
    std::string cache;         ///< cache root (default: defaultNvrtcCacheRoot)
    std::string outDir;        ///< also copy the .ptx and .cubin here
    std::string log;           ///< events log (default: defaultEventsLogPath)
    bool noLog = false;
    bool alwaysCompile = false;
    bool json = false;
    std::string remote; ///< the team's Redis cache (default: $KERNELLENS_REDIS_URL when set)
    bool noRemote = false;
};

/// `klens compile`: CUDA C++ through NVRTC and KernelLens's cache. Exit 0 compiled or hit,
/// 1 the compile failed (the NVRTC log is printed), 2 usage, I/O, or NVRTC unavailable.
int runCompile(const CompileArgs& args);

namespace {

std::string ms(std::int64_t us)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(us) / 1000.0);
    return buf;
}

void printStages(const CompileEvent& e)
{
    std::string list;
    for (const auto& [stage, us] : e.stagesUs)
        list += (list.empty() ? "" : ", ") + stage + " " + ms(us);
    std::printf("  time   %s (%s)\n", ms(e.totalUs).c_str(), list.c_str());
}

void printResult(const CompileArgs& args, const NvrtcCacheResult& r, CompileTier tier,
                 const std::string& server)
{
    std::printf("%s: %s\n", printableName(args.file).c_str(),
                tier == CompileTier::Remote
                    ? ("remote hit, pulled from " + server + " without compiling").c_str()
                : r.hit          ? "cache hit, loaded without compiling"
                : server.empty() ? "compiled (cache miss)"
                                 : ("compiled (missed locally and on " + server + "; pushed there)").c_str());
    if (!r.repaired.empty())
        std::printf("  repaired: the cached entry was unusable (%s) and was recompiled\n",
                    r.repaired.english().c_str());
    std::printf("  key    %s\n  entry  %s\n", r.key.hex.c_str(), printableName(r.entryPath).c_str());
    printStages(r.event);
    std::printf("  ptx    %s   cubin %s\n", humanSize(r.ptx.size()).c_str(),
                humanSize(r.cubin.size()).c_str());
    const CubinResult info =
        readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(r.cubin.data()), r.cubin.size()));
    if (info.ok)
        for (const CubinKernel& k : info.info.kernels)
            std::printf("  kernel %s: %s registers, %s shared, %s local\n", printableName(k.name).c_str(),
                        k.registers ? std::to_string(*k.registers).c_str() : "?",
                        humanSize(k.staticSharedBytes).c_str(), humanSize(k.frameSize.value_or(0)).c_str());
    for (const auto& d : r.compile.diagnostics)
        std::printf("  %s:%d: %s: %s\n", printableName(d.file).c_str(), d.line, d.severity.c_str(),
                    d.message.c_str());
}

bool writeOut(const std::string& dir, const std::string& name, const std::string& bytes)
{
    const std::string path = joinPath(dir, name);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        printError(printableName(path) + ": " + errnoText(errno));
        return false;
    }
    return true;
}

} // namespace

int runCompile(const CompileArgs& args)
{
    const ToolkitInfo& tk = toolkitInfo();
    if (!tk.nvrtc) {
        printError("compile is unavailable: " + tk.whyUnavailable.english());
        return ExitError;
    }
    NvrtcRequest req;
    req.sourcePath = args.file;
    req.name = args.name;
    auto source = readFile(args.file, 64ull << 20);
    if (!source) {
        printError(printableName(args.file) + ": " + source.error().english());
        return ExitError;
    }
    req.source = std::move(*source);
    if (args.arch.empty()) {
        printError("give the target with --arch (NVRTC " + tk.nvrtcVersion + " supports " +
                   supportedArchList() + ")");
        return ExitError;
    }
    req.options.arch = args.arch;
    req.options.optLevel = args.optLevel;
    req.options.defines = args.defines;
    req.options.includePaths = args.includes;
    req.options.lineInfo = args.lineInfo;
    req.options.standard = args.standard;
    req.options.via = args.via == "nvjitlink" ? CubinVia::NvJitLink : CubinVia::Nvrtc;
    req.alwaysCompile = args.alwaysCompile;
    if (Text why = validateArch(args.arch); !why.empty()) {
        printError(why.english());
        return ExitError;
    }

    const Environment env = Environment::current();
    const NvrtcCache cache(args.cache.empty() ? defaultNvrtcCacheRoot(env) : args.cache);
    // The team cache is a second tier: a server that cannot be reached costs a warning, never the compile.
    std::optional<remote::Client> client;
    auto format = remote::KeyFormat::parse(remote::KeyFormat::kDefault);
    const std::string remoteUrl =
        args.remote.empty() ? env.get("KERNELLENS_REDIS_URL").value_or(std::string()) : args.remote;
    if (!args.noRemote && !remoteUrl.empty()) {
        if (auto f = env.get(std::string(remote::KeyFormat::kVariable)); f && !f->empty())
            format = remote::KeyFormat::parse(*f);
        auto endpoint = remote::resolveEndpoint(remoteUrl, env);
        auto connected = !endpoint ? Result<remote::Client>(fail(endpoint.error()))
                         : !format ? Result<remote::Client>(fail(format.error()))
                                   : remote::Client::connect(*endpoint);
        if (connected)
            client = std::move(*connected);
        else
            printError("the remote cache is not used: " + connected.error().english());
    }
    TieredCompileResult tiered =
        compileTiered(cache, req, client ? &*client : nullptr,
                      format ? *format : *remote::KeyFormat::parse(remote::KeyFormat::kDefault));
    if (!tiered.remoteNote.empty())
        printError("remote cache: " + tiered.remoteNote.english());
    const std::string server = client ? client->server() : std::string();
    const NvrtcCacheResult& r = tiered.result;
    if (!r.ok) {
        if (args.json) {
            writeCompileJson(args.file, r, stdout);
        } else {
            if (!r.compile.log.empty())
                std::fputs(r.compile.log.c_str(), stderr);
            printError("compiling " + printableName(args.file) + " failed: " + r.error.english());
        }
        // A compile that ran and failed is the user's code: exit 1. Anything else is ours or I/O.
        return r.compile.stagesUs.empty() ? ExitError : ExitProblems;
    }
    if (!args.noLog) {
        const EventLog log(args.log.empty() ? defaultEventsLogPath(env) : args.log,
                           eventLogOptionsFromEnvironment(env));
        if (auto err = log.append(r.event); !err.empty())
            printError("event not logged: " + err);
        if (tiered.remoteEvent)
            if (auto err = log.append(*tiered.remoteEvent); !err.empty())
                printError("event not logged: " + err);
    }
    if (!r.storeError.empty())
        printError("compiled, but not cached: " + r.storeError.english());
    if (!args.outDir.empty()) {
        const std::string stem = nvrtcEntryName(req);
        if (!writeOut(args.outDir, stem + ".ptx", r.ptx) || !writeOut(args.outDir, stem + ".cubin", r.cubin))
            return ExitError;
    }
    if (args.json)
        writeCompileJson(args.file, r, stdout, toString(tiered.tier));
    else
        printResult(args, r, tiered.tier, server);
    return r.storeError.empty() ? ExitOk : ExitError;
}

void addCompileCommand(CLI::App& app, Commands& out)
{
    auto a = std::make_shared<CompileArgs>();
    auto* cmd = app.add_subcommand("compile", "Compile CUDA C++ with NVRTC through KernelLens's cache");
    cmd->add_option("FILE", a->file, "The .cu file")->required();
    cmd->add_option("--arch", a->arch, "Target, sm_XX (one NVRTC supports)");
    cmd->add_option("-O,--opt-level", a->optLevel, "ptxas optimisation level")->check(CLI::Range(0, 3));
    cmd->add_option("-D,--define", a->defines, "NAME or NAME=VALUE (repeatable)");
    cmd->add_option("-I,--include", a->includes, "Include folder (repeatable)");
    cmd->add_flag("--lineinfo", a->lineInfo, "Generate line info (-lineinfo)");
    cmd->add_option("--std", a->standard, "Language standard")
        ->check(CLI::IsMember({"c++03", "c++11", "c++14", "c++17", "c++20"}));
    cmd->add_option("--cubin-via", a->via, "nvrtc: nvrtcGetCUBIN; nvjitlink: PTX assembled by nvJitLink")
        ->check(CLI::IsMember({"nvrtc", "nvjitlink"}));
    cmd->add_option("--name", a->name, "Entry name (default: the file's stem)");
    cmd->add_option("--cache", a->cache,
                    "Cache root (default: $KERNELLENS_CACHE_DIR, else $XDG_CACHE_HOME/kernellens/nvrtc)");
    cmd->add_option("-o,--out", a->outDir, "Also write <name>.ptx and <name>.cubin into this folder");
    cmd->add_option("--log", a->log,
                    "Events log (default: $KERNELLENS_EVENTS_LOG, else the XDG state folder)");
    cmd->add_flag("--no-log", a->noLog, "Do not append a compile event");
    cmd->add_flag("--always-compile", a->alwaysCompile, "Compile even when the cache has the entry");
    cmd->add_flag("--json", a->json, "Print the documented JSON (schema kernellens.compile/1)");
    cmd->add_option("--remote", a->remote,
                    "The team's Redis cache as a second tier: look there before compiling, push after "
                    "(default: $KERNELLENS_REDIS_URL when set)");
    cmd->add_flag("--no-remote", a->noRemote, "Use the local cache only, even with KERNELLENS_REDIS_URL set");
    out.push_back({cmd, [a] { return runCompile(*a); }});
}

} // namespace kl::cli
