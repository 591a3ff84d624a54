#include "traceexportcommand.h"

#include "clioutput.h"
#include "core/env/environment.h"
#include "core/events/eventlogreader.h"
#include "core/events/eventlogsettings.h"
#include "core/trace/compiletrace.h"
#include "core/util/utf8.h"

#include <cstdio>
#include <memory>

namespace kl::cli {
namespace {

struct TraceExportArgs {
    std::string log; ///< empty: defaultEventsLogPath
    std::string out;
    std::int64_t baseTimeNs = 0;
};

int runTraceExport(const TraceExportArgs& args)
{
    const std::string path = args.log.empty() ? defaultEventsLogPath(Environment::current()) : args.log;
    const EventLogContents log = readEventLog(path);
    if (!log.error.empty()) {
        printError(log.error.english());
        return ExitError;
    }
    if (!log.found) {
        printError("cannot read the events log " + printableName(path) +
                   ": it does not exist (nothing has been compiled with logging on; --events names another "
                   "log)");
        return ExitError;
    }
    for (const EventLogIssue& i : log.issues)
        std::fprintf(stderr, "klens: skipped %s:%llu: %s\n", printableName(i.path).c_str(),
                     static_cast<unsigned long long>(i.line), i.cause.english().c_str());
    if (log.corruptLines || log.partialLines)
        std::fprintf(stderr, "klens: skipped %llu corrupt and %llu partial line%s of %s\n",
                     static_cast<unsigned long long>(log.corruptLines),
                     static_cast<unsigned long long>(log.partialLines), log.partialLines == 1 ? "" : "s",
                     printableName(path).c_str());

    trace::CompileTraceOptions options;
    options.source = path;
    options.corruptLines = log.corruptLines;
    options.partialLines = log.partialLines;
    options.baseTimeNs = args.baseTimeNs;
    const auto written = trace::writeCompileTraceFile(log.events, args.out, options);
    if (!written) {
        printError(written.error().english());
        return ExitError;
    }
    // With -o - the trace is stdout, so the summary goes beside the warnings.
    std::FILE* say = args.out == "-" ? stderr : stdout;
    std::fprintf(say, "%s: %zu compile%s, %zu hit%s, %zu stage spans, %zu process%s, %zu track%s (from %s)\n",
                 args.out == "-" ? "standard output" : printableName(args.out).c_str(), written->compiles,
                 written->compiles == 1 ? "" : "s", written->hits, written->hits == 1 ? "" : "s",
                 written->stageSpans, written->processes, written->processes == 1 ? "" : "es",
                 written->tracks, written->tracks == 1 ? "" : "s", printableName(path).c_str());
    return log.corruptLines > 0 ? ExitProblems : ExitOk;
}

} // namespace

void addTraceExportCommand(CLI::App& trace, Commands& commands)
{
    auto args = std::make_shared<TraceExportArgs>();
    auto* cmd = trace.add_subcommand(
        "export", "Write the compile events (KernelLens's NVRTC compiles and Triton's) as a Chrome trace for "
                  "Perfetto and chrome://tracing");
    cmd->add_option("--events,--log", args->log,
                    "The events log (default: $KERNELLENS_EVENTS_LOG, else "
                    "$XDG_STATE_HOME/kernellens/events.jsonl, else ~/.local/state/kernellens/events.jsonl)");
    cmd->add_option("-o,--output", args->out, "The trace to write (.json; - for standard output)")
        ->required();
    cmd->add_option(
        "--base-time-ns", args->baseTimeNs,
        "Count ts from this Unix time in ns, as a Kineto trace with this baseTimeNanoseconds does "
        "(default: from the Unix epoch)");
    commands.push_back({cmd, [args] { return runTraceExport(*args); }});
}

} // namespace kl::cli
