#include "entrycomparison.h"

#include "core/cubin/cubininfo.h"
#include "core/formats/envvars.h"
#include "core/keys/tritonkey.h"
#include "core/pack/entryfiles.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <algorithm>

namespace kl {
namespace {

// A difference in recorded inputs (no stage lines).
Difference recorded(DifferenceKind kind, std::string name, std::optional<std::string> a,
                    std::optional<std::string> b, Text note = {})
{
    Difference d;
    d.kind = kind;
    d.name = std::move(name);
    d.a = std::move(a);
    d.b = std::move(b);
    d.note = std::move(note);
    return d;
}

std::string jsonString(std::string_view s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::optional<std::string> optText(const std::string& s)
{
    return s.empty() ? std::nullopt : std::optional<std::string>(jsonString(s));
}

// The arch as Triton records it: a number for CUDA, a string for HIP.
std::optional<std::string> archJson(const std::string& arch)
{
    if (arch.empty())
        return std::nullopt;
    const bool numeric =
        std::all_of(arch.begin(), arch.end(), [](unsigned char c) { return std::isdigit(c); });
    return numeric ? arch : jsonString(arch);
}

const MetadataField* find(const std::vector<MetadataField>& fields, const std::string& key)
{
    for (const MetadataField& f : fields)
        if (f.key == key)
            return &f;
    return nullptr;
}

// Both lists' keys, in the first list's order then the second's extra keys.
std::vector<std::string> unionKeys(const std::vector<MetadataField>& a, const std::vector<MetadataField>& b)
{
    std::vector<std::string> keys;
    for (const auto* list : {&a, &b})
        for (const MetadataField& f : *list)
            if (std::find(keys.begin(), keys.end(), f.key) == keys.end())
                keys.push_back(f.key);
    return keys;
}

void compareFields(DifferenceKind kind, const std::vector<MetadataField>& a,
                   const std::vector<MetadataField>& b, std::vector<Difference>& out)
{
    for (const std::string& key : unionKeys(a, b)) {
        const MetadataField* fa = find(a, key);
        const MetadataField* fb = find(b, key);
        if (fa && fb && fa->json == fb->json)
            continue;
        Difference d;
        d.kind = kind;
        d.name = key;
        if (fa)
            d.a = fa->json;
        if (fb)
            d.b = fb->json;
        out.push_back(std::move(d));
    }
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::string cut(std::string_view line, std::size_t maxBytes)
{
    if (line.size() <= maxBytes)
        return std::string(line);
    return std::string(utf8PrefixBytes(line, maxBytes)) + "\xe2\x80\xa6";
}

// Compare one stage's text in both entries. Returns why it could not be read, if it could not.
Text compareStage(const EntryDetail& a, const EntryDetail& b, const std::string& ext, const CompareOptions& o,
                  Explanation& ex)
{
    const Stage* sa = a.entry.stage(ext);
    const Stage* sb = b.entry.stage(ext);
    if (!sa || !sb) {
        if (sa || sb)
            ex.notes.push_back(
                Text::of(KL_TEXT("kl::explain", ".%1 only in %2 (the other was stored "
                                                "binary-only, or is incomplete): not compared"),
                         ext, sa ? "A" : "B"));
        return {};
    }
    // readFile stops at its limit: comparing two prefixes could call different files equal.
    for (const Stage* s : {sa, sb})
        if (s->size > o.maxStageBytes)
            return Text::of(KL_TEXT("kl::explain", "%1 is larger than %2 bytes"), s->fileName,
                            o.maxStageBytes);
    std::string ta, tb;
    const std::string pa = joinPath(a.entry.path, sa->fileName), pb = joinPath(b.entry.path, sb->fileName);
    for (const std::string* p : {&pa, &pb}) {
        auto text = p == &pa ? readEntryFile(a.entry, sa->fileName, o.maxStageBytes)
                             : readEntryFile(b.entry, sb->fileName, o.maxStageBytes);
        if (!text)
            return Text::of(KL_TEXT("kl::explain", "cannot read %1: %2"), printableName(*p),
                            std::move(text.error()));
        (p == &pa ? ta : tb) = std::move(*text);
    }
    if (ta == tb)
        return {};
    Difference d;
    d.kind = DifferenceKind::Stage;
    d.name = ext;
    const auto la = splitLines(ta), lb = splitLines(tb);
    d.aLineCount = la.size();
    d.bLineCount = lb.size();
    for (std::size_t i = 0; i < std::max(la.size(), lb.size()) && d.lines.size() < o.maxLineDifferences;
         ++i) {
        const bool ha = i < la.size(), hb = i < lb.size();
        if (ha && hb && la[i] == lb[i])
            continue;
        LineDifference line;
        line.line = i + 1;
        if (ha)
            line.a = cut(la[i], o.maxLineBytes);
        if (hb)
            line.b = cut(lb[i], o.maxLineBytes);
        d.lines.push_back(std::move(line));
    }
    if (d.lines.empty()) // same lines, different line endings or a trailing newline
        d.lines.push_back({std::min(la.size(), lb.size()) + 1, std::string(), std::string()});
    ex.differences.push_back(std::move(d));
    return {};
}

std::string describe(const EntryDetail& d)
{
    return printableName(d.entry.path);
}

// The entry must be a kernel whose metadata could be read.
bool usable(const EntryDetail& d, Text& error)
{
    if (d.entry.kind != EntryKind::Kernel) {
        error =
            Text::of(KL_TEXT("kl::explain", "%1 is a %2 entry, not a compiled kernel: only kernels have a "
                                            "key to explain"),
                     describe(d), toString(d.entry.kind));
        return false;
    }
    if (!d.metadata) {
        error =
            d.readError.empty()
                ? Text::of(KL_TEXT("kl::explain", "%1: no readable metadata"), describe(d))
                : Text::of(KL_TEXT("kl::explain", "%1: no readable metadata (%2)"), describe(d), d.readError);
        return false;
    }
    return true;
}

std::vector<Text> suspects(bool withSource)
{
    std::vector<Text> s{
        Text::of(KL_TEXT(
            "kl::explain",
            "triton_key: Triton's own Python files (compiler, backends, language, runtime/cache.py) "
            "and the bytes of libtriton; a reinstall or another build of the same version changes it")),
        Text::of(KL_TEXT(
            "kl::explain",
            "backend hash: for CUDA the `ptxas --version` output (the bundled ptxas, TRITON_PTXAS_PATH, "
            "TRITON_PTXAS_BLACKWELL_PATH) and the arch; for HIP the target and the AMD codegen "
            "revision")),
        Text::of(KL_TEXT("kl::explain",
                         "extern library contents: the options hash covers the sha256 of each "
                         "extern_libs file (libdevice, ocml, ockl); the cache records only their "
                         "paths")),
        Text::of(KL_TEXT("kl::explain", "a stage-inspection hook (knobs.runtime.add_stages_inspection_hook) "
                                        "appends its own key"))};
    if (withSource)
        s.insert(s.begin() + 1,
                 Text::of(KL_TEXT("kl::explain",
                                  "source hash: the kernel's Python source and every function it calls, its "
                                  "starting line number in the file (editing lines above it counts), the "
                                  "signature, the constexpr values and the specialisation attributes (e.g. "
                                  "16-byte divisibility of pointers and ints)")));
    return s;
}

} // namespace

std::string_view toString(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Kernel: return "kernel";
    case DifferenceKind::TritonVersion: return "triton_version";
    case DifferenceKind::Target: return "target";
    case DifferenceKind::Option: return "option";
    case DifferenceKind::EnvVar: return "env_var";
    case DifferenceKind::Stage: return "stage";
    }
    return "unknown";
}

Explanation compareEntries(const EntryDetail& a, const EntryDetail& b, const CompareOptions& options)
{
    Explanation ex;
    if (!usable(a, ex.error) || !usable(b, ex.error))
        return ex;
    const Metadata& ma = *a.metadata;
    const Metadata& mb = *b.metadata;
    auto& diffs = ex.differences;
    if (a.entry.kernel != b.entry.kernel)
        diffs.push_back(
            recorded(DifferenceKind::Kernel, "name", jsonString(a.entry.kernel), jsonString(b.entry.kernel),
                     Text::of(KL_TEXT("kl::explain", "different kernels: their source hashes differ"))));
    if (ma.tritonVersion != mb.tritonVersion)
        diffs.push_back(recorded(DifferenceKind::TritonVersion, "triton_version", optText(ma.tritonVersion),
                                 optText(mb.tritonVersion),
                                 Text::of(KL_TEXT("kl::explain", "triton_key differs with the version"))));
    if (ma.target.backend != mb.target.backend)
        diffs.push_back(recorded(DifferenceKind::Target, "backend", optText(ma.target.backend),
                                 optText(mb.target.backend)));
    if (ma.target.arch != mb.target.arch)
        diffs.push_back(
            recorded(DifferenceKind::Target, "arch", archJson(ma.target.arch), archJson(mb.target.arch),
                     Text::of(KL_TEXT(
                         "kl::explain",
                         "the backend hash includes the arch (and, for CUDA, which ptxas compiled it)"))));
    if (ma.target.warpSize != mb.target.warpSize)
        diffs.push_back(recorded(DifferenceKind::Target, "warp_size", std::to_string(ma.target.warpSize),
                                 std::to_string(mb.target.warpSize)));
    compareFields(DifferenceKind::Option, ma.options, mb.options, diffs);
    if (ma.format == "2.x" || mb.format == "2.x")
        ex.notes.push_back(Text::of(KL_TEXT(
            "kl::explain",
            "metadata in the 2.x format records no environment variables: an unset one proves nothing")));
    compareFields(DifferenceKind::EnvVar, ma.envVars, mb.envVars, diffs);
    // An unreadable or oversized stage leaves that comparison out; the recorded inputs still stand.
    for (const char* ext : {"source", "ttir"})
        if (Text error = compareStage(a, b, ext, options, ex); !error.empty())
            ex.notes.push_back(Text::of(KL_TEXT("kl::explain", ".%1 not compared: %2"), ext, error));
    const bool onlyText = std::all_of(diffs.begin(), diffs.end(),
                                      [](const Difference& d) { return d.kind == DifferenceKind::Stage; });
    for (Difference& d : diffs)
        if (d.kind == DifferenceKind::Stage)
            d.note = onlyText
                         ? Text::of(KL_TEXT("kl::explain",
                                            "nothing else recorded differs: the kernel's Python source, what "
                                            "it calls, or its specialisation (signature, constants, "
                                            "attributes) changed: the source hash"))
                         : Text::of(KL_TEXT(
                               "kl::explain",
                               "the IR is generated from the inputs above; this can follow from them"));
    ex.sameHash = !a.entry.hash.empty() && a.entry.hash == b.entry.hash;
    if (ex.sameHash)
        ex.notes.push_back(Text::of(
            KL_TEXT(
                "kl::explain",
                "both record the hash %1: the same key. A miss between them is not a key difference: Triton "
                "only hits when every path its group file records exists (see klens show: moved-cache, "
                "missing-child)"),
            a.entry.hash));
    // The code itself: two keys that differ and still made the same instructions (line info on and
    // off, a variable that never reaches codegen) are entries the cache keeps twice for nothing.
    const Stage* ca = a.entry.stage("cubin");
    const Stage* cb = b.entry.stage("cubin");
    if (ca && cb) {
        const CubinResult x = readEntryCubin(a.entry, *ca);
        const CubinResult y = readEntryCubin(b.entry, *cb);
        if (x.ok && y.ok) {
            ex.sameCode = sameCode(x.info, y.info);
            if (*ex.sameCode && !ex.sameHash)
                ex.notes.push_back(Text(KL_TEXT(
                    "kl::explain", "the two cubins hold the same code: every kernel's instructions "
                                   "are identical (line info and notes aside), so the key difference "
                                   "changed nothing the GPU runs; the cache keeps this kernel twice")));
        }
    }
    const bool sourceDiffers = std::any_of(diffs.begin(), diffs.end(), [](const Difference& d) {
        return d.kind == DifferenceKind::Stage || d.kind == DifferenceKind::Kernel;
    });
    ex.notRecorded = suspects(!sourceDiffers);
    ex.ok = true;
    return ex;
}

Explanation compareWithEnvironment(const EntryDetail& a, const CurrentEnvironment& now)
{
    Explanation ex;
    if (!usable(a, ex.error))
        return ex;
    const Metadata& m = *a.metadata;
    auto& diffs = ex.differences;

    if (!now.tritonVersion)
        ex.notes.push_back(Text::of(KL_TEXT("kl::explain", "the Triton version here is unknown: %1"),
                                    now.tritonVersionSource));
    else if (m.tritonVersion.empty())
        ex.notes.push_back(Text::of(
            KL_TEXT("kl::explain", "the entry does not record its Triton version (before 3.2); here: %1"),
            *now.tritonVersion));
    else if (m.tritonVersion != *now.tritonVersion)
        diffs.push_back(
            recorded(DifferenceKind::TritonVersion, "triton_version", optText(m.tritonVersion),
                     optText(*now.tritonVersion),
                     Text::of(KL_TEXT("kl::explain", "triton_key differs with the version (from %1)"),
                              now.tritonVersionSource)));

    if (m.target.backend == "cuda") {
        if (now.gpuArchs.empty()) {
            ex.notes.push_back(
                Text::of(KL_TEXT("kl::explain", "the GPU arch here is unknown: %1"), now.gpuSource));
        } else if (std::find(now.gpuArchs.begin(), now.gpuArchs.end(), m.target.arch) == now.gpuArchs.end()) {
            std::string list;
            for (const std::string& g : now.gpuArchs)
                list += (list.empty() ? "" : ", ") + g;
            diffs.push_back(recorded(
                DifferenceKind::Target, "arch", archJson(m.target.arch),
                now.gpuArchs.size() == 1 ? archJson(now.gpuArchs.front())
                                         : std::optional<std::string>("[" + list + "]"),
                Text::of(KL_TEXT("kl::explain", "no GPU here has the entry's compute capability (%1)"),
                         now.gpuSource)));
        }
    } else if (!m.target.backend.empty()) {
        ex.notes.push_back(Text::of(
            KL_TEXT("kl::explain", "the entry targets %1 %2; only NVIDIA GPUs are detected here (%3)"),
            m.target.backend, m.target.arch, now.gpuSource));
    }

    if (m.format == "2.x") {
        ex.notes.push_back(Text::of(KL_TEXT(
            "kl::explain", "metadata in the 2.x format records no environment variables: not compared")));
    } else {
        std::vector<MetadataField> current;
        for (const auto& [name, raw] : now.envVars)
            current.push_back({name, jsonString(tritonEnvValue(raw))});
        std::vector<Difference> envDiffs;
        compareFields(DifferenceKind::EnvVar, m.envVars, current, envDiffs);
        for (Difference& d : envDiffs) {
            auto raw = std::find_if(now.envVars.begin(), now.envVars.end(),
                                    [&](const auto& v) { return v.first == d.name; });
            if (raw != now.envVars.end()) {
                if (!isValidUtf8(raw->second))
                    d.note = Text::of(
                        KL_TEXT("kl::explain",
                                "its value is not UTF-8: Triton 3.9 fails to read it (UnicodeDecodeError)"));
                else if (tritonEnvValue(raw->second) != raw->second)
                    d.note = Text::of(KL_TEXT("kl::explain", "set to \"%1\", which Triton records as \"%2\""),
                                      raw->second, tritonEnvValue(raw->second));
            }
            const auto& vars = cacheInvalidatingEnvVars();
            auto known = std::find_if(vars.begin(), vars.end(),
                                      [&](const CacheEnvVar& v) { return v.name == d.name; });
            if (known != vars.end() && !known->current)
                d.note = d.note.empty()
                             ? Text::of(KL_TEXT("kl::explain", "only older Triton versions key on it"))
                             : Text::of(KL_TEXT("kl::explain", "%1; only older Triton versions key on it"),
                                        d.note);
            diffs.push_back(std::move(d));
        }
    }
    ex.notes.push_back(
        Text::of(KL_TEXT("kl::explain", "compile options (num_warps, num_stages, ...) come from the "
                                        "call site, not the environment: compare two entries with "
                                        "`klens explain A B`")));
    ex.notRecorded = suspects(true);
    ex.ok = true;
    return ex;
}

} // namespace kl
