#include "ptxroutes.h"

#include "core/env/environment.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/nvrtc/tritonrebuild.h"
#include "core/util/digest.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/subprocess.h"
#include "core/util/utf8.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <future>
#include <unistd.h>

namespace kl::tryroutes {
namespace {

// Written under a temporary name and renamed into place: a reader sees all or nothing. A cache
// that cannot be written costs only the next Try an assembly, so failures are ignored.
void keepInCache(const std::string& dir, const std::string& name, const std::string& bytes)
{
    if (dir.empty() || !makeFolders(dir, false, TextSource{}))
        return;
    const UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0)
        return;
    const std::string tmp = "." + name + "." + uuid4() + ".tmp";
    if (!writeNewFileAt(fd.get(), tmp, bytes, false))
        return;
    if (::renameat(fd.get(), tmp.c_str(), fd.get(), name.c_str()) != 0)
        ::unlinkat(fd.get(), tmp.c_str(), 0);
}

// Another ptxas made the entry's cached cubin: say so where its registers differ from those of
// the assembler both sides here come from.
void noteCachedRegisters(OverrideTry& r, const std::string& cachedCubin, const std::string& assembler)
{
    // Read once here, for the comparison too (tryOverride reads only what no route read).
    r.original.info = cubinInfo(r.original.cubin);
    const CubinResult cached = cubinInfo(cachedCubin);
    if (!cached.ok || !r.original.info.ok)
        return;
    for (const CubinKernel& c : cached.info.kernels)
        for (const CubinKernel& b : r.original.info.info.kernels)
            if (c.name == b.name && c.registers && b.registers && *c.registers != *b.registers)
                r.notes.push_back(
                    Text::of(KL_TEXT("kl::overridetry",
                                     "the entry's cached cubin (another ptxas) uses %1 registers in "
                                     "%2, %3 %4: both sides here are %3's, so only the edit differs"),
                             *c.registers, c.name, assembler, *b.registers));
}

} // namespace

Scratch::Scratch()
{
    const char* tmp = std::getenv("TMPDIR");
    std::string p = std::string(tmp && *tmp == '/' ? tmp : "/tmp") + "/klens-try-XXXXXX";
    if (::mkdtemp(p.data()))
        path = p;
}

Scratch::~Scratch()
{
    if (path.empty())
        return;
    for (const char* n : {"original.cubin", "edited.cubin", "entry.ptx"})
        ::unlink(joinPath(path, n).c_str());
    ::rmdir(path.c_str());
}

CubinResult cubinInfo(const std::string& bytes)
{
    return readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

bool isUnsupportedPtxVersion(const std::string& log)
{
    return log.find("Unsupported .version") != std::string::npos ||
           log.find("Unsupported .target") != std::string::npos;
}

// PTX through nvJitLink: the edit and the entry's own PTX assembled at once (two threads), so
// both sides come from one assembler and only the edit differs.
bool assembleWithNvJitLink(OverrideTry& r, const std::string& edited, const std::string& arch,
                           const std::string& cachedCubin, const Environment& env)
{
    const JitLinkInfo& tk = jitLinkInfo();
    r.route = "nvjitlink";
    r.assembler = "nvJitLink " + tk.nvJitLinkVersion;
    // The entry's PTX assembles the same every time: kept in KernelLens's cache, so a second Try
    // of an entry runs one assembly, not two.
    const std::string cacheDir = ownCacheDir(env, "KERNELLENS_TRY_CACHE", "try");
    const std::string key =
        xxh128Hex("nvJitLink " + tk.nvJitLinkVersion + "\n-arch=" + arch + " -O3\n" + r.original.ptx) +
        ".cubin";
    NvrtcOutput base;
    if (!cacheDir.empty())
        if (Result<std::string> kept = readFile(joinPath(cacheDir, key), kMaxStageBytes);
            kept && cubinInfo(*kept).ok) {
            base.ok = true;
            base.cubin = std::move(*kept);
        }
    std::future<NvrtcOutput> original;
    if (!base.ok)
        original = std::async(std::launch::async, [&] { return assemblePtx(r.original.ptx, arch, 3); });
    NvrtcOutput out = assemblePtx(edited, arch, 3);
    if (original.valid()) {
        base = original.get();
        if (base.ok)
            keepInCache(cacheDir, key, base.cubin);
    }
    r.log = out.linkLog;
    if (!out.ok) {
        r.diagnostics = parseTryLog(out.linkLog, r.file);
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: nvJitLink %2 rejected it: %3"),
                           printableName(r.file), tk.nvJitLinkVersion, out.error);
        return false;
    }
    r.edited.cubin = std::move(out.cubin);
    if (base.ok) {
        r.original.cubin = std::move(base.cubin);
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's PTX assembled by nvJitLink %1 for %2"),
                              tk.nvJitLinkVersion, arch);
        noteCachedRegisters(r, cachedCubin, "nvJitLink " + tk.nvJitLinkVersion);
    } else {
        r.original.cubin = cachedCubin;
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's cubin"));
        r.notes.push_back(Text::of(
            KL_TEXT("kl::overridetry",
                    "nvJitLink %1 could not assemble the entry's own PTX (%2); the edit is compared with the "
                    "cubin another ptxas made"),
            tk.nvJitLinkVersion, base.error));
    }
    return true;
}

// PTX through the toolkit's ptxas (nvJitLink's version), run as a process: the same assembler
// as nvJitLink without its in-process set-up (about 15 ms on the first call) and its linking step.
// The entry's PTX is assembled alongside (once; then from the try cache).
bool assembleWithPtxas(OverrideTry& r, const std::string& ptxas, const std::string& arch,
                       const std::string& cachedCubin, const Environment& env,
                       const std::atomic<bool>* cancel)
{
    const std::string version = toolkitPtxasVersion();
    r.route = "ptxas";
    r.assembler = "ptxas " + version + " (" + ptxas + ")";
    Scratch scratch;
    if (scratch.path.empty()) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "cannot create a scratch folder: %1"),
                           std::string(std::strerror(errno)));
        return false;
    }
    auto assemble = [&](const std::string& in, const std::string& out) {
        ProcessOptions o;
        o.timeoutMs = 600'000;
        o.captureStderr = true;
        o.cancel = cancel;
        return runProcess({ptxas, "-arch=" + arch, "-O3", in, "-o", out}, o);
    };
    const std::string cacheDir = ownCacheDir(env, "KERNELLENS_TRY_CACHE", "try");
    const std::string key =
        xxh128Hex("ptxas " + version + "\n-arch=" + arch + " -O3\n" + r.original.ptx) + ".cubin";
    std::string base;
    if (!cacheDir.empty())
        if (Result<std::string> kept = readFile(joinPath(cacheDir, key), kMaxStageBytes);
            kept && cubinInfo(*kept).ok)
            base = std::move(*kept);
    std::future<ProcessResult> original;
    const UniqueFd dir(::open(scratch.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (base.empty() && dir.get() >= 0 && writeNewFileAt(dir.get(), "entry.ptx", r.original.ptx, false))
        original = std::async(std::launch::async, [&] {
            return assemble(joinPath(scratch.path, "entry.ptx"), joinPath(scratch.path, "original.cubin"));
        });
    // The user's file itself, so that ptxas's messages name it.
    const ProcessResult p = assemble(r.file, joinPath(scratch.path, "edited.cubin"));
    if (original.valid()) {
        const ProcessResult o = original.get();
        if (o.exitCode == 0)
            if (Result<std::string> bytes =
                    readFile(joinPath(scratch.path, "original.cubin"), kMaxStageBytes)) {
                base = std::move(*bytes);
                keepInCache(cacheDir, key, base);
            }
    }
    r.log = p.err;
    if (!p.started || p.timedOut) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"), printableName(r.file), p.error);
        return false;
    }
    if (p.exitCode != 0) {
        r.diagnostics = parseTryLog(p.err, r.file);
        r.error =
            Text::of(KL_TEXT("kl::overridetry", "%1: ptxas %2 rejected it"), printableName(r.file), version);
        return false;
    }
    Result<std::string> edited = readFile(joinPath(scratch.path, "edited.cubin"), kMaxStageBytes);
    if (!edited) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: ptxas wrote no cubin: %2"), printableName(r.file),
                           edited.error());
        return false;
    }
    r.edited.cubin = std::move(*edited);
    if (!base.empty()) {
        r.original.cubin = std::move(base);
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's PTX assembled by ptxas %1 for %2"),
                              version, arch);
        noteCachedRegisters(r, cachedCubin, "ptxas " + version);
    } else {
        r.original.cubin = cachedCubin;
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's cubin"));
        r.notes.push_back(
            Text::of(KL_TEXT("kl::overridetry",
                             "ptxas %1 could not assemble the entry's own PTX; the edit is compared "
                             "with the cubin another ptxas made"),
                     version));
    }
    return true;
}

// PTX through the ptxas of the entry's own Triton (core/nvrtc/tritonrebuild): the entry's cubin
// is then what that ptxas made of the entry's PTX, the baseline as it is.
bool assembleWithTriton(OverrideTry& r, const Entry& e, const std::string& metaText,
                        const std::string& metaPath, const std::string& edited,
                        const std::string& cachedCubin, const Environment& env,
                        const std::atomic<bool>* cancel)
{
    r.route = "triton";
    TritonRebuild t = rebuildCubinWithTriton(e, metaText, metaPath, edited, cachedCubin, env, cancel);
    r.log = t.log;
    if (t.outcome == TritonRebuild::Outcome::NoMatchingTriton) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: cannot assemble it with the entry's Triton: %2"),
                           printableName(r.file), t.why);
        return false;
    }
    r.assembler = "Triton " + t.tritonVersion + (t.ptxas.empty() ? std::string() : " (" + t.ptxas + ")");
    if (t.outcome == TritonRebuild::Outcome::Failed) {
        r.diagnostics = parseTryLog(t.log, r.file);
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: Triton %2's ptxas rejected it"),
                           printableName(r.file), t.tritonVersion);
        return false;
    }
    r.edited.cubin = std::move(t.cubin);
    r.original.cubin = cachedCubin;
    r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's cubin (Triton %1's ptxas, as the rebuild)"),
                          t.tritonVersion);
    return true;
}

} // namespace kl::tryroutes
