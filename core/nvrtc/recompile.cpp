#include "nvrtc/recompile.h"

#include "cubin/cubininfo.h"
#include "keys/tritonkey.h"
#include "nvrtc/nvrtccompiler.h"
#include "nvrtc/nvrtckey.h"
#include "nvrtc/nvrtcmetadata.h"
#include "storage/cachestore.h"
#include "util/posixfile.h"

#include <chrono>
#include <unistd.h>

namespace kl {
namespace {

constexpr std::uint64_t kMaxArtefactBytes = 512ull << 20;

using Clock = std::chrono::steady_clock;

bool readStage(const Entry& e, std::string_view ext, std::string& out, std::string& fileName,
               std::string& error)
{
    for (const Stage& s : e.stages) {
        if (s.ext() != ext || s.fileName.starts_with("__grp__"))
            continue;
        fileName = s.fileName;
        std::string why;
        if (!readFile(joinPath(e.path, s.fileName), kMaxArtefactBytes, out, why)) {
            error = printableName(joinPath(e.path, s.fileName)) + ": " + why;
            return false;
        }
        return true;
    }
    error = printableName(e.path) + ": the entry has no ." + std::string(ext) + " file";
    return false;
}

CubinResult cubinInfo(const std::string& bytes)
{
    return readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

std::string opt(const std::optional<std::uint32_t>& v)
{
    return v ? std::to_string(*v) : "-";
}

// Per-kernel resource usage of two cubins; empty when equal.
std::string resourceDifference(const CubinInfo& cached, const CubinInfo& rebuilt)
{
    std::string diff;
    auto add = [&diff](const std::string& s) { diff += (diff.empty() ? "" : "; ") + s; };
    if (cached.sm != rebuilt.sm)
        add("sm_" + std::to_string(cached.sm) + " -> sm_" + std::to_string(rebuilt.sm));
    for (const CubinKernel& a : cached.kernels) {
        const CubinKernel* b = nullptr;
        for (const CubinKernel& k : rebuilt.kernels)
            if (k.name == a.name)
                b = &k;
        if (!b) {
            add("kernel " + a.name + " missing from the rebuild");
            continue;
        }
        if (a.registers != b->registers)
            add(a.name + ": registers " + opt(a.registers) + " -> " + opt(b->registers));
        if (a.staticSharedBytes != b->staticSharedBytes)
            add(a.name + ": static shared " + std::to_string(a.staticSharedBytes) + " -> " +
                std::to_string(b->staticSharedBytes) + " bytes");
        if (a.frameSize.value_or(0) != b->frameSize.value_or(0))
            add(a.name + ": local (spill) frame " + opt(a.frameSize) + " -> " + opt(b->frameSize) + " bytes");
        if (a.maxThreads != b->maxThreads)
            add(a.name + ": max threads differ");
    }
    for (const CubinKernel& b : rebuilt.kernels) {
        bool known = false;
        for (const CubinKernel& a : cached.kernels)
            known = known || a.name == b.name;
        if (!known) // often a helper such as __cuda_sm70_shflsync_bfly that the other ptxas inlined
            add("the rebuild also has " + b.name);
    }
    return diff;
}

std::string describeBytes(const std::string& a, const std::string& b)
{
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    return std::to_string(a.size()) + " -> " + std::to_string(b.size()) +
           " bytes, first difference at byte " + std::to_string(i);
}

// The PTX's `.target sm_90a` (Triton asks ptxas for the arch-specific variant on sm_90+).
std::string ptxTarget(const std::string& ptx)
{
    const auto pos = ptx.find("\n.target ");
    if (pos == std::string::npos)
        return {};
    const auto start = pos + 9;
    auto end = ptx.find_first_of(", \n\r", start);
    return ptx.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

void finishEvent(RecompileReport& r, const Entry& e,
                 const std::vector<std::pair<std::string, std::int64_t>>& stages, std::uint64_t bytes)
{
    CompileEvent& ev = r.event;
    ev.timeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
    ev.origin = "nvrtc";
    ev.kernel = e.kernel;
    ev.key = e.hash.empty() ? e.folderName : e.hash;
    ev.cacheHit = false;
    ev.stagesUs = stages;
    ev.totalUs = 0;
    for (const auto& s : stages)
        ev.totalUs += s.second;
    ev.bytes = bytes;
    ev.pid = ::getpid();
    ev.arch = r.arch;
}

RecompileReport recompileKernelLens(const Entry& e, const std::string& metaText, const std::string& metaName)
{
    RecompileReport r;
    r.kind = "kernellens";
    NvrtcMetadata meta;
    std::string error;
    if (!parseNvrtcMetadata(metaText, meta, error)) {
        r.error = printableName(joinPath(e.path, metaName)) + ": " + error;
        return r;
    }
    std::string source, cuName;
    if (!readStage(e, "cu", source, cuName, r.error))
        return r;
    const ToolkitInfo& tk = toolkitInfo();
    r.arch = meta.options.arch;
    r.assembler = "NVRTC " + tk.nvrtcVersion;
    // A relative program name was resolved against the folder it was compiled in, not ours
    // (except with -lineinfo, where the name as given is part of the output).
    std::string program = meta.program;
    if (!program.starts_with('/') && !meta.sourceDir.empty() && !meta.options.lineInfo)
        program = joinPath(meta.sourceDir, program.substr(program.rfind('/') + 1));
    const NvrtcOutput out = compileCuda(source, program, meta.options);
    r.log = out.log + out.linkLog;
    if (!out.ok) {
        r.error = "rebuilding " + printableName(joinPath(e.path, cuName)) + " failed: " + out.error;
        return r;
    }
    r.ok = true;
    const std::string stem = CacheStore::fileStem(meta.name);
    const std::string sourceDir =
        program.rfind('/') == std::string::npos ? "." : program.substr(0, program.rfind('/'));
    const NvrtcKey key = nvrtcKey(source, meta.program, sourceDir, meta.options, tk);
    for (const auto& [ext, rebuilt] : {std::pair<const char*, const std::string*>{"ptx", &out.ptx},
                                       std::pair<const char*, const std::string*>{"cubin", &out.cubin}}) {
        std::string cached, name;
        ArtefactComparison c;
        if (!readStage(e, ext, cached, name, error)) {
            c.file = stem + "." + ext;
            c.difference = "missing from the entry";
        } else {
            c.file = name;
            c.identical = cached == *rebuilt;
            if (!c.identical) {
                c.difference = describeBytes(cached, *rebuilt);
                if (std::string_view(ext) == "cubin") {
                    const CubinResult a = cubinInfo(cached), b = cubinInfo(*rebuilt);
                    if (!a.ok)
                        c.difference += "; the cached cubin is unreadable: " + a.error;
                    else if (b.ok)
                        if (auto res = resourceDifference(a.info, b.info); !res.empty())
                            c.difference += "; " + res;
                }
            }
        }
        r.artefacts.push_back(c);
    }
    r.fresh = true;
    if (meta.nvrtcVersion != tk.nvrtcVersion) {
        r.fresh = false;
        r.reason = "built by NVRTC " + meta.nvrtcVersion + ", this is NVRTC " + tk.nvrtcVersion;
    } else if (key.hex != meta.hash) {
        r.fresh = false;
        r.reason =
            "its key changed (a header it includes changed, or it was moved): " + meta.hash.substr(0, 12) +
            " -> " + key.hex.substr(0, 12);
    }
    for (const auto& c : r.artefacts)
        if (!c.identical && r.fresh) {
            r.fresh = false;
            r.reason = c.file + " differs from the rebuild: " + c.difference;
        }
    finishEvent(r, e, out.stagesUs, out.ptx.size() + out.cubin.size());
    return r;
}

RecompileReport recompileTriton(const Entry& e)
{
    RecompileReport r;
    r.kind = "triton";
    if (e.target.backend != "cuda") {
        r.error = printableName(e.path) + ": a " +
                  (e.target.backend.empty() ? "target-less" : e.target.backend) +
                  " entry; only CUDA entries can be reassembled";
        return r;
    }
    std::string ptx, cubin, ptxName, cubinName;
    if (!readStage(e, "ptx", ptx, ptxName, r.error) || !readStage(e, "cubin", cubin, cubinName, r.error))
        return r;
    std::string arch = ptxTarget(ptx);
    if (arch.empty())
        arch = "sm_" + e.target.arch;
    r.arch = arch;
    r.assembler = "nvJitLink " + toolkitInfo().nvJitLinkVersion;
    const NvrtcOutput out = assemblePtx(ptx, arch, 3);
    r.log = out.linkLog;
    if (!out.ok) {
        r.error = "assembling " + printableName(joinPath(e.path, ptxName)) + " for " + arch +
                  " failed: " + out.error;
        if (out.linkLog.find("Unsupported .version") != std::string::npos)
            r.error += " (Triton's bundled ptxas is newer than this CUDA Toolkit's nvJitLink " +
                       toolkitInfo().nvJitLinkVersion + ": install a newer toolkit to reassemble this PTX)";
        return r;
    }
    r.ok = true;
    ArtefactComparison c;
    c.file = cubinName;
    const CubinResult a = cubinInfo(cubin), b = cubinInfo(out.cubin);
    if (!a.ok) {
        c.difference = "the cached cubin is unreadable: " + a.error;
    } else if (!b.ok) {
        c.difference = "the rebuilt cubin is unreadable: " + b.error;
    } else {
        c.difference = resourceDifference(a.info, b.info);
        c.identical = c.difference.empty();
        if (c.identical && cubin != out.cubin)
            c.difference = "same resource usage; bytes differ (" + describeBytes(cubin, out.cubin) + ")";
    }
    r.artefacts.push_back(c);
    r.fresh = c.identical;
    if (!r.fresh)
        r.reason = cubinName + ": " + c.difference +
                   " (the cached cubin came from Triton's ptxas, the rebuild from " + r.assembler + ")";
    finishEvent(r, e, out.stagesUs, out.cubin.size());
    return r;
}

} // namespace

RecompileReport recompileEntry(const Entry& e)
{
    RecompileReport r;
    const ToolkitInfo& tk = toolkitInfo();
    if (!tk.nvrtc) {
        r.error = "recompile is unavailable: " + tk.whyUnavailable;
        return r;
    }
    std::string metaText, metaName;
    if (!readStage(e, "json", metaText, metaName, r.error))
        return r;
    if (metaText.find(kNvrtcProducer) != std::string::npos)
        return recompileKernelLens(e, metaText, metaName);
    if (!tk.nvJitLink) {
        r.error = "reassembling Triton PTX needs nvJitLink, which was not found at build time";
        return r;
    }
    return recompileTriton(e);
}

std::string recompileVerdict(const RecompileReport& report)
{
    return report.fresh ? "fresh" : "stale: " + report.reason;
}

} // namespace kl
