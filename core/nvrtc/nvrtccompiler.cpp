#include "nvrtccompiler.h"

#include "nvrtcapi.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;

[[maybe_unused]] std::int64_t microsSince(Clock::time_point t0)
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
}

ToolkitInfo queryToolkit()
{
    ToolkitInfo info;
#if KL_HAVE_NVRTC
    const NvrtcApi& api = nvrtcApi();
    info.nvrtc = api.ok;
    if (!api.ok) {
        info.whyUnavailable = api.error; // names the library and the loader's cause
    } else {
        int major = 0, minor = 0;
        if (api.nvrtcVersion(&major, &minor) == NVRTC_SUCCESS)
            info.nvrtcVersion = std::to_string(major) + "." + std::to_string(minor);
        int n = 0;
        if (api.nvrtcGetNumSupportedArchs(&n) == NVRTC_SUCCESS && n > 0) {
            info.archs.resize(static_cast<std::size_t>(n));
            if (api.nvrtcGetSupportedArchs(info.archs.data()) != NVRTC_SUCCESS)
                info.archs.clear();
        }
    }
#else
    info.whyUnavailable =
        Text::of(KL_TEXT("kl::recompile", "KernelLens was built without the CUDA Toolkit (NVRTC "
                                          "was not found at build time; set CUDAToolkit_ROOT and "
                                          "rebuild)"));
#endif
#if KL_HAVE_NVJITLINK
    const JitLinkApi& jl = jitLinkApi();
    info.nvJitLink = jl.ok;
    unsigned jmajor = 0, jminor = 0;
    if (jl.ok && jl.nvJitLinkVersion && jl.nvJitLinkVersion(&jmajor, &jminor) == NVJITLINK_SUCCESS)
        info.nvJitLinkVersion = std::to_string(jmajor) + "." + std::to_string(jminor);
#endif
    return info;
}

std::string archList(const std::vector<int>& archs)
{
    std::string s;
    for (int a : archs)
        s += (s.empty() ? "sm_" : ", sm_") + std::to_string(a);
    return s;
}

int archNumber(std::string_view arch)
{
    if (!arch.starts_with("sm_"))
        return -1;
    arch.remove_prefix(3);
    int n = 0;
    const auto [p, ec] = std::from_chars(arch.data(), arch.data() + arch.size(), n);
    // sm_90a / sm_100f: the arch-specific suffixes NVRTC also accepts.
    if (ec != std::errc() || p == arch.data() ||
        (p != arch.data() + arch.size() && std::string_view(p) != "a" && std::string_view(p) != "f"))
        return -1;
    return n;
}

#if KL_HAVE_NVJITLINK
std::string jitLinkLogs(nvJitLinkHandle h)
{
    const JitLinkApi& jl = jitLinkApi();
    std::string out;
    size_t n = 0;
    if (jl.nvJitLinkGetErrorLogSize(h, &n) == NVJITLINK_SUCCESS && n > 1) {
        std::string s(n, '\0');
        if (jl.nvJitLinkGetErrorLog(h, s.data()) == NVJITLINK_SUCCESS)
            out += s.c_str();
    }
    if (jl.nvJitLinkGetInfoLogSize(h, &n) == NVJITLINK_SUCCESS && n > 1) {
        std::string s(n, '\0');
        if (jl.nvJitLinkGetInfoLog(h, s.data()) == NVJITLINK_SUCCESS)
            out += s.c_str();
    }
    return out;
}

std::string jitLinkResultName(nvJitLinkResult r)
{
    // nvJitLink's enum is sequential and only ever appended to.
    static constexpr const char* kNames[] = {
        "NVJITLINK_SUCCESS",
        "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
        "NVJITLINK_ERROR_MISSING_ARCH",
        "NVJITLINK_ERROR_INVALID_INPUT",
        "NVJITLINK_ERROR_PTX_COMPILE",
        "NVJITLINK_ERROR_NVVM_COMPILE",
        "NVJITLINK_ERROR_INTERNAL",
        "NVJITLINK_ERROR_THREADPOOL",
        "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
        "NVJITLINK_ERROR_FINALIZE",
        "NVJITLINK_ERROR_NULL_INPUT",
        "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
        "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE",
        "NVJITLINK_ERROR_ARCH_MISMATCH",
        "NVJITLINK_ERROR_OUTDATED_LIBRARY",
        "NVJITLINK_ERROR_MISSING_FATBIN",
        "NVJITLINK_ERROR_UNRECOGNIZED_ARCH",
        "NVJITLINK_ERROR_UNSUPPORTED_ARCH",
    };
    const auto i = static_cast<std::size_t>(r);
    return i < std::size(kNames) ? kNames[i] : "NVJITLINK_ERROR " + std::to_string(i);
}
#endif

} // namespace

std::string_view cubinViaName(CubinVia via)
{
    return via == CubinVia::NvJitLink ? "nvjitlink" : "nvrtc";
}

const ToolkitInfo& toolkitInfo()
{
    static const ToolkitInfo info = queryToolkit();
    return info;
}

const JitLinkInfo& jitLinkInfo()
{
    static const JitLinkInfo info = [] {
        JitLinkInfo i;
#if KL_HAVE_NVJITLINK
        const JitLinkApi& jl = jitLinkApi();
        i.nvJitLink = jl.ok;
        i.whyUnavailable = jl.ok ? Text() : jl.error;
        unsigned major = 0, minor = 0;
        if (jl.ok && jl.nvJitLinkVersion && jl.nvJitLinkVersion(&major, &minor) == NVJITLINK_SUCCESS)
            i.nvJitLinkVersion = std::to_string(major) + "." + std::to_string(minor);
#else
        i.whyUnavailable =
            Text(KL_TEXT("kl::nvrtc", "KernelLens was built without nvJitLink (not found at build time)"));
#endif
        return i;
    }();
    return info;
}

std::string supportedArchList()
{
    return archList(toolkitInfo().archs);
}

Text validateArch(std::string_view arch)
{
    const ToolkitInfo& tk = toolkitInfo();
    if (!tk.nvrtc)
        return tk.whyUnavailable;
    const int n = archNumber(arch);
    if (n >= 0 && std::find(tk.archs.begin(), tk.archs.end(), n) != tk.archs.end())
        return {};
    return Text::of(KL_TEXT("kl::nvrtc", "unsupported arch \"%1\": NVRTC %2 supports %3"), arch,
                    tk.nvrtcVersion, archList(tk.archs));
}

std::string toolkitIncludeDir()
{
#ifdef KL_CUDA_INCLUDE_DIR
    static const std::string dir = [] {
        struct stat st {};
        return ::stat(KL_CUDA_INCLUDE_DIR "/cuda_fp16.h", &st) == 0 ? std::string(KL_CUDA_INCLUDE_DIR)
                                                                    : std::string();
    }();
    return dir;
#else
    return {};
#endif
}

std::string toolkitPtxas()
{
#ifdef KL_TOOLKIT_PTXAS
    static const std::string path =
        ::access(KL_TOOLKIT_PTXAS, X_OK) == 0 ? std::string(KL_TOOLKIT_PTXAS) : std::string();
    return path;
#else
    return {};
#endif
}

std::string toolkitPtxasVersion()
{
#ifdef KL_TOOLKIT_VERSION
    return KL_TOOLKIT_VERSION;
#else
    return {};
#endif
}

std::vector<std::string> nvrtcArguments(const NvrtcOptions& o)
{
    std::vector<std::string> args;
    std::string arch = o.arch;
    if (o.via == CubinVia::NvJitLink && arch.starts_with("sm_"))
        arch = "compute_" + arch.substr(3);
    args.push_back("-arch=" + arch);
    args.push_back("-std=" + o.standard);
    if (o.via == CubinVia::Nvrtc)
        args.push_back("--ptxas-options=-O" + std::to_string(o.optLevel));
    if (o.lineInfo)
        args.push_back("-lineinfo");
    for (const auto& d : o.defines)
        args.push_back("-D" + d);
    for (const auto& i : o.includePaths)
        args.push_back("-I" + i);
    if (const std::string dir = toolkitIncludeDir(); !dir.empty())
        args.push_back("-I" + dir);
    return args;
}

NvrtcOutput compileCuda(std::string_view source, std::string_view fileName, const NvrtcOptions& options)
{
    NvrtcOutput out;
#if !KL_HAVE_NVRTC
    (void)source;
    (void)fileName;
    (void)options;
    out.error = toolkitInfo().whyUnavailable;
    return out;
#else
    if (Text why = validateArch(options.arch); !why.empty()) {
        out.error = std::move(why);
        return out;
    }
    if (options.optLevel < 0 || options.optLevel > 3) {
        out.error = Text::of(KL_TEXT("kl::nvrtc", "optimisation level %1 is not 0..3"), options.optLevel);
        return out;
    }
    if (options.via == CubinVia::NvJitLink && !toolkitInfo().nvJitLink) {
#if KL_HAVE_NVJITLINK
        out.error = jitLinkApi().error;
#else
        out.error = Text(KL_TEXT("kl::nvrtc", "nvJitLink was not found at build time"));
#endif
        return out;
    }
    const NvrtcApi& api = nvrtcApi();
    const std::string src(source); // NVRTC wants a NUL-terminated string
    const std::string name(fileName);
    nvrtcProgram prog = nullptr;
    if (nvrtcResult r = api.nvrtcCreateProgram(&prog, src.c_str(), name.c_str(), 0, nullptr, nullptr);
        r != NVRTC_SUCCESS) {
        out.error = Text::verbatim(std::string("nvrtcCreateProgram: ") + api.nvrtcGetErrorString(r));
        return out;
    }
    struct Destroy {
        const NvrtcApi& api;
        nvrtcProgram& p;
        ~Destroy() { api.nvrtcDestroyProgram(&p); }
    } destroy{api, prog};

    const std::vector<std::string> args = nvrtcArguments(options);
    std::vector<const char*> argv;
    for (const auto& a : args)
        argv.push_back(a.c_str());
    const auto t0 = Clock::now();
    const nvrtcResult compiled = api.nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
    out.stagesUs.emplace_back("nvrtc", microsSince(t0));

    size_t n = 0;
    if (api.nvrtcGetProgramLogSize(prog, &n) == NVRTC_SUCCESS && n > 1) {
        out.log.assign(n, '\0');
        if (api.nvrtcGetProgramLog(prog, out.log.data()) == NVRTC_SUCCESS)
            out.log.resize(n - 1);
        else
            out.log.clear();
    }
    out.diagnostics = parseNvrtcLog(out.log);
    if (compiled != NVRTC_SUCCESS) {
        // NVRTC's own words: its error string, else the first error of its log as file:line.
        out.error = Text::verbatim(std::string("nvrtcCompileProgram: ") + api.nvrtcGetErrorString(compiled));
        for (const auto& d : out.diagnostics)
            if (d.severity == "error" || d.severity == "catastrophic error") {
                out.error =
                    Text::verbatim((d.file.empty() ? "" : d.file + ":" + std::to_string(d.line) + ": ") +
                                   d.severity + ": " + d.message);
                break;
            }
        return out;
    }
    if (api.nvrtcGetPTXSize(prog, &n) == NVRTC_SUCCESS && n > 0) {
        out.ptx.assign(n, '\0');
        api.nvrtcGetPTX(prog, out.ptx.data());
        while (!out.ptx.empty() && out.ptx.back() == '\0')
            out.ptx.pop_back();
    }
    if (options.via == CubinVia::Nvrtc) {
        if (api.nvrtcGetCUBINSize(prog, &n) != NVRTC_SUCCESS || n == 0) {
            out.error = Text::of(KL_TEXT("kl::nvrtc", "NVRTC produced no cubin for %1"), options.arch);
            return out;
        }
        out.cubin.assign(n, '\0');
        api.nvrtcGetCUBIN(prog, out.cubin.data());
        out.ok = true;
        return out;
    }
    NvrtcOutput linked = assemblePtx(out.ptx, options.arch, options.optLevel);
    out.linkLog = std::move(linked.linkLog);
    out.stagesUs.insert(out.stagesUs.end(), linked.stagesUs.begin(), linked.stagesUs.end());
    if (!linked.ok) {
        out.error = std::move(linked.error);
        return out;
    }
    out.cubin = std::move(linked.cubin);
    out.ok = true;
    return out;
#endif
}

NvrtcOutput assemblePtx(std::string_view ptx, std::string_view arch, int optLevel)
{
    NvrtcOutput out;
#if !KL_HAVE_NVJITLINK
    (void)ptx;
    (void)arch;
    (void)optLevel;
    out.error =
        Text(KL_TEXT("kl::nvrtc", "KernelLens was built without nvJitLink (not found at build time)"));
    return out;
#else
    if (!arch.starts_with("sm_")) {
        out.error = Text::of(KL_TEXT("kl::nvrtc", "unsupported arch \"%1\" (expected sm_XX)"), arch);
        return out;
    }
    const std::string archOpt = "-arch=" + std::string(arch);
    const std::string optOpt = "-O" + std::to_string(optLevel);
    const char* opts[] = {archOpt.c_str(), optOpt.c_str()};
    const JitLinkApi& jl = jitLinkApi();
    if (!jl.ok) {
        out.error = jl.error;
        return out;
    }
    nvJitLinkHandle h = nullptr;
    const auto t0 = Clock::now();
    if (nvJitLinkResult r = jl.nvJitLinkCreate(&h, 2, opts); r != NVJITLINK_SUCCESS) {
        out.error = Text::verbatim(std::string("nvJitLinkCreate(") + archOpt + "): " + jitLinkResultName(r));
        return out;
    }
    struct Destroy {
        const JitLinkApi& jl;
        nvJitLinkHandle& h;
        ~Destroy() { jl.nvJitLinkDestroy(&h); }
    } destroy{jl, h};
    const std::string text(ptx);
    nvJitLinkResult r =
        jl.nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, text.c_str(), text.size() + 1, "kernel.ptx");
    if (r == NVJITLINK_SUCCESS)
        r = jl.nvJitLinkComplete(h);
    out.linkLog = jitLinkLogs(h);
    if (r != NVJITLINK_SUCCESS) {
        out.stagesUs.emplace_back("nvjitlink", microsSince(t0));
        // nvJitLink's own words: its result code and the first line of its log.
        std::string why = std::string("nvJitLink: ") + jitLinkResultName(r);
        if (!out.linkLog.empty())
            why += ": " + out.linkLog.substr(0, out.linkLog.find('\n'));
        out.error = Text::verbatim(std::move(why));
        return out;
    }
    size_t n = 0;
    if (jl.nvJitLinkGetLinkedCubinSize(h, &n) != NVJITLINK_SUCCESS || n == 0) {
        out.error = Text(KL_TEXT("kl::nvrtc", "nvJitLink produced no cubin"));
        return out;
    }
    out.cubin.assign(n, '\0');
    jl.nvJitLinkGetLinkedCubin(h, out.cubin.data());
    out.stagesUs.emplace_back("nvjitlink", microsSince(t0));
    out.ok = true;
    return out;
#endif
}

} // namespace kl
