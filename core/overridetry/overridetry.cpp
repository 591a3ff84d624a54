#include "overridetry.h"

#include "core/diff/linediff.h"
#include "core/diff/unifieddiff.h"
#include "core/doctor/stagetarget.h"
#include "core/env/environment.h"
#include "core/formats/layout.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/pack/entryfiles.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasstext.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "ptxroutes.h"
#include "tritonirbuild.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <memory>

namespace kl {
namespace {

using namespace tryroutes;

using Clock = std::chrono::steady_clock;

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

// One side's SASS, for the diff. The entry's usually comes from the SASS cache, and then its
// cubin is not written anywhere. False (and sassUnavailable says why) when there is none.
bool disassembleSide(OverrideTry& r, TrySide& side, const char* name, const Environment& env,
                     const std::atomic<bool>* cancel)
{
    if (!r.sassUnavailable.empty())
        return false;
    SassOptions o;
    o.cancel = cancel;
    Result<SassResult> sass = disassembleCubinBytes(side.cubin, name, env, o);
    if (!sass) {
        r.sassUnavailable = sass.error();
        return false;
    }
    side.sass = sassDiffText(sass->listing, false, true);
    return true;
}

std::string ptxDiffOf(const OverrideTry& r, const std::string& ptxName)
{
    return unified(r.original.ptx, r.edited.ptx, "a/" + printableName(ptxName) + " (entry)",
                   "b/" + printableName(ptxName) + " (edit)");
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
    // PTX through the toolkit's ptxas starts assembling now: the entry's side is read and
    // prepared while it runs (on a 30 ms kernel that is a sixth of the Try).
    const auto compileStarted = Clock::now();
    std::string arch, ptxas;
    bool haveNvJitLink = false;
    std::unique_ptr<PtxasEdit> ptxasEdit;
    if (r.stage == "ptx") {
        arch = parsePtxHeader(*text).target;
        if (arch.empty())
            arch = "sm_" + entry.target.arch;
        ptxas = toolkitPtxas();
        // Loading nvJitLink costs about 6 ms: only when it is the assembler.
        haveNvJitLink = (options.assembler == "auto" && ptxas.empty()) || options.assembler == "nvjitlink"
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
            ptxasEdit = std::make_unique<PtxasEdit>(ptxas, arch, file, options.cancel);
    }
    std::string metaText, metaName, cubin, cubinName, ptxName;
    if (!readStage(entry, "json", metaText, metaName, r.error) ||
        !readStage(entry, "ptx", r.original.ptx, ptxName, r.error))
        return r;
    // The entry's cubin is the baseline of the Triton routes and a cross-check of the toolkit's.
    // An entry without one (a cache cut short, a copy that left it out) can still try a PTX edit
    // through the toolkit, which assembles both sides.
    Text noCubin;
    const bool haveCubin = readStage(entry, "cubin", cubin, cubinName, noCubin);
    const bool toolkitRoute =
        ptxasEdit || (r.stage == "ptx" && options.assembler != "triton" && haveNvJitLink);
    if (!haveCubin && !toolkitRoute) {
        r.error = noCubin;
        return r;
    }
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
    bool built = false;
    if (r.stage == "ptx") {
        r.edited.ptx = *text;
        const std::size_t notesBefore = r.notes.size();
        if (ptxasEdit) {
            ptxasBaseline(r, *ptxasEdit, cubin, env);
            r.ptxDiff = ptxDiffOf(r, ptxName);
            if (options.sass)
                disassembleSide(r, r.original, "original.cubin", env, options.cancel);
            built = finishPtxasEdit(r, *ptxasEdit);
        } else if (options.assembler != "triton" && haveNvJitLink)
            built = assembleWithNvJitLink(r, *text, arch, cubin, env);
        else
            built = assembleWithTriton(r, entry, metaText, *metaPath, *text, cubin, env, options.cancel);
        if (!built && options.assembler == "auto" && r.route != "triton" && haveCubin &&
            isUnsupportedPtxVersion(r.log)) {
            // What the ptxas route prepared for the original side is not the baseline now.
            r.notes.resize(notesBefore);
            r.notes.push_back(Text::of(
                KL_TEXT("kl::overridetry", "%1 cannot read this PTX's version or target; the entry's Triton "
                                           "assembled it"),
                r.assembler));
            r.original.info = {};
            r.original.sass.clear();
            r.sassUnavailable = {};
            r.error = {};
            r.diagnostics.clear();
            built = assembleWithTriton(r, entry, metaText, *metaPath, *text, cubin, env, options.cancel);
        }
    } else {
        built = compileIr(r, entry, metaText, *metaPath, cubin, env, options.cancel);
    }
    r.compileUs = usSince(compileStarted);
    if (built && r.original.cubin.empty()) {
        built = false;
        r.error = Text::of(KL_TEXT("kl::overridetry",
                                   "%1: %2 could not assemble the entry's own PTX, and the entry has no "
                                   ".cubin to compare with"),
                           printableName(file), r.assembler);
    } else if (built && !haveCubin) {
        r.notes.push_back(Text::of(KL_TEXT("kl::overridetry",
                                           "%1 has no .cubin (klens doctor calls the entry incomplete): both "
                                           "sides are assembled here"),
                                   printableName(entry.path)));
    }
    if (!built) {
        r.totalUs = usSince(started);
        return r;
    }
    r.ok = true;
    if (r.diagnostics.empty())
        r.diagnostics = parseTryLog(r.log, r.file);
    if (!r.original.info.ok)
        r.original.info = cubinInfo(r.original.cubin);
    r.edited.info = cubinInfo(r.edited.cubin);
    r.sameCode = r.original.info.ok && r.edited.info.ok && sameCode(r.original.info.info, r.edited.info.info);
    if (r.ptxDiff.empty())
        r.ptxDiff = ptxDiffOf(r, ptxName);
    if (options.sass)
        disassembleTry(r, env, options.cancel);
    r.totalUs = usSince(started);
    return r;
}

void disassembleTry(OverrideTry& r, const Environment& env, const std::atomic<bool>* cancel)
{
    if (!r.ok || !r.sassUnavailable.empty())
        return;
    if ((!r.original.sass.empty() || disassembleSide(r, r.original, "original.cubin", env, cancel)) &&
        disassembleSide(r, r.edited, "edited.cubin", env, cancel))
        r.sassDiff = unified(r.original.sass, r.edited.sass, "a/" + r.kernel + ".sass (entry)",
                             "b/" + r.kernel + ".sass (edit)");
}

} // namespace kl
