#include "overridetry.h"

#include "core/diff/linediff.h"
#include "core/diff/unifieddiff.h"
#include "core/doctor/stagetarget.h"
#include "core/env/environment.h"
#include "core/formats/layout.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/nvrtc/tritonrebuild.h"
#include "core/pack/entryfiles.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasstext.h"
#include "core/util/digest.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/subprocess.h"
#include "core/util/utf8.h"
#include "tritonirbuild.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <future>
#include <regex>
#include <unistd.h>

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kMaxStageBytes = 512ull << 20;

std::int64_t usSince(Clock::time_point t)
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t).count();
}

bool readStage(const Entry& e, std::string_view ext, std::string& out, std::string& fileName, Text& error)
{
    for (const Stage& s : e.stages) {
        if (s.ext() != ext || layout::isGroupFileName(s.fileName))
            continue;
        fileName = s.fileName;
        auto read = readEntryFile(e, s.fileName, kMaxStageBytes);
        if (!read) {
            error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"),
                             printableName(joinPath(e.path, s.fileName)), std::move(read.error()));
            return false;
        }
        out = std::move(*read);
        return true;
    }
    error = Text::of(KL_TEXT("kl::overridetry", "%1: the entry has no .%2 file to compare with"),
                     printableName(e.path), ext);
    return false;
}

CubinResult cubinInfo(const std::string& bytes)
{
    return readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

// The kernels a stage file defines: PTX `.entry NAME`, MLIR `tt.func public @NAME`, LLVM
// `define ... @NAME(`. Empty when the text names none (the compiler will say why). A plain
// scan, not std::regex: stage files run to megabytes.
std::vector<std::string> kernelsIn(std::string_view text, const std::string& stage)
{
    const std::string_view marker = stage == "ptx"    ? ".entry"
                                    : stage == "llir" ? "define "
                                                      : "tt.func public";
    auto isName = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
    };
    std::vector<std::string> out;
    for (std::size_t at = text.find(marker); at != std::string_view::npos; at = text.find(marker, at + 1)) {
        if (at > 0 && text[at - 1] != '\n' && text[at - 1] != ' ' && text[at - 1] != '\t')
            continue;
        std::size_t p = at + marker.size();
        if (stage != "ptx") {
            const std::size_t eol = text.find('\n', p);
            const std::size_t sigil = text.find('@', p);
            if (sigil == std::string_view::npos || sigil > eol)
                continue;
            p = sigil + 1;
        } else {
            while (p < text.size() && (text[p] == ' ' || text[p] == '\t'))
                ++p;
        }
        std::size_t e = p;
        while (e < text.size() && isName(text[e]))
            ++e;
        if (e > p)
            out.emplace_back(text.substr(p, e - p));
    }
    return out;
}

std::string joinedNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string unified(const std::string& a, const std::string& b, const std::string& aLabel,
                    const std::string& bLabel)
{
    const TextLines la = splitLines(a), lb = splitLines(b);
    const LineDiff d = diffLines(la.lines, lb.lines);
    if (d.identical())
        return {};
    UnifiedOptions u;
    u.aLabel = aLabel;
    u.bLabel = bLabel;
    return unifiedDiff(la.lines, lb.lines, d, u);
}

// A private folder for the two cubins nvdisasm reads (it takes paths, not bytes).
struct Scratch {
    std::string path;
    Scratch()
    {
        const char* tmp = std::getenv("TMPDIR");
        std::string p = std::string(tmp && *tmp == '/' ? tmp : "/tmp") + "/klens-try-XXXXXX";
        if (::mkdtemp(p.data()))
            path = p;
    }
    ~Scratch()
    {
        if (path.empty())
            return;
        for (const char* n : {"original.cubin", "edited.cubin", "entry.ptx"})
            ::unlink(joinPath(path, n).c_str());
        ::rmdir(path.c_str());
    }
};

// Both sides' SASS, for the diff. The entry's disassembly usually comes from the SASS cache.
void disassembleBoth(OverrideTry& r, const Environment& env, const std::atomic<bool>* cancel)
{
    Scratch scratch;
    if (scratch.path.empty()) {
        r.sassUnavailable = Text::of(KL_TEXT("kl::overridetry", "cannot create a scratch folder: %1"),
                                     std::string(std::strerror(errno)));
        return;
    }
    const UniqueFd dir(::open(scratch.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    TrySide* sides[2] = {&r.original, &r.edited};
    const char* names[2] = {"original.cubin", "edited.cubin"};
    SassOptions o;
    o.cancel = cancel;
    for (int i = 0; i < 2; ++i) {
        const Status written = dir.get() < 0 ? Status(fail(Text::verbatim(std::strerror(errno))))
                                             : writeNewFileAt(dir.get(), names[i], sides[i]->cubin, false);
        if (!written) {
            r.sassUnavailable = written.error();
            return;
        }
        Result<SassResult> s = disassembleCubin(joinPath(scratch.path, names[i]), env, o);
        if (!s) {
            r.sassUnavailable = s.error();
            return;
        }
        sides[i]->sass = sassDiffText(s->listing, false, true);
    }
    r.sassDiff = unified(r.original.sass, r.edited.sass, "a/" + r.kernel + ".sass (entry)",
                         "b/" + r.kernel + ".sass (edit)");
}

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
    const CubinResult cached = cubinInfo(cachedCubin), rebuilt = cubinInfo(r.original.cubin);
    if (!cached.ok || !rebuilt.ok)
        return;
    for (const CubinKernel& c : cached.info.kernels)
        for (const CubinKernel& b : rebuilt.info.kernels)
            if (c.name == b.name && c.registers && b.registers && *c.registers != *b.registers)
                r.notes.push_back(
                    Text::of(KL_TEXT("kl::overridetry",
                                     "the entry's cached cubin (another ptxas) uses %1 registers in "
                                     "%2, %3 %4: both sides here are %3's, so only the edit differs"),
                             *c.registers, c.name, assembler, *b.registers));
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

bool compileIr(OverrideTry& r, const Entry& e, const std::string& metaText, const std::string& metaPath,
               const std::string& cachedCubin, const Environment& env, const std::atomic<bool>* cancel)
{
    r.route = "triton";
    const bool lineInfo = r.original.ptx.find("\n\t.loc") != std::string::npos ||
                          r.original.ptx.find("\n.loc") != std::string::npos;
    TritonIrBuild b = buildWithTriton(e, metaText, metaPath, r.file, lineInfo, env, cancel);
    r.log = b.log;
    if (b.outcome == TritonIrBuild::Outcome::NoTriton) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"), printableName(r.file), b.why);
        return false;
    }
    r.assembler = "Triton " + b.tritonVersion;
    if (b.outcome == TritonIrBuild::Outcome::Failed) {
        r.diagnostics = parseTryLog(b.log, r.file);
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"), printableName(r.file), b.why);
        return false;
    }
    if (b.otherVersion)
        r.notes.push_back(Text::of(
            KL_TEXT("kl::overridetry", "Triton %1 compiled the edit, but Triton %2 built the entry: the "
                                       "differences include the versions'"),
            b.tritonVersion, e.tritonVersion.empty() ? std::string("?") : e.tritonVersion));
    r.edited.ptx = b.stages["ptx"];
    r.edited.cubin = b.stages["cubin"];
    if (b.numWarps)
        r.edited.launch.blockSize = *b.numWarps * 32;
    if (b.sharedBytes)
        r.edited.launch.dynamicSharedBytes = *b.sharedBytes;
    r.original.cubin = cachedCubin;
    r.baseline = Text::of(KL_TEXT("kl::overridetry", "the entry's cubin"));
    return true;
}

} // namespace

std::string tryStageOf(const std::string& file)
{
    const auto slash = file.rfind('/');
    const auto dot = file.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return {};
    const std::string ext = file.substr(dot + 1);
    return ext == "ttir" || ext == "ttgir" || ext == "llir" || ext == "ptx" ? ext : std::string();
}

OverrideTry tryOverride(const std::string& file, const Entry& entry, const Environment& env,
                        const OverrideTryOptions& options)
{
    const auto started = Clock::now();
    OverrideTry r;
    r.file = file;
    r.entry = entry.path;
    r.kernel = entry.kernel;
    r.stage = tryStageOf(file);
    if (r.stage.empty()) {
        r.error =
            Text::of(KL_TEXT("kl::overridetry",
                             "%1: override try compiles .ttir, .ttgir, .llir and .ptx files (the stage is "
                             "named by the extension)"),
                     printableName(file));
        return r;
    }
    if (entry.target.backend != "cuda") {
        r.error =
            Text::of(KL_TEXT("kl::overridetry", "%1: override try compiles for CUDA entries; this one is %2"),
                     printableName(entry.path),
                     entry.target.backend.empty() ? std::string("target-less") : entry.target.backend);
        return r;
    }
    Result<std::string> text = readFile(file, kMaxStageBytes);
    if (!text) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"), printableName(file), text.error());
        return r;
    }
    if (text->find('\0') != std::string::npos || !isValidUtf8(*text)) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: not a text file, so not a .%2 stage"),
                           printableName(file), r.stage);
        return r;
    }
    std::string metaText, metaName, cubin, cubinName, ptxName;
    if (!readStage(entry, "json", metaText, metaName, r.error) ||
        !readStage(entry, "ptx", r.original.ptx, ptxName, r.error) ||
        !readStage(entry, "cubin", cubin, cubinName, r.error))
        return r;
    // The kernels the entry's own file of this stage defines (a Triton entry: its kernel; an
    // NVRTC entry: every __global__ of its program); a file that defines none of them is another
    // kernel's.
    std::vector<std::string> expected;
    if (r.stage == "ptx") {
        expected = kernelsIn(r.original.ptx, "ptx");
    } else {
        std::string own, ownName;
        Text ignored;
        if (readStage(entry, r.stage, own, ownName, ignored))
            expected = kernelsIn(own, r.stage);
    }
    if (expected.empty() && !entry.kernel.empty())
        expected.push_back(entry.kernel);
    const std::vector<std::string> names = kernelsIn(*text, r.stage);
    if (!names.empty() && !expected.empty() &&
        std::none_of(names.begin(), names.end(), [&](const std::string& n) {
            return std::find(expected.begin(), expected.end(), n) != expected.end();
        })) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1 defines %2, not the entry's kernel %3 (%4)"),
                           printableName(file), joinedNames(names), joinedNames(expected),
                           printableName(entry.path));
        return r;
    }
    Result<std::string> metaPath = entryFileOnDisk(entry, metaName);
    if (!metaPath) {
        r.error = Text::of(KL_TEXT("kl::overridetry", "%1: %2"),
                           printableName(joinPath(entry.path, metaName)), metaPath.error());
        return r;
    }
    r.original.launch = launchShapeOf(entry);
    r.edited.launch = r.original.launch;
    const auto compileStarted = Clock::now();
    bool built = false;
    if (r.stage == "ptx") {
        r.edited.ptx = *text;
        std::string arch = parsePtxHeader(*text).target;
        if (arch.empty())
            arch = "sm_" + entry.target.arch;
        const std::string ptxas = toolkitPtxas();
        // Loading nvJitLink costs about 6 ms: only when it is the assembler.
        const bool haveNvJitLink =
            (options.assembler == "auto" && ptxas.empty()) || options.assembler == "nvjitlink"
                ? jitLinkInfo().nvJitLink
                : false;
        if (options.assembler == "nvjitlink" && !haveNvJitLink) {
            r.error = Text::of(KL_TEXT("kl::overridetry", "nvJitLink is unavailable: %1"),
                               jitLinkInfo().whyUnavailable);
            return r;
        }
        if (options.assembler == "ptxas" && ptxas.empty()) {
            r.error = Text(
                KL_TEXT("kl::overridetry",
                        "no ptxas of nvJitLink's toolkit: KernelLens was built without the CUDA Toolkit, "
                        "or its bin/ptxas is gone"));
            return r;
        }
        if (options.assembler == "ptxas" || (options.assembler == "auto" && !ptxas.empty()))
            built = assembleWithPtxas(r, ptxas, arch, cubin, env, options.cancel);
        else if (options.assembler != "triton" && haveNvJitLink)
            built = assembleWithNvJitLink(r, *text, arch, cubin, env);
        else
            built = assembleWithTriton(r, entry, metaText, *metaPath, *text, cubin, env, options.cancel);
        if (!built && options.assembler == "auto" && r.route != "triton" && isUnsupportedPtxVersion(r.log)) {
            r.notes.push_back(Text::of(
                KL_TEXT("kl::overridetry", "%1 cannot read this PTX's version or target; the entry's Triton "
                                           "assembled it"),
                r.assembler));
            r.error = {};
            r.diagnostics.clear();
            built = assembleWithTriton(r, entry, metaText, *metaPath, *text, cubin, env, options.cancel);
        }
    } else {
        built = compileIr(r, entry, metaText, *metaPath, cubin, env, options.cancel);
    }
    r.compileUs = usSince(compileStarted);
    if (!built) {
        r.totalUs = usSince(started);
        return r;
    }
    r.ok = true;
    if (r.diagnostics.empty())
        r.diagnostics = parseTryLog(r.log, r.file);
    r.original.info = cubinInfo(r.original.cubin);
    r.edited.info = cubinInfo(r.edited.cubin);
    r.sameCode = r.original.info.ok && r.edited.info.ok && sameCode(r.original.info.info, r.edited.info.info);
    r.ptxDiff = unified(r.original.ptx, r.edited.ptx, "a/" + printableName(ptxName) + " (entry)",
                        "b/" + printableName(ptxName) + " (edit)");
    if (options.sass)
        disassembleBoth(r, env, options.cancel);
    r.totalUs = usSince(started);
    return r;
}

std::vector<CompileDiagnostic> parseTryLog(std::string_view log, const std::string& file)
{
    static const std::regex mlirLoc(
        R"re(^loc\("([^"]*)":(\d+):(\d+)\):\s*(error|warning|remark|note):\s*(.*)$)re");
    static const std::regex mlirPlain(
        R"re(^([^:\s][^:]*):(\d+):(\d+):\s*(error|warning|remark|note):\s*(.*)$)re");
    static const std::regex ptxas(
        R"re(^ptxas(?:-[\w]+)?\s+(.*?),\s*line\s+(\d+);\s*(error|warning|fatal|info)\s*:\s*(.*)$)re");
    // "ptxas fatal : (C7602) Insufficient registers (32) to compile instruction at line 320 ..."
    static const std::regex ptxasAtLine(
        R"re(^ptxas(?:-[\w]+)?\s+(error|fatal|warning)\s*:\s*(.*\bat line (\d+)\b.*)$)re");
    static const std::regex llvmParse(R"re(failed to parse IR:\s*(.*?)\s*lineno:\s*(\d+))re");
    std::vector<CompileDiagnostic> out;
    // MLIR names the file it parsed, or (for an op a later pass rejects) the Python line the op
    // came from, which is worth keeping; ptxas names only the copy it was handed.
    auto mlirFile = [&](const std::string& named) {
        const std::string base = file.substr(file.rfind('/') + 1);
        return named == file || named.ends_with("/" + base) || named == base ? file : named;
    };
    std::size_t pos = 0;
    while (pos <= log.size()) {
        auto nl = log.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = log.size();
        std::string line(log.substr(pos, nl - pos));
        pos = nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        std::smatch m;
        CompileDiagnostic d;
        if (std::regex_search(line, m, mlirLoc) || std::regex_search(line, m, mlirPlain)) {
            d.file = mlirFile(m[1].str());
            d.line = std::atoi(m[2].str().c_str());
            d.severity = m[4].str();
            d.message = m[5].str();
        } else if (std::regex_search(line, m, ptxas)) {
            d.file = file;
            d.line = std::atoi(m[2].str().c_str());
            d.severity = m[3].str() == "fatal" ? "error" : m[3].str();
            d.message = m[4].str();
        } else if (std::regex_search(line, m, ptxasAtLine)) {
            d.file = file;
            d.line = std::atoi(m[3].str().c_str());
            d.severity = m[1].str() == "fatal" ? "error" : m[1].str();
            d.message = m[2].str();
        } else if (std::regex_search(line, m, llvmParse)) {
            d.file = file;
            d.line = std::atoi(m[2].str().c_str());
            d.severity = "error";
            d.message = m[1].str();
        } else {
            continue;
        }
        if (d.message.find("Ptx assembly aborted") != std::string::npos)
            continue;
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace kl
