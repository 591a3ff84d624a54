#include "remotecommand.h"

#include "clioutput.h"
#include "core/doctor/problemmapping.h"
#include "core/env/environment.h"
#include "core/remote/remotecache.h"
#include "core/remote/remoteclean.h"
#include "core/remote/remotejson.h"
#include "core/report/entryhandles.h"
#include "core/report/entrylabels.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <csignal>
#include <map>
#include <unistd.h>

namespace kl::cli {
namespace {

std::atomic<bool> g_interrupted{false};

void onRemoteInterrupt(int)
{
    g_interrupted.store(true);
}

std::string idleText(std::int64_t s)
{
    if (s < 0)
        return "-";
    if (s < 120)
        return std::to_string(s) + "s";
    if (s < 7200)
        return std::to_string(s / 60) + "m";
    if (s < 172800)
        return std::to_string(s / 3600) + "h";
    return std::to_string(s / 86400) + "d";
}

remote::RemoteScanOptions scanOptions(const RemoteArgs& args)
{
    remote::RemoteScanOptions o;
    o.cancel = remoteInterruptFlag();
    if (args.progress && ::isatty(STDERR_FILENO))
        o.progress = [](const remote::RemoteProgress& p) {
            if (p.scanned)
                std::fprintf(stderr, "\rreading %zu/%zu entries              ", p.entries, p.entriesTotal);
            else if (p.entriesTotal) // entries are read while SCAN goes on
                std::fprintf(stderr, "\rlisting: %zu keys, %zu/%zu entries read", p.keys, p.entries,
                             p.entriesTotal);
            else
                std::fprintf(stderr, "\rlisting: %zu keys", p.keys);
        };
    return o;
}

std::optional<remote::RemoteSnapshot> scan(RemoteConnection& c, const RemoteArgs& args)
{
    auto snap = remote::scanRemote(c.client, c.format, scanOptions(args));
    if (args.progress && ::isatty(STDERR_FILENO))
        std::fprintf(stderr, "\n");
    if (!snap) {
        printError(snap.error().english());
        return std::nullopt;
    }
    return std::move(*snap);
}

void printProblems(const Snapshot& snap, std::size_t limit)
{
    std::size_t shown = 0;
    for (const Entry& e : snap.entries)
        for (const Problem& p : e.problems)
            if (shown++ < limit)
                std::printf("  %-16s %s\n", p.code.c_str(), p.message.english().c_str());
    if (shown > limit)
        std::printf("  ... %zu more (--json lists them all)\n", shown - limit);
}

void printSummary(const remote::RemoteSnapshot& snap)
{
    const Summary s = snap.snapshot.summary();
    std::printf("\n%zu entries in %zu keys, %s:", s.entries, snap.keys, humanSize(s.totalSize).c_str());
    for (const auto& [k, n] : s.byStatus)
        if (n)
            std::printf(" %zu %s", n, k.c_str());
    if (snap.snapshot.cancelled)
        std::printf(" | interrupted: the listing is partial");
    std::printf("\n");
}

std::string configText(const remote::InductorBestConfig& c)
{
    std::string text;
    for (const auto& [k, v] : c.kwargs)
        text += k + "=" + v + " ";
    text += "warps=" + (c.numWarps ? std::to_string(*c.numWarps) : std::string("?"));
    text += " stages=" + (c.numStages ? std::to_string(*c.numStages) : std::string("?"));
    if (c.timeTakenMs)
        text += " (tuned in " + std::to_string(*c.timeTakenMs) + " ms" +
                (c.foundByCoordesc.value_or(false) ? ", coordinate descent)" : ")");
    return text;
}

// PyTorch Inductor's values beside Triton's: autotune winners decoded, the rest by size.
void printInductor(const std::vector<remote::InductorValue>& values)
{
    if (values.empty())
        return;
    std::map<std::string, std::pair<std::size_t, std::uint64_t>> byKind;
    for (const remote::InductorValue& v : values) {
        auto& [n, bytes] = byKind[std::string(remote::toString(v.kind))];
        ++n;
        bytes += v.size;
    }
    std::printf("\nPyTorch Inductor values (pt2:*):");
    for (const auto& [kind, nb] : byKind)
        std::printf("  %zu %s (%s)", nb.first, kind.c_str(), humanSize(nb.second).c_str());
    std::printf("\n");
    std::size_t shown = 0;
    for (const remote::InductorValue& v : values)
        for (std::size_t i = 0; i < v.configs.size() && shown < 20; ++i, ++shown)
            std::printf(
                "  autotune %s  %s\n",
                column(printableName(i < v.bundledFiles.size() ? v.bundledFiles[i] : v.key), 28).c_str(),
                configText(v.configs[i]).c_str());
    for (const remote::InductorValue& v : values)
        if (!v.problem.empty())
            std::printf("  %s\n", v.problem.english().c_str());
}

int exitFor(const remote::RemoteSnapshot& snap)
{
    if (snap.snapshot.cancelled)
        return ExitCancelled;
    return snap.snapshot.hasProblems() ? ExitProblems : ExitOk;
}

int runLs(const RemoteArgs& args)
{
    auto c = connectRemote(args);
    if (!c)
        return ExitError;
    auto snap = scan(*c, args);
    if (!snap)
        return ExitError;
    if (args.json) {
        remote::writeRemoteSnapshotJson(*snap, stdout);
        return exitFor(*snap);
    }
    std::printf("server %s  (key format %s)\n", c->client.server().c_str(), c->format.text().c_str());
    if (!snap->snapshot.roots.front().note.empty())
        std::printf("note: %s\n", snap->snapshot.roots.front().note.english().c_str());
    std::printf("\n");
    // The handle first: the shortest start of the key no other entry's key shares, which
    // `klens remote show`, `explain remote:HANDLE` and the other ENTRY arguments take.
    const std::vector<std::string> handles = entryHandles(snap->snapshot);
    std::size_t width = 6;
    for (const std::string& h : handles)
        width = std::max(width, h.size());
    std::printf("%s %s %s %s %s %s %s %s\n", column("HANDLE", width).c_str(), column("KERNEL", 30).c_str(),
                column("KIND", 8).c_str(), column("ARCH", 8).c_str(), column("TRITON", 8).c_str(),
                column("SIZE", 10).c_str(), column("IDLE", 6).c_str(), "STATUS");
    const auto& entries = snap->snapshot.entries;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        const std::string arch = archLabel(e.target);
        std::printf(
            "%s %s %s %s %s %s %s %s%s\n", column(printableName(handles[i]), width).c_str(),
            column(displayName(e), 30).c_str(), column(std::string(toString(e.kind)), 8).c_str(),
            column(arch.empty() ? "-" : arch, 8).c_str(),
            column(e.tritonVersion.empty() ? "-" : e.tritonVersion, 8).c_str(),
            column(humanSize(e.totalSize), 10).c_str(), column(idleText(snap->idleSeconds[i]), 6).c_str(),
            std::string(toString(e.status)).c_str(),
            e.problems.empty() ? "" : ("  (" + std::to_string(e.problems.size()) + " problems)").c_str());
    }
    printInductor(snap->inductor);
    if (snap->snapshot.hasProblems()) {
        std::printf("\nproblems:\n");
        printProblems(snap->snapshot, 50);
    }
    printSummary(*snap);
    return exitFor(*snap);
}

int runShow(const RemoteArgs& args, const std::string& key)
{
    auto c = connectRemote(args);
    if (!c)
        return ExitError;
    auto listing = resolveRemoteKey(*c, key);
    if (!listing)
        return ExitError;
    auto snap = remote::readRemote(c->client, c->format, *listing, scanOptions(args));
    if (!snap) {
        printError(snap.error().english());
        return ExitError;
    }
    if (args.json) {
        remote::writeRemoteSnapshotJson(*snap, stdout);
        return exitFor(*snap);
    }
    const Entry& e = snap->snapshot.entries.front();
    std::printf("entry    %s on %s\n", e.folderName.c_str(), c->client.server().c_str());
    std::printf("kernel   %s\nkind     %s\nstatus   %s\n", displayName(e).c_str(),
                std::string(toString(e.kind)).c_str(), std::string(toString(e.status)).c_str());
    if (!e.target.empty())
        std::printf("target   %s\n", archLabel(e.target).c_str());
    if (!e.tritonVersion.empty())
        std::printf("triton   %s (metadata %s)\n", e.tritonVersion.c_str(), e.metadataFormat.c_str());
    if (!e.hash.empty())
        std::printf("hash     %s (%s)\n", e.hash.c_str(),
                    e.hashOk == true ? "matches the key" : "does NOT match the key");
    std::printf("idle     %s\nvalues:\n", idleText(snap->idleSeconds.front()).c_str());
    for (const Stage& s : e.stages)
        std::printf("  %10s  %s\n", humanSize(s.size).c_str(),
                    c->format.make(e.folderName, s.fileName).c_str());
    if (!e.problems.empty()) {
        std::printf("problems:\n");
        printProblems(snap->snapshot, 1000);
    }
    return exitFor(*snap);
}

int runStats(const RemoteArgs& args)
{
    auto c = connectRemote(args);
    if (!c)
        return ExitError;
    auto info = remote::serverInfo(c->client);
    if (!info) {
        printError(info.error().english());
        return ExitError;
    }
    auto snap = scan(*c, args);
    if (!snap)
        return ExitError;
    if (args.json) {
        remote::writeRemoteStatsJson(*snap, *info, stdout);
        return snap->snapshot.cancelled ? ExitCancelled : ExitOk;
    }
    const Summary s = snap->snapshot.summary();
    const long long lookups = info->keyspaceHits + info->keyspaceMisses;
    std::printf("server          %s (Redis %s)\n", c->client.server().c_str(), info->version.c_str());
    std::printf("key format      %s\n", c->format.text().c_str());
    std::printf("entries         %zu (%zu keys), %s of values\n", s.entries, snap->keys,
                humanSize(s.totalSize).c_str());
    for (const auto& [k, n] : s.byKind)
        if (n)
            std::printf("  %-13s %zu\n", k.c_str(), n);
    std::printf("server memory   %s used", humanSize(info->usedMemory).c_str());
    if (info->maxMemory)
        std::printf(" of %s (%s)", humanSize(info->maxMemory).c_str(), info->evictionPolicy.c_str());
    else
        std::printf(", no maxmemory limit");
    std::printf("\nkeys in db %-4d %lld\n", c->client.endpoint().db, info->dbKeys);
    std::printf("keyspace        %lld hits, %lld misses", info->keyspaceHits, info->keyspaceMisses);
    if (lookups)
        std::printf(" (%.1f%% hits, every client of this server since its start)",
                    100.0 * info->keyspaceHits / lookups);
    std::printf("\nevicted keys    %lld\n", info->evictedKeys);
    return snap->snapshot.cancelled ? ExitCancelled : ExitOk;
}

int runDoctor(const RemoteArgs& args)
{
    auto c = connectRemote(args);
    if (!c)
        return ExitError;
    auto snap = scan(*c, args);
    if (!snap)
        return ExitError;
    if (args.json) {
        remote::writeRemoteSnapshotJson(*snap, stdout);
        return exitFor(*snap);
    }
    std::printf("server %s  (key format %s)\n", c->client.server().c_str(), c->format.text().c_str());
    std::map<std::string, std::size_t> byCode;
    for (const Entry& e : snap->snapshot.entries)
        for (const Problem& p : e.problems)
            ++byCode[p.code];
    if (byCode.empty()) {
        std::printf("no problems in %zu entries (%zu keys)\n", snap->snapshot.entries.size(), snap->keys);
        return exitFor(*snap);
    }
    for (const auto& [code, n] : byCode) {
        auto m = mapProblem(code);
        std::printf("\n%s %s: %zu\n", m && m->severity == FindingSeverity::Error ? "error  " : "warning",
                    code.c_str(), n);
        std::size_t shown = 0;
        for (const Entry& e : snap->snapshot.entries)
            for (const Problem& p : e.problems)
                if (p.code == code && shown++ < 10)
                    std::printf("    %s\n", p.message.english().c_str());
        if (shown > 10)
            std::printf("    ... %zu more\n", shown - 10);
        if (m)
            std::printf("  fix: %s\n", Text(m->fix).english().c_str());
    }
    if (byCode.count(std::string(problem::MissingGroup)) || byCode.count(std::string(problem::MissingChild)))
        std::printf(
            "\nentries no Triton can hit: klens remote clean --broken (a dry run; --apply deletes)\n");
    printSummary(*snap);
    return exitFor(*snap);
}

} // namespace

const std::atomic<bool>* remoteInterruptFlag()
{
    static const bool installed = [] {
        struct sigaction sa {};
        sa.sa_handler = onRemoteInterrupt;
        ::sigaction(SIGINT, &sa, nullptr);
        return true;
    }();
    (void)installed;
    return &g_interrupted;
}

void addRemoteOptions(CLI::App* cmd, RemoteArgs& args, bool withUrlArg)
{
    if (withUrlArg)
        cmd->add_option("URL", args.url, "The server: redis://[user:password@]host:port/db, unix:///path");
    cmd->add_option("--url", args.url,
                    "The server (default: KERNELLENS_REDIS_URL, else TRITON_REDIS_HOST/PORT)");
    cmd->add_option("--key-format", args.keyFormat,
                    "Key format (default: TRITON_REDIS_KEY_FORMAT, else "
                    "triton:{key}:{filename})");
    cmd->add_option("--timeout", args.timeout, "Seconds to wait to connect and for each reply (default 10)");
    cmd->add_flag("--json", args.json, "Print the documented JSON");
    cmd->add_flag("--progress", args.progress, "Show progress on a terminal");
}

std::optional<RemoteConnection> connectRemote(const RemoteArgs& args)
{
    const Environment env = Environment::current();
    auto endpoint = remote::resolveEndpoint(args.url, env);
    if (!endpoint) {
        printError(endpoint.error().english());
        return std::nullopt;
    }
    std::string formatText = args.keyFormat;
    if (formatText.empty())
        if (auto v = env.get(std::string(remote::KeyFormat::kVariable)); v && !v->empty())
            formatText = *v;
    if (formatText.empty())
        formatText = remote::KeyFormat::kDefault;
    auto format = remote::KeyFormat::parse(formatText);
    if (!format) {
        printError(format.error().english());
        return std::nullopt;
    }
    remote::Timeouts timeouts;
    timeouts.connect = timeouts.command =
        std::chrono::milliseconds(static_cast<long long>(std::max(0.001, args.timeout) * 1000));
    auto client = remote::Client::connect(*endpoint, timeouts);
    if (!client) {
        printError(client.error().english());
        return std::nullopt;
    }
    remoteInterruptFlag();
    return RemoteConnection{std::move(*client), std::move(*format)};
}

void addRemoteReadCommands(CLI::App& remote, Commands& out)
{
    {
        auto args = std::make_shared<RemoteArgs>();
        auto* cmd = remote.add_subcommand(
            "ls", "List the entries of a Redis remote cache (schema kernellens.remote/1)");
        addRemoteOptions(cmd, *args, true);
        out.push_back({cmd, [args] { return runLs(*args); }});
    }
    {
        auto args = std::make_shared<RemoteArgs>();
        auto key = std::make_shared<std::string>();
        auto* cmd = remote.add_subcommand("show", "Show one remote entry: its values, metadata and problems");
        cmd->add_option("KEY", *key, "The entry's key (its folder name)")->required();
        addRemoteOptions(cmd, *args, false);
        out.push_back({cmd, [args, key] { return runShow(*args, *key); }});
    }
    {
        auto args = std::make_shared<RemoteArgs>();
        auto* cmd =
            remote.add_subcommand("stats", "Entries, bytes, server memory and keyspace hits and misses");
        addRemoteOptions(cmd, *args, true);
        out.push_back({cmd, [args] { return runStats(*args); }});
    }
    {
        auto args = std::make_shared<RemoteArgs>();
        auto* cmd =
            remote.add_subcommand("doctor", "Check a remote cache: groups naming absent values, values "
                                            "without a group, content that does not match its key, ...");
        addRemoteOptions(cmd, *args, true);
        out.push_back({cmd, [args] { return runDoctor(*args); }});
    }
}

void addRemoteCommand(CLI::App& app, Commands& out)
{
    auto* remote =
        app.add_subcommand("remote", "Triton's Redis remote cache: list, show, pull, push, check, clean");
    remote->require_subcommand(1);
    addRemoteReadCommands(*remote, out);
    addRemoteTransferCommands(*remote, out);
    addRemoteCleanCommand(*remote, out);
}

} // namespace kl::cli

namespace kl::cli {

std::optional<std::string> keyOfHandle(const RemoteConnection& c, const remote::KeyListing& listing,
                                       const std::string& handle)
{
    // The whole key of one entry may be the start of another's: the whole key wins.
    if (listing.entries.count(handle))
        return handle;
    std::vector<std::string> matches;
    for (auto it = listing.entries.lower_bound(handle);
         it != listing.entries.end() && it->first.starts_with(handle); ++it)
        matches.push_back(it->first);
    if (matches.size() == 1)
        return matches.front();
    const std::string where = c.client.server() + " (key format " + c.format.text() + ")";
    if (matches.empty()) {
        printError("no entry key starts with \"" + handle + "\" on " + where);
        return std::nullopt;
    }
    std::string list;
    for (std::size_t i = 0; i < matches.size() && i < 10; ++i)
        list += "\n  " + printableName(matches[i]);
    if (matches.size() > 10)
        list += "\n  ... " + std::to_string(matches.size() - 10) + " more";
    printError("\"" + handle + "\" starts " + std::to_string(matches.size()) + " entry keys on " + where +
               "; give more of the key:" + list);
    return std::nullopt;
}

std::optional<remote::KeyListing> resolveRemoteKey(RemoteConnection& c, const std::string& handle)
{
    auto listing =
        remote::listEntryKeys(c.client, c.format, handle, remoteInterruptFlag(), remote::KeyMatch::Prefix);
    if (!listing) {
        printError(listing.error().english());
        return std::nullopt;
    }
    const std::optional<std::string> key = keyOfHandle(c, *listing, handle);
    if (!key)
        return std::nullopt;
    remote::KeyListing one;
    auto it = listing->entries.find(*key);
    one.entries.insert(*it);
    one.keys = it->second.size();
    return one;
}

} // namespace kl::cli
