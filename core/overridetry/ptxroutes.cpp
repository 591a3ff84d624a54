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
#include <chrono>
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

// The cubin the try cache keeps under `key`, or "" (none, or not a cubin any more).
std::string keptCubin(const std::string& dir, const std::string& key)
{
    if (dir.empty())
        return {};
    Result<std::string> kept = readFile(joinPath(dir, key), kMaxStageBytes);
    return kept && cubinInfo(*kept).ok ? std::move(*kept) : std::string();
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
    std::string p = tempDirectory() + "/klens-try-XXXXXX";
    if (::mkdtemp(p.data()))
        path = p;
    else
        error = errno;
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
    base.cubin = keptCubin(cacheDir, key);
    base.ok = !base.cubin.empty();
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
    } else if (!cachedCubin.empty()) {
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

PtxasEdit::PtxasEdit(std::string ptxas, std::string arch, const std::string& file,
                     const std::atomic<bool>* cancel)
    : ptxas_(std::move(ptxas))
    , arch_(std::move(arch))
    , version_(toolkitPtxasVersion())
    , cancel_(cancel)
{
    if (scratch_.path.empty())
        return;
    // The user's file itself, so that ptxas's messages name it.
    run_ = std::async(std::launch::async, [this, file] {
        ProcessOptions o;
        o.timeoutMs = 600'000;
        o.captureStderr = true;
        o.cancel = &stop_;
        return runProcess(command(file, joinPath(scratch_.path, "edited.cubin")), o);
    });
}

PtxasEdit::~PtxasEdit()
{
    stop_ = true;
    if (run_.valid())
        run_.wait();
}

ProcessResult PtxasEdit::wait()
{
    // runProcess watches one flag: the caller's cancel is passed on to it while waiting.
    while (run_.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready)
        if (cancel_ && cancel_->load())
            stop_ = true;
    return run_.get();
}

std::vector<std::string> PtxasEdit::command(const std::string& in, const std::string& out) const
{
    return {ptxas_, "-arch=" + arch_, "-O3", in, "-o", out};
}

std::string PtxasEdit::assembler() const
{
    return "ptxas " + version_ + " (" + ptxas_ + ")";
}

// The original side: the entry's PTX assembled by the same ptxas as the edit, kept in the try
// cache (a second Try of an entry runs one assembly); assembled now, beside the edit, otherwise.
void ptxasBaseline(OverrideTry& r, PtxasEdit& edit, const std::string& cachedCubin, const Environment& env)
{
    r.route = "ptxas";
    r.assembler = edit.assembler();
    const std::string cacheDir = ownCacheDir(env, "KERNELLENS_TRY_CACHE", "try");
    const std::string key =
        xxh128Hex("ptxas " + edit.version() + "\n-arch=" + edit.arch() + " -O3\n" + r.original.ptx) +
        ".cubin";
    std::string base = keptCubin(cacheDir, key);
    const std::string& scratch = edit.scratchPath();
    const UniqueFd dir(scratch.empty() ? -1 : ::open(scratch.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (base.empty() && dir.get() >= 0 && writeNewFileAt(dir.get(), "entry.ptx", r.original.ptx, false)) {
        ProcessOptions o;
        o.timeoutMs = 600'000;
        o.cancel = edit.cancel();
        const ProcessResult p =
            runProcess(edit.command(joinPath(scratch, "entry.ptx"), joinPath(scratch, "original.cubin")), o);
        if (p.exitCode == 0)
            if (Result<std::string> bytes = readFile(joinPath(scratch, "original.cubin"), kMaxStageBytes)) {
                base = std::move(*bytes);
                keepInCache(cacheDir, key, base);
            }
    }
    if (!base.empty()) {
        r.original.cubin = std::move(base);
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's PTX assembled by ptxas %1 for %2"),
                              edit.version(), edit.arch());
        noteCachedRegisters(r, cachedCubin, "ptxas " + edit.version());
    } else if (!cachedCubin.empty()) {
        r.original.cubin = cachedCubin;
        r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's cubin"));
        r.notes.push_back(
            Text::of(KL_TEXT("kl::overridetry",
                             "ptxas %1 could not assemble the entry's own PTX; the edit is compared "
                             "with the cubin another ptxas made"),
                     edit.version()));
    }
}

bool finishPtxasEdit(OverrideTry& r, PtxasEdit& edit)
{
    if (edit.scratchPath().empty()) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "cannot create a scratch folder: %1"),
                           std::string(std::strerror(edit.scratchErrno())));
        return false;
    }
    const ProcessResult p = edit.wait();
    r.log = p.err;
    // Cancelled means the result is not wanted, even from a ptxas that finished first.
    if (edit.cancel() && edit.cancel()->load()) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: the Try was cancelled"), printableName(r.file));
        return false;
    }
    if (!p.started || p.timedOut || (p.exitCode < 0 && !p.error.empty())) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"), printableName(r.file), p.error);
        return false;
    }
    if (p.exitCode != 0) {
        r.diagnostics = parseTryLog(p.err, r.file);
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: ptxas %2 rejected it"), printableName(r.file),
                           edit.version());
        return false;
    }
    Result<std::string> edited = readFile(joinPath(edit.scratchPath(), "edited.cubin"), kMaxStageBytes);
    if (!edited) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: ptxas wrote no cubin: %2"), printableName(r.file),
                           edited.error());
        return false;
    }
    r.edited.cubin = std::move(*edited);
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
