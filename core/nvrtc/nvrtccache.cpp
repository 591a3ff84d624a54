#include "nvrtccache.h"

#include "core/cubin/cubininfo.h"
#include "core/formats/layout.h"
#include "core/keys/tritonkey.h"
#include "core/util/posixfile.h"
#include "nvrtcmetadata.h"

#include <chrono>
#include <unistd.h>

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;

std::int64_t microsSince(Clock::time_point t0)
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
}

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return {};
    return buf;
}

std::string programName(const NvrtcRequest& r, const std::string& stem)
{
    return r.sourcePath.empty() ? stem + ".cu" : r.sourcePath;
}

std::string sourceDir(const NvrtcRequest& r)
{
    const auto slash = r.sourcePath.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : r.sourcePath.substr(0, slash);
}

// The entry's files are what the metadata recorded, byte for byte, and the cubin is an ELF.
Text verifyEntry(const StoreFiles& files, const std::string& stem, NvrtcMetadata& meta)
{
    const auto json = files.find(stem + ".json");
    if (json == files.end())
        return Text::of(KL_TEXT("kl::nvrtc", "no %1"), stem + ".json");
    Result<NvrtcMetadata> parsed = parseNvrtcMetadata(json->second);
    if (!parsed)
        return Text::of(KL_TEXT("kl::nvrtc", "%1: %2"), stem + ".json", std::move(parsed.error()));
    meta = std::move(*parsed);
    for (const char* ext : {".cu", ".ptx", ".cubin"}) {
        const std::string name = stem + ext;
        const auto f = files.find(name);
        const auto rec = meta.fileSha256.find(name);
        if (f == files.end() || rec == meta.fileSha256.end())
            return Text::of(KL_TEXT("kl::nvrtc", "%1 missing"), name);
        if (sha256Hex(f->second) != rec->second)
            return Text::of(KL_TEXT("kl::nvrtc", "%1 differs from the sha256 recorded when it was written"),
                            name);
    }
    if (!files.at(stem + ".cubin")
             .starts_with("\x7f"
                          "ELF"))
        return Text::of(KL_TEXT("kl::nvrtc", "%1 is not an ELF file"), stem + ".cubin");
    return {};
}

void fillEvent(NvrtcCacheResult& r, const std::string& kernel, const std::string& arch,
               std::vector<std::pair<std::string, std::int64_t>> stages, std::int64_t totalUs)
{
    CompileEvent& e = r.event;
    e.timeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    e.origin = "nvrtc";
    e.kernel = kernel;
    e.key = r.key.hex;
    e.cacheHit = r.hit;
    e.stagesUs = std::move(stages);
    e.totalUs = totalUs;
    e.bytes = r.ptx.size() + r.cubin.size();
    e.pid = ::getpid();
    static const std::string host = hostName();
    e.host = host;
    e.arch = arch;
}

} // namespace

std::string defaultNvrtcCacheRoot(const Environment& env)
{
    if (auto dir = env.get("KERNELLENS_CACHE_DIR"); dir && !dir->empty())
        return *dir;
    return joinPath(userCacheHome(env), "kernellens/nvrtc");
}

std::string nvrtcEntryName(const NvrtcRequest& request)
{
    if (!request.name.empty())
        return request.name;
    std::string base = request.sourcePath.substr(request.sourcePath.rfind('/') + 1);
    if (const auto dot = base.rfind('.'); dot != std::string::npos && dot > 0)
        base.resize(dot);
    return base.empty() ? "kernel" : base;
}

NvrtcCache::NvrtcCache(std::string root, StoreOptions storeOptions)
    : m_store(root, storeOptions)
{
}

NvrtcCacheResult NvrtcCache::lookup(const NvrtcRequest& request) const
{
    const auto t0 = Clock::now();
    NvrtcCacheResult r;
    const ToolkitInfo& tk = toolkitInfo();
    if (!tk.nvrtc) {
        r.error = tk.whyUnavailable;
        return r;
    }
    if (Text why = validateArch(request.options.arch); !why.empty()) {
        r.error = std::move(why);
        return r;
    }
    const std::string stem = layout::fileStem(nvrtcEntryName(request));
    r.key = nvrtcKey(request.source, programName(request, stem), sourceDir(request), request.options, tk);
    r.entryPath = m_store.entryPath(r.key.hex);
    r.ok = true;
    // An entry the store cannot read is a miss here: the compile below writes it anew.
    if (GetResult got = m_store.get(r.key.hex, stem); got && got->hit) {
        NvrtcMetadata meta;
        if (Text bad = verifyEntry(got->files, stem, meta); !bad.empty()) {
            r.repaired = std::move(bad);
        } else {
            r.hit = true;
            r.ptx = std::move(got->files[stem + ".ptx"]);
            r.cubin = std::move(got->files[stem + ".cubin"]);
        }
    }
    const std::int64_t us = microsSince(t0);
    fillEvent(r, stem, request.options.arch, {{"lookup", us}}, us);
    return r;
}

NvrtcCacheResult NvrtcCache::compile(const NvrtcRequest& request) const
{
    const auto t0 = Clock::now();
    NvrtcRequest probe = request;
    NvrtcCacheResult r = lookup(probe);
    if (!r.ok || (r.hit && !request.alwaysCompile))
        return r;
    auto stages = r.event.stagesUs;
    r.hit = false;
    r.ok = false;
    const std::string stem = layout::fileStem(nvrtcEntryName(request));
    const std::string program = programName(request, stem);
    r.compile = compileCuda(request.source, program, request.options);
    stages.insert(stages.end(), r.compile.stagesUs.begin(), r.compile.stagesUs.end());
    if (!r.compile.ok) {
        r.error = r.compile.error;
        return r;
    }
    r.ptx = r.compile.ptx;
    r.cubin = r.compile.cubin;
    r.ok = true;

    const auto ts = Clock::now();
    NvrtcMetadata meta;
    meta.hash = r.key.hex;
    meta.name = stem;
    meta.program = program;
    meta.sourceDir = absoluteClean(sourceDir(request));
    meta.options = request.options;
    meta.nvrtcVersion = toolkitInfo().nvrtcVersion;
    if (request.options.via == CubinVia::NvJitLink)
        meta.nvJitLinkVersion = toolkitInfo().nvJitLinkVersion;
    meta.compileTimesUs = r.compile.stagesUs;
    StoreFiles files;
    files[stem + ".cu"] = request.source;
    files[stem + ".ptx"] = r.ptx;
    files[stem + ".cubin"] = r.cubin;
    for (const auto& [name, bytes] : files)
        meta.fileSha256[name] = sha256Hex(bytes);
    const CubinResult info =
        readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(r.cubin.data()), r.cubin.size()));
    files[stem + ".json"] = nvrtcMetadataJson(meta, info.ok ? &info.info : nullptr);
    if (PutResult put = m_store.put(r.key.hex, stem, files); !put)
        r.storeError = std::move(put.error());
    stages.emplace_back("store", microsSince(ts));
    fillEvent(r, stem, request.options.arch, std::move(stages), microsSince(t0));
    return r;
}

} // namespace kl
