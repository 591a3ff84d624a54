#include "recompile.h"

#include "core/cubin/cubininfo.h"
#include "core/env/environment.h"
#include "core/formats/layout.h"
#include "core/keys/tritonkey.h"
#include "core/pack/entryfiles.h"
#include "core/storage/cachestore.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "nvrtccompiler.h"
#include "nvrtckey.h"
#include "nvrtcmetadata.h"
#include "tritonrebuild.h"

#include <chrono>
#include <unistd.h>

namespace kl {
namespace {

constexpr std::uint64_t kMaxArtefactBytes = 512ull << 20;

using Clock = std::chrono::steady_clock;

bool readStage(const Entry& e, std::string_view ext, std::string& out, std::string& fileName, Text& error)
{
    for (const Stage& s : e.stages) {
        if (s.ext() != ext || layout::isGroupFileName(s.fileName))
            continue;
        fileName = s.fileName;
        auto read = readEntryFile(e, s.fileName, kMaxArtefactBytes);
        if (!read) {
            error = Text::of(KL_TEXT("kl::recompile", "%1: %2"), printableName(joinPath(e.path, s.fileName)),
                             std::move(read.error()));
            return false;
        }
        out = std::move(*read);
        return true;
    }
    error = Text::of(KL_TEXT("kl::recompile", "%1: the entry has no .%2 file"), printableName(e.path), ext);
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

// "a; b": one difference after another.
Text joined(const Text& a, const Text& b)
{
    if (a.empty())
        return b;
    return b.empty() ? a : Text::of(KL_TEXT("kl::recompile", "%1; %2"), a, b);
}

// Per-kernel resource usage of two cubins; empty when equal.
Text resourceDifference(const CubinInfo& cached, const CubinInfo& rebuilt)
{
    Text diff;
    auto add = [&diff](const Text& t) { diff = joined(diff, t); };
    if (cached.sm != rebuilt.sm)
        add(Text::verbatim("sm_" + std::to_string(cached.sm) + " -> sm_" + std::to_string(rebuilt.sm)));
    for (const CubinKernel& a : cached.kernels) {
        const CubinKernel* b = nullptr;
        for (const CubinKernel& k : rebuilt.kernels)
            if (k.name == a.name)
                b = &k;
        if (!b) {
            add(Text::of(KL_TEXT("kl::recompile", "kernel %1 missing from the rebuild"), a.name));
            continue;
        }
        if (a.registers != b->registers)
            add(Text::of(KL_TEXT("kl::recompile", "%1: registers %2 -> %3"), a.name, opt(a.registers),
                         opt(b->registers)));
        if (a.staticSharedBytes != b->staticSharedBytes)
            add(Text::of(KL_TEXT("kl::recompile", "%1: static shared %2 -> %3 bytes"), a.name,
                         a.staticSharedBytes, b->staticSharedBytes));
        if (a.frameSize.value_or(0) != b->frameSize.value_or(0))
            add(Text::of(KL_TEXT("kl::recompile", "%1: local (spill) frame %2 -> %3 bytes"), a.name,
                         opt(a.frameSize), opt(b->frameSize)));
        if (a.maxThreads != b->maxThreads)
            add(Text::of(KL_TEXT("kl::recompile", "%1: max threads differ"), a.name));
    }
    for (const CubinKernel& b : rebuilt.kernels) {
        bool known = false;
        for (const CubinKernel& a : cached.kernels)
            known = known || a.name == b.name;
        if (!known) // often a helper such as __cuda_sm70_shflsync_bfly that the other ptxas inlined
            add(Text::of(KL_TEXT("kl::recompile", "the rebuild also has %1"), b.name));
    }
    return diff;
}

Text describeBytes(const std::string& a, const std::string& b)
{
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    return Text::of(KL_TEXT("kl::recompile", "%1 -> %2 bytes, first difference at byte %3"), a.size(),
                    b.size(), i);
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
    Result<NvrtcMetadata> parsed = parseNvrtcMetadata(metaText);
    if (!parsed) {
        r.error = Text::of(KL_TEXT("kl::recompile", "%1: %2"), printableName(joinPath(e.path, metaName)),
                           parsed.error());
        return r;
    }
    const NvrtcMetadata& meta = *parsed;
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
        r.error = Text::of(KL_TEXT("kl::recompile", "rebuilding %1 failed: %2"),
                           printableName(joinPath(e.path, cuName)), out.error);
        return r;
    }
    r.ok = true;
    const std::string stem = layout::fileStem(meta.name);
    const std::string sourceDir =
        program.rfind('/') == std::string::npos ? "." : program.substr(0, program.rfind('/'));
    const NvrtcKey key = nvrtcKey(source, meta.program, sourceDir, meta.options, tk);
    for (const auto& [ext, rebuilt] : {std::pair<const char*, const std::string*>{"ptx", &out.ptx},
                                       std::pair<const char*, const std::string*>{"cubin", &out.cubin}}) {
        std::string cached, name;
        Text unread;
        ArtefactComparison c;
        if (!readStage(e, ext, cached, name, unread)) {
            c.file = stem + "." + ext;
            c.difference = Text::of(KL_TEXT("kl::recompile", "missing from the entry"));
        } else {
            c.file = name;
            c.identical = cached == *rebuilt;
            if (!c.identical) {
                c.difference = describeBytes(cached, *rebuilt);
                if (std::string_view(ext) == "cubin") {
                    const CubinResult a = cubinInfo(cached), b = cubinInfo(*rebuilt);
                    if (!a.ok)
                        c.difference =
                            joined(c.difference,
                                   Text::of(KL_TEXT("kl::recompile", "the cached cubin is unreadable: %1"),
                                            a.error));
                    else if (b.ok)
                        c.difference = joined(c.difference, resourceDifference(a.info, b.info));
                }
            }
        }
        c.rebuilt = *rebuilt;
        r.artefacts.push_back(c);
    }
    r.fresh = true;
    if (meta.nvrtcVersion != tk.nvrtcVersion) {
        r.fresh = false;
        r.reason = Text::of(KL_TEXT("kl::recompile", "built by NVRTC %1, this is NVRTC %2"),
                            meta.nvrtcVersion, tk.nvrtcVersion);
    } else if (key.hex != meta.hash) {
        r.fresh = false;
        r.reason =
            Text::of(KL_TEXT("kl::recompile",
                             "its key changed (a header it includes changed, or it was moved): %1 -> %2"),
                     meta.hash.substr(0, 12), key.hex.substr(0, 12));
    }
    for (const auto& c : r.artefacts)
        if (!c.identical && r.fresh) {
            r.fresh = false;
            r.reason =
                Text::of(KL_TEXT("kl::recompile", "%1 differs from the rebuild: %2"), c.file, c.difference);
        }
    finishEvent(r, e, out.stagesUs, out.ptx.size() + out.cubin.size());
    return r;
}

// What nvJitLink (another ptxas than Triton's) makes of the PTX, as one sentence about the
// cubin's per-kernel resources: information for an entry that cannot be judged.
Text nvJitLinkOpinion(const std::string& ptx, const std::string& cubin, const std::string& arch)
{
    const ToolkitInfo& tk = toolkitInfo();
    if (!tk.nvJitLink)
        return {};
    const NvrtcOutput out = assemblePtx(ptx, arch, 3);
    if (!out.ok)
        return Text::of(KL_TEXT("kl::recompile", "nvJitLink %1 could not assemble it either"),
                        tk.nvJitLinkVersion);
    const CubinResult a = cubinInfo(cubin), b = cubinInfo(out.cubin);
    if (!a.ok || !b.ok)
        return {};
    const Text diff = resourceDifference(a.info, b.info);
    return diff.empty()
               ? Text::of(KL_TEXT("kl::recompile", "nvJitLink %1 gives the same resources"),
                          tk.nvJitLinkVersion)
               : Text::of(KL_TEXT("kl::recompile", "nvJitLink %1 gives %2"), tk.nvJitLinkVersion, diff);
}

RecompileReport recompileTriton(const Entry& e, const std::string& metaText, const std::string& metaName,
                                const std::atomic<bool>* cancel)
{
    RecompileReport r;
    r.kind = "triton";
    if (e.target.backend != "cuda") {
        r.error =
            e.target.backend.empty()
                ? Text::of(KL_TEXT("kl::recompile",
                                   "%1: a target-less entry; only CUDA entries can be reassembled"),
                           printableName(e.path))
                : Text::of(KL_TEXT("kl::recompile", "%1: a %2 entry; only CUDA entries can be reassembled"),
                           printableName(e.path), e.target.backend);
        return r;
    }
    std::string ptx, cubin, ptxName, cubinName;
    if (!readStage(e, "ptx", ptx, ptxName, r.error) || !readStage(e, "cubin", cubin, cubinName, r.error))
        return r;
    std::string arch = ptxTarget(ptx);
    if (arch.empty())
        arch = "sm_" + e.target.arch;
    r.arch = arch;
    const auto started = Clock::now();
    TritonRebuild t = rebuildCubinWithTriton(e, metaText, joinPath(e.path, metaName), ptx, cubin,
                                             Environment::current(), cancel);
    const std::int64_t us =
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    r.log = t.log;
    if (t.outcome == TritonRebuild::Outcome::Failed) {
        r.error =
            Text::of(KL_TEXT("kl::recompile", "%1: %2"), printableName(joinPath(e.path, ptxName)), t.why);
        return r;
    }
    r.ok = true;
    ArtefactComparison c;
    c.file = cubinName;
    if (t.outcome == TritonRebuild::Outcome::NoMatchingTriton) {
        r.judged = false;
        r.assembler = "-";
        const Text other = nvJitLinkOpinion(ptx, cubin, arch);
        r.reason = other.empty() ? t.why : Text::of(KL_TEXT("kl::recompile", "%1; %2"), t.why, other);
        c.difference = Text::of(KL_TEXT("kl::recompile", "not compared"));
        r.artefacts.push_back(c);
        finishEvent(r, e, {}, 0);
        return r;
    }
    r.assembler = "Triton " + t.tritonVersion + (t.ptxas.empty() ? std::string() : " " + t.ptxas);
    c.identical = cubin == t.cubin;
    if (!c.identical) {
        c.difference = describeBytes(cubin, t.cubin);
        const CubinResult a = cubinInfo(cubin), b = cubinInfo(t.cubin);
        if (!a.ok)
            c.difference =
                joined(c.difference,
                       Text::of(KL_TEXT("kl::recompile", "the cached cubin is unreadable: %1"), a.error));
        else if (b.ok)
            c.difference = joined(c.difference, resourceDifference(a.info, b.info));
    }
    c.rebuilt = t.cubin;
    r.artefacts.push_back(c);
    r.fresh = c.identical;
    if (!r.fresh)
        r.reason =
            Text::of(KL_TEXT("kl::recompile", "%1 differs from Triton %2's rebuild of the cached PTX: %3"),
                     cubinName, t.tritonVersion, c.difference);
    finishEvent(r, e, {{"ptxas", us}}, t.cubin.size());
    return r;
}

} // namespace

RecompileReport recompileEntry(const Entry& e, const std::atomic<bool>* cancel)
{
    RecompileReport r;
    std::string metaText, metaName;
    if (!readStage(e, "json", metaText, metaName, r.error))
        return r;
    const ToolkitInfo& tk = toolkitInfo();
    if (metaText.find(kNvrtcProducer) != std::string::npos) {
        if (!tk.nvrtc) {
            r.error = Text::of(KL_TEXT("kl::recompile", "recompile is unavailable: %1"), tk.whyUnavailable);
            return r;
        }
        return recompileKernelLens(e, metaText, metaName);
    }
    return recompileTriton(e, metaText, metaName, cancel);
}

Text recompileVerdict(const RecompileReport& report)
{
    if (report.fresh)
        return Text::of(KL_TEXT("kl::recompile", "fresh"));
    return report.judged ? Text::of(KL_TEXT("kl::recompile", "stale: %1"), report.reason)
                         : Text::of(KL_TEXT("kl::recompile", "cannot judge: %1"), report.reason);
}

} // namespace kl
