#include "explaincommand.h"

#include "clioutput.h"
#include "command.h"
#include "entryresolution.h"
#include "explain/entrycomparison.h"
#include "util/jsonwriter.h"
#include "util/utf8.h"

namespace kl::cli {
namespace {

using json::str;
using json::Writer;

void optStr(Writer& w, const std::optional<std::string>& s)
{
    if (s)
        str(w, *s);
    else
        w.Null();
}

// Difference values are JSON text already (as the metadata recorded them).
void raw(Writer& w, const std::optional<std::string>& json)
{
    if (!json)
        w.Null();
    else if (isValidUtf8(*json))
        w.RawValue(json->data(), json->size(), rapidjson::kStringType);
    else
        str(w, *json);
}

std::string targetText(const Target& t)
{
    if (t.empty())
        return "-";
    return t.backend + " " + t.arch + " (warp " + std::to_string(t.warpSize) + ")";
}

void writeSide(Writer& w, const EntryDetail& d)
{
    w.StartObject();
    w.Key("path");
    str(w, d.entry.path);
    w.Key("folder");
    str(w, d.entry.folderName);
    w.Key("kernel");
    str(w, d.entry.kernel);
    w.Key("hash");
    optStr(w, d.entry.hash.empty() ? std::nullopt : std::optional<std::string>(d.entry.hash));
    w.Key("triton_version");
    optStr(w,
           d.entry.tritonVersion.empty() ? std::nullopt : std::optional<std::string>(d.entry.tritonVersion));
    w.Key("target");
    if (d.entry.target.empty()) {
        w.Null();
    } else {
        w.StartObject();
        w.Key("backend");
        str(w, d.entry.target.backend);
        w.Key("arch");
        str(w, d.entry.target.arch);
        w.Key("warp_size");
        w.Int(d.entry.target.warpSize);
        w.EndObject();
    }
    w.EndObject();
}

void writeEnvironment(Writer& w, const CurrentEnvironment& now)
{
    w.StartObject();
    w.Key("triton_version");
    optStr(w, now.tritonVersion);
    w.Key("triton_version_source");
    str(w, now.tritonVersionSource);
    w.Key("gpu_archs");
    w.StartArray();
    for (const std::string& a : now.gpuArchs)
        str(w, a);
    w.EndArray();
    w.Key("gpu_source");
    str(w, now.gpuSource);
    w.Key("env_vars");
    w.StartObject();
    for (const auto& [name, value] : now.envVars) {
        w.Key(name.c_str());
        str(w, value);
    }
    w.EndObject();
    w.EndObject();
}

void writeJson(const Explanation& ex, const EntryDetail& a, const EntryDetail* b,
               const CurrentEnvironment* now)
{
    json::writeDocument(stdout, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.explain/1");
        w.Key("mode");
        w.String(b ? "entries" : "environment");
        w.Key("a");
        writeSide(w, a);
        w.Key("b");
        if (b)
            writeSide(w, *b);
        else
            w.Null();
        w.Key("environment");
        if (now)
            writeEnvironment(w, *now);
        else
            w.Null();
        w.Key("same_hash");
        w.Bool(ex.sameHash);
        w.Key("same_code");
        if (ex.sameCode)
            w.Bool(*ex.sameCode);
        else
            w.Null();
        w.Key("nothing_recorded_differs");
        w.Bool(ex.differences.empty());
        w.Key("differences");
        w.StartArray();
        for (const Difference& d : ex.differences) {
            w.StartObject();
            w.Key("kind");
            w.String(toString(d.kind).data());
            w.Key("name");
            str(w, d.name);
            if (d.kind == DifferenceKind::Stage) {
                w.Key("a_lines");
                w.Uint64(d.aLineCount);
                w.Key("b_lines");
                w.Uint64(d.bLineCount);
                w.Key("lines");
                w.StartArray();
                for (const LineDifference& l : d.lines) {
                    w.StartObject();
                    w.Key("line");
                    w.Uint64(l.line);
                    w.Key("a");
                    optStr(w, l.a);
                    w.Key("b");
                    optStr(w, l.b);
                    w.EndObject();
                }
                w.EndArray();
            } else {
                w.Key("a");
                raw(w, d.a);
                w.Key("b");
                raw(w, d.b);
            }
            w.Key("note");
            optStr(w, d.note.empty() ? std::nullopt : std::optional<std::string>(d.note.english()));
            w.EndObject();
        }
        w.EndArray();
        w.Key("not_recorded");
        w.StartArray();
        for (const Text& s : ex.notRecorded)
            str(w, s);
        w.EndArray();
        w.Key("notes");
        w.StartArray();
        for (const Text& s : ex.notes)
            str(w, s);
        w.EndArray();
        w.EndObject();
    });
}

std::string shown(const std::optional<std::string>& v)
{
    return v ? printableName(*v) : "(not set)";
}

void printText(const Explanation& ex, const EntryDetail& a, const EntryDetail* b,
               const CurrentEnvironment* now)
{
    std::printf("A  %s\n   %s, %s, triton %s\n", printableName(a.entry.path).c_str(),
                printableName(a.entry.kernel).c_str(), targetText(a.entry.target).c_str(),
                a.entry.tritonVersion.empty() ? "not recorded" : a.entry.tritonVersion.c_str());
    if (b) {
        std::printf("B  %s\n   %s, %s, triton %s\n", printableName(b->entry.path).c_str(),
                    printableName(b->entry.kernel).c_str(), targetText(b->entry.target).c_str(),
                    b->entry.tritonVersion.empty() ? "not recorded" : b->entry.tritonVersion.c_str());
    } else if (now) {
        std::string gpus;
        for (const std::string& g : now->gpuArchs)
            gpus += (gpus.empty() ? "" : ", ") + g;
        std::printf("B  this environment\n   triton %s (%s%s)\n   GPU arch %s (%s%s)\n",
                    now->tritonVersion ? now->tritonVersion->c_str() : "unknown",
                    now->tritonVersion ? "from " : "", now->tritonVersionSource.english().c_str(),
                    gpus.empty() ? "unknown" : gpus.c_str(), gpus.empty() ? "" : "from ",
                    now->gpuSource.english().c_str());
    }
    if (ex.differences.empty()) {
        std::printf("\nNothing recorded differs.\n");
    } else {
        std::printf("\n%zu recorded difference%s (A -> B):\n", ex.differences.size(),
                    ex.differences.size() == 1 ? "" : "s");
        for (const Difference& d : ex.differences) {
            const std::string kind(toString(d.kind));
            if (d.kind == DifferenceKind::Stage) {
                std::printf("  %-15s .%s text differs (A %zu lines, B %zu lines); first differing lines:\n",
                            kind.c_str(), d.name.c_str(), d.aLineCount, d.bLineCount);
                for (const LineDifference& l : d.lines)
                    std::printf("    line %zu\n      A: %s\n      B: %s\n", l.line,
                                l.a ? printableName(*l.a).c_str() : "(no such line)",
                                l.b ? printableName(*l.b).c_str() : "(no such line)");
            } else {
                std::printf("  %-15s %-34s %s -> %s\n", kind.c_str(), printableName(d.name).c_str(),
                            shown(d.a).c_str(), shown(d.b).c_str());
            }
            if (!d.note.empty())
                std::printf("  %-15s %s\n", "", d.note.english().c_str());
        }
    }
    if (!ex.notes.empty()) {
        std::printf("\nnotes:\n");
        for (const Text& n : ex.notes)
            std::printf("  - %s\n", n.english().c_str());
    }
    if (ex.differences.empty()) {
        std::printf("\nThe cache does not record these inputs of the key; they remain the suspects:\n");
        for (const Text& s : ex.notRecorded)
            std::printf("  - %s\n", s.english().c_str());
    }
}

} // namespace

int runExplain(const ExplainArgs& args)
{
    if (args.env == (args.entries.size() == 2)) {
        printError(args.env ? "--env compares ONE entry with this environment; drop the second ENTRY"
                            : "give two entries (klens explain A B), or one with --env");
        return ExitError;
    }
    std::vector<Entry> entries;
    if (!resolveEntries(args.entries, args.roots, entries))
        return ExitError;
    std::vector<EntryDetail> details;
    for (const Entry& e : entries)
        details.push_back(loadEntryDetail(e));

    Explanation ex;
    CurrentEnvironment now;
    if (args.env) {
        now = probeCurrentEnvironment(Environment::current());
        ex = compareWithEnvironment(details[0], now);
    } else {
        ex = compareEntries(details[0], details[1]);
    }
    if (!ex.ok) {
        printError(ex.error.english());
        return ExitError;
    }
    const EntryDetail* b = args.env ? nullptr : &details[1];
    if (args.json)
        writeJson(ex, details[0], b, args.env ? &now : nullptr);
    else
        printText(ex, details[0], b, args.env ? &now : nullptr);
    std::fflush(stdout);
    return ex.differences.empty() ? ExitOk : ExitProblems;
}

void addExplainCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<ExplainArgs>();
    auto* cmd =
        app.add_subcommand("explain", "Why did it miss: the recorded key inputs that differ between two "
                                      "entries, or between an entry and this environment (--env)");
    cmd->add_option("ENTRY", args->entries, "Two entries (folders, or unique prefixes of their names)")
        ->required()
        ->expected(1, 2);
    cmd->add_flag("--env", args->env,
                  "Compare the entry with this environment: cache-invalidating variables, the Triton "
                  "version python3 imports, the GPU's compute capability");
    cmd->add_option("--root", args->roots, "Where to look prefixes up (default: the effective roots)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.explain/1)");
    out.push_back({cmd, [args] { return runExplain(*args); }});
}

} // namespace kl::cli
