#include "tracecommand.h"

#include "clioutput.h"
#include "core/remote/remotecache.h"
#include "core/report/entryhandles.h"
#include "core/trace/traceanalysis.h"
#include "core/trace/tracejoin.h"
#include "core/trace/tracejson.h"
#include "core/trace/tracereader.h"
#include "core/util/jsonwriter.h"
#include "core/util/utf8.h"
#include "remotecommand.h"
#include "rootselection.h"
#include "traceexportcommand.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace kl::cli {

namespace {

struct TraceArgs {
    std::vector<std::string> files;
    std::vector<std::string> caches;
    std::size_t top = 20;
    bool topGiven = false;
    bool json = false;
    std::vector<std::string> comm; ///< --comm: the user's communication patterns
};

/// Kernel times are a few microseconds: keep two decimals there, unlike humanMicros.
std::string duration(std::int64_t ns)
{
    char buf[64];
    const double us = static_cast<double>(ns) / 1000.0;
    if (ns < 0)
        return "-";
    if (us < 10)
        std::snprintf(buf, sizeof buf, "%.2f us", us);
    else if (us < 1000)
        std::snprintf(buf, sizeof buf, "%.1f us", us);
    else if (us < 1e6)
        std::snprintf(buf, sizeof buf, "%.2f ms", us / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.2f s", us / 1e6);
    return buf;
}

std::string percent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", share * 100.0);
    return buf;
}

std::string observedText(const trace::Observed& o)
{
    if (o.common < 0)
        return "-";
    return std::to_string(o.common) + (o.varies() ? "*" : "");
}

/// Reads the files side by side: one per rank, each its own stream of bytes.
std::vector<Result<trace::Trace>> readAll(const std::vector<std::string>& files)
{
    std::vector<Result<trace::Trace>> out(files.size(), fail(Text()));
    const bool tty = ::isatty(STDERR_FILENO);
    std::mutex mutex;
    std::vector<std::uint64_t> done(files.size()), total(files.size());
    auto progress = [&](std::size_t i, std::uint64_t d, std::uint64_t t) {
        if (!tty)
            return;
        std::lock_guard lock(mutex);
        done[i] = d;
        total[i] = t;
        std::uint64_t sd = 0, st = 0;
        for (std::size_t k = 0; k < files.size(); ++k) {
            sd += done[k];
            st += total[k];
        }
        std::fprintf(stderr, "\rreading %s of %s", humanSize(sd).c_str(), humanSize(st).c_str());
    };
    const std::size_t workers =
        std::max<std::size_t>(1, std::min<std::size_t>(files.size(), std::thread::hardware_concurrency()));
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> threads;
    for (std::size_t w = 0; w < workers; ++w)
        threads.emplace_back([&] {
            for (std::size_t i = next++; i < files.size(); i = next++) {
                trace::TraceReadOptions o;
                o.progress = [&, i](std::uint64_t d, std::uint64_t t) { progress(i, d, t); };
                out[i] = trace::readTrace(files[i], o);
            }
        });
    for (std::thread& t : threads)
        t.join();
    if (tty)
        std::fprintf(stderr, "\r\033[K");
    return out;
}

// The handle of the entry that fits each kernel's most-called binary ("-" for none): what `klens
// show`, `cubin` and `sass` take next (with --root for a folder, or the server's URL#HANDLE).
std::vector<std::string> entryHandlesOf(const trace::TraceReport& report, const trace::JoinResult* join,
                                        const std::vector<const Snapshot*>& snaps,
                                        const std::vector<std::string>& prefixes)
{
    std::vector<std::string> out(report.kernels.size(), "-");
    if (!join)
        return out;
    std::vector<std::vector<std::string>> handles;
    for (const Snapshot* s : snaps)
        handles.push_back(entryHandles(*s));
    for (const trace::KernelJoin& k : join->kernels)
        if (k.best >= 0 && k.kernel < out.size()) {
            const trace::EntryMatch& m = k.entries[std::size_t(k.best)];
            out[k.kernel] = prefixes[std::size_t(m.snapshot)] + handles[std::size_t(m.snapshot)][m.entry];
        }
    return out;
}

void printText(const trace::TraceReport& report, const trace::JoinResult* join, const TraceArgs& args,
               const std::vector<std::string>& entries)
{
    for (const trace::TraceFileSummary& f : report.files) {
        std::printf("%s: %llu events, %llu on the GPU (%s)", f.path.c_str(),
                    static_cast<unsigned long long>(f.events), static_cast<unsigned long long>(f.gpuEvents),
                    duration(f.gpuTotalNs).c_str());
        if (f.rank)
            std::printf(", rank %d", *f.rank);
        std::printf("\n");
        if (f.skipped.total() > 0)
            std::printf("  set aside: %llu events (missing ts %llu, missing dur %llu, negative %llu, over a "
                        "day %llu, "
                        "bad numbers %llu)\n",
                        static_cast<unsigned long long>(f.skipped.total()),
                        static_cast<unsigned long long>(f.skipped.missingTs),
                        static_cast<unsigned long long>(f.skipped.missingDur),
                        static_cast<unsigned long long>(f.skipped.negativeDur),
                        static_cast<unsigned long long>(f.skipped.hugeDur),
                        static_cast<unsigned long long>(f.skipped.badNumber));
        if (f.truncated)
            std::printf("  warning: %s\n", f.truncated->message.english().c_str());
    }
    const auto& c = report.classes;
    // "GPU time" sums durations over every stream: beside a device's span it can be larger.
    std::printf("\nGPU time %s (activity durations summed over all streams): compute %s, communication %s, "
                "memcpy %s, memset %s\n",
                duration(report.gpuTotalNs).c_str(), duration(c.computeNs).c_str(),
                duration(c.communicationNs).c_str(), duration(c.memcpyNs).c_str(),
                duration(c.memsetNs).c_str());
    std::map<std::string, std::size_t> byRule;
    for (const trace::KernelStats& k : report.kernels)
        if (!k.classRule.empty())
            ++byRule[k.classRule];
    if (!byRule.empty()) {
        std::string rules;
        for (const auto& [rule, count] : byRule)
            rules += (rules.empty() ? "" : ", ") + rule + " " + std::to_string(count);
        std::printf("communication kernels by the rule that named them: %s\n", rules.c_str());
    }
    if (!report.unnamedOnCommStreams.empty()) {
        std::string names;
        for (std::size_t i : report.unnamedOnCommStreams)
            names += (names.empty() ? "" : ", ") + report.kernels[i].shortName;
        std::printf("%zu kernels no rule names ran on streams that are mostly communication: %s (--comm "
                    "PATTERN counts them as communication)\n",
                    report.unnamedOnCommStreams.size(), names.c_str());
    }
    if (report.launchDelays.matched > 0)
        std::printf("launch to start: median %s, p95 %s, max %s over %lld launches\n",
                    duration(report.launchDelays.p50Ns).c_str(), duration(report.launchDelays.p95Ns).c_str(),
                    duration(report.launchDelays.maxNs).c_str(),
                    static_cast<long long>(report.launchDelays.matched));

    const std::size_t n = args.top ? std::min(args.top, report.kernels.size()) : report.kernels.size();
    std::size_t entryWidth = 5;
    for (std::size_t i = 0; join && i < n; ++i)
        entryWidth = std::max(entryWidth, entries[i].size());
    std::printf("\n%s  %7s  %10s  %10s  %10s  %6s  %4s  %6s  %-9s  %s%s\n", column("TOTAL", 10).c_str(),
                "CALLS", "MEAN", "P50", "P95", "SHARE", "REGS", "SMEM", "CACHE",
                join ? (column("ENTRY", entryWidth) + "  ").c_str() : "", "KERNEL");
    for (std::size_t i = 0; i < n; ++i) {
        const trace::KernelStats& k = report.kernels[i];
        std::printf(
            "%s  %7lld  %10s  %10s  %10s  %6s  %4s  %6s  %-9s  %s%s\n",
            column(duration(k.totalNs), 10).c_str(), static_cast<long long>(k.calls),
            duration(k.meanNs).c_str(), duration(k.p50Ns).c_str(), duration(k.p95Ns).c_str(),
            percent(k.share).c_str(), observedText(k.registers).c_str(), observedText(k.sharedMemory).c_str(),
            std::string(trace::matchState(report, join, i)).c_str(),
            join ? (column(printableName(entries[i]), entryWidth) + "  ").c_str() : "", k.shortName.c_str());
    }
    if (report.kernels.size() > n)
        std::printf("... %zu more kernels (--top N)\n", report.kernels.size() - n);
    bool varies = false;
    for (std::size_t i = 0; i < n; ++i)
        varies = varies || report.kernels[i].registers.varies() || report.kernels[i].sharedMemory.varies();
    if (varies)
        std::printf("* varies between launches: the most common value is shown (--json lists each)\n");
    if (join)
        std::printf("CACHE: fits = an entry fits every binary it ran as; mismatch = entries of that name, "
                    "none that fits; none = no entry of that name; not-joined = not a kernel\n");

    // BUSY is the union over streams, SPAN first start to last end; COMM the union of communication,
    // HIDDEN the part of it under compute, EXPOSED the rest.
    std::printf("\n%-6s  %-26s  %10s  %10s  %6s  %10s  %10s  %10s  %6s  %s\n", "DEVICE", "NAME", "BUSY",
                "SPAN", "UTIL", "COMM", "HIDDEN", "EXPOSED", "HIDDEN%", "STREAMS");
    for (const trace::DeviceStats& d : report.devices) {
        const std::string id =
            (d.rank >= 0 ? std::to_string(d.rank) + "/" : std::string()) + std::to_string(d.device);
        std::printf(
            "%-6s  %s  %10s  %10s  %6s  %10s  %10s  %10s  %6s  %zu\n", id.c_str(),
            column(d.deviceName.empty() ? "-" : d.deviceName, 26).c_str(), duration(d.busyNs).c_str(),
            duration(d.spanNs).c_str(),
            percent(d.spanNs > 0 ? static_cast<double>(d.busyNs) / static_cast<double>(d.spanNs) : 0).c_str(),
            duration(d.communicationNs).c_str(), duration(d.overlapNs).c_str(),
            duration(d.exposedCommunicationNs).c_str(),
            d.communicationNs > 0 ? percent(d.hiddenShare()).c_str() : "-", d.streams.size());
    }

    if (!join) {
        std::printf("\nNo cache opened: give --cache DIR to match the kernels to cache entries.\n");
        return;
    }
    std::printf(
        "\nCache entries: %zu kernels matched, %s of GPU time runs binaries found in the cache; %zu compute "
        "kernels have no entry\n",
        join->kernels.size(), duration(join->matchedNs).c_str(), join->unmatched.size());
    for (const trace::TraceFinding& f : join->findings) {
        std::printf("\n%s [%s] %s\n  %s\n  fix: %s\n", f.severity.c_str(), f.code.c_str(),
                    report.kernels[f.kernel].shortName.c_str(), f.message.english().c_str(),
                    f.fix.english().c_str());
    }
}

int runTrace(const TraceArgs& args)
{
    // A pattern that does not compile is said before any file is read.
    auto comm = trace::CommClassifier::withUserPatterns(args.comm);
    if (!comm) {
        printError(comm.error().english());
        return ExitError;
    }
    std::vector<Result<trace::Trace>> read = readAll(args.files);
    std::vector<const trace::Trace*> traces;
    bool problems = false;
    for (const Result<trace::Trace>& r : read) {
        if (!r) {
            printError(r.error().english());
            return ExitError;
        }
        traces.push_back(&*r);
        problems = problems || r->truncated.has_value();
    }
    const trace::TraceReport report = trace::analyse(traces, *comm);
    read.clear(); // the report holds what it needs; the events can go before the caches are read

    // Folders are scanned as one snapshot; each Redis server (a URL) is listed as its own, and
    // its cubins are read from the server when the join needs them.
    std::vector<std::string> folders;
    std::vector<std::string> servers;
    for (const std::string& c : args.caches)
        (c.starts_with("redis://") || c.starts_with("rediss://") || c.starts_with("unix://") ? servers
                                                                                             : folders)
            .push_back(c);
    std::vector<std::unique_ptr<Snapshot>> snaps;
    std::vector<std::string> handlePrefixes; ///< per snapshot: "" for folders, "URL#" for a server
    std::map<const Snapshot*, std::unique_ptr<RemoteConnection>> connections;
    if (!folders.empty()) {
        TerminalProgress quiet(false); // the trace's own progress owns the line
        snaps.push_back(std::make_unique<Snapshot>(scanRoots(folders, 0, quiet)));
        handlePrefixes.emplace_back();
        for (const Root& r : snaps.back()->roots)
            if (!r.error.empty()) {
                printError(r.error.english());
                return ExitError;
            }
    }
    for (const std::string& url : servers) {
        RemoteArgs remoteArgs;
        remoteArgs.url = url;
        std::optional<RemoteConnection> c = connectRemote(remoteArgs);
        if (!c)
            return ExitError;
        remote::RemoteScanOptions options;
        options.idleTimes = false;
        options.inductor = false;
        options.cancel = remoteInterruptFlag();
        auto listed = remote::scanRemote(c->client, c->format, options);
        if (!listed) {
            printError(listed.error().english());
            return ExitError;
        }
        snaps.push_back(std::make_unique<Snapshot>(std::move(listed->snapshot)));
        handlePrefixes.push_back(url + "#");
        connections[snaps.back().get()] = std::make_unique<RemoteConnection>(std::move(*c));
    }
    std::vector<const Snapshot*> snapPtrs;
    for (const auto& s : snaps)
        snapPtrs.push_back(s.get());
    std::unique_ptr<trace::JoinResult> join;
    if (!snapPtrs.empty()) {
        const trace::CubinLoader load = [&](const Snapshot& snap, const Entry& entry,
                                            const Stage& cubin) -> Result<std::string> {
            auto it = connections.find(&snap);
            if (it == connections.end())
                return trace::readLocalCubin(entry, cubin);
            RemoteConnection& c = *it->second;
            return remote::fetchValue(c.client, c.format, entry.folderName, cubin.fileName, 256ull << 20);
        };
        join = std::make_unique<trace::JoinResult>(trace::joinCaches(report, snapPtrs, load));
        for (const trace::TraceFinding& f : join->findings)
            problems = problems || f.severity == "error";
    }
    if (args.json)
        json::writeDocument(stdout, [&](json::Writer& w) {
            trace::writeTraceJson(w, report, join.get(), snapPtrs, args.topGiven ? args.top : 0);
        });
    else
        printText(report, join.get(), args, entryHandlesOf(report, join.get(), snapPtrs, handlePrefixes));
    return problems ? ExitProblems : ExitOk;
}

} // namespace

void addTraceCommand(CLI::App& app, Commands& commands)
{
    auto args = std::make_shared<TraceArgs>();
    auto* trace = app.add_subcommand(
        "trace",
        "Read PyTorch/Kineto profiler traces (.json, .json.gz; one per rank): GPU time per kernel, device "
        "and stream, and with --cache which cache entries ran; `trace export` writes the compile events "
        "as a trace");
    trace->add_option("FILE", args->files, "Chrome trace JSON files (.json, .json.gz), one per rank");
    trace
        ->add_option("--cache", args->caches,
                     "caches whose entries the kernels are matched to: folders, or Redis servers "
                     "(redis://host:port/db)")
        ->allow_extra_args(false);
    trace->add_option("--top", args->top, "kernels listed, 0 for all (default 20 in text, all in JSON)")
        ->each([args](const std::string&) { args->topGiven = true; });
    trace->add_flag("--json", args->json, "the kernellens.trace/1 document (docs/json-schema.md)");
    trace
        ->add_option("--comm", args->comm,
                     "a regular expression (ECMAScript, case-insensitive) naming kernels that communicate, "
                     "beside the built-in rules of docs/trace-classes.md; may be repeated")
        ->allow_extra_args(false);
    // main runs the first parsed command in `commands`: export goes before trace, which is also
    // parsed when `trace export` is.
    addTraceExportCommand(*trace, commands);
    commands.push_back({trace, [args] {
                            if (args->files.empty()) {
                                printError("trace: give one or more trace files (or `trace export`)");
                                return int(ExitError);
                            }
                            return runTrace(*args);
                        }});
}

} // namespace kl::cli
