#include "clioutput.h"
#include "command.h"
#include "core/events/eventlogreader.h"
#include "core/events/eventlogsettings.h"
#include "core/events/eventstats.h"
#include "core/events/eventstatsjson.h"
#include "core/report/snapshotjson.h"
#include "core/util/isotime.h"
#include "core/util/units.h"
#include "core/util/utf8.h"

#include <chrono>
#include <string>

namespace kl::cli {

struct StatsArgs {
    std::string log;   ///< the events log; empty: defaultEventsLogPath
    std::string since; ///< a duration ("30m", "2h", "7d"): only events this recent
    bool json = false;
};

/// `klens stats`: hits, misses, hit rate, compile time per stage and the slowest kernels, by
/// origin, from the compile-events log. Returns the exit code (1 when corrupt lines were skipped).
int runStats(const StatsArgs& args);

namespace {

std::string rate(const std::optional<double>& r)
{
    if (!r)
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", *r * 100);
    return buf;
}

std::string micros(const DurationSummary& d, bool p90)
{
    return d.count ? humanMicros(p90 ? d.p90Us : d.medianUs) : "-";
}

void printOriginRow(const std::string& name, const OriginStats& o)
{
    std::printf("%s %7zu %7zu %7zu %8s  %s %s %s\n", column(name, 8).c_str(), o.events, o.hits, o.misses,
                rate(o.hitRate).c_str(), column(micros(o.missTotal, false), 12).c_str(),
                column(micros(o.missTotal, true), 12).c_str(), micros(o.hitTotal, false).c_str());
}

void printText(const std::string& path, const EventLogContents& log, const EventStats& s,
               const std::optional<std::int64_t>& sinceNs, const std::string& sinceText)
{
    std::printf("events log: %s", printableName(path).c_str());
    if (log.files.size() > 1)
        std::printf(" (and %zu rotated file%s)", log.files.size() - 1, log.files.size() == 2 ? "" : "s");
    std::printf("\n");
    if (sinceNs)
        std::printf("since %s (%s ago): %zu of %zu events\n", isoTime(*sinceNs).c_str(), sinceText.c_str(),
                    s.consideredEvents, log.events.size());
    if (s.consideredEvents == 0) {
        std::printf("no events%s\n", log.events.empty() ? " logged yet" : " in this window");
    } else {
        std::printf("from %s to %s\n\n", isoTime(s.firstTimeNs).c_str(), isoTime(s.lastTimeNs).c_str());
        std::printf("%s %7s %7s %7s %8s  %s %s %s\n", column("ORIGIN", 8).c_str(), "EVENTS", "HITS", "MISSES",
                    "HIT RATE", column("COMPILE MED", 12).c_str(), column("COMPILE P90", 12).c_str(),
                    "HIT MEDIAN");
        for (const OriginStats& o : s.byOrigin)
            printOriginRow(printableName(o.origin), o);
        if (s.byOrigin.size() > 1)
            printOriginRow("total", s.total);

        bool header = false;
        for (const OriginStats& o : s.byOrigin) {
            for (std::size_t i = 0; i < o.stages.size(); ++i) {
                if (!header) {
                    std::printf("\ncompile time per stage (misses)\n%s %s %s %s %s\n",
                                column("ORIGIN", 8).c_str(), column("STAGE", 20).c_str(),
                                column("MEDIAN", 12).c_str(), column("P90", 12).c_str(), "COMPILES");
                    header = true;
                }
                const StageSummary& st = o.stages[i];
                std::printf("%s %s %s %s %zu\n", column(i == 0 ? printableName(o.origin) : "", 8).c_str(),
                            column(printableName(st.stage), 20).c_str(),
                            column(humanMicros(st.time.medianUs), 12).c_str(),
                            column(humanMicros(st.time.p90Us), 12).c_str(), st.time.count);
            }
        }
        if (!s.slowest.empty()) {
            std::printf("\nslowest kernels (by their slowest compile)\n%s %s %8s %s %s %s %s\n",
                        column("KERNEL", 36).c_str(), column("ORIGIN", 8).c_str(), "COMPILES",
                        column("SLOWEST", 12).c_str(), column("MEDIAN", 12).c_str(),
                        column("ARCH", 8).c_str(), "KEY");
            for (const KernelCompileTimes& k : s.slowest)
                std::printf("%s %s %8zu %s %s %s %s\n", column(printableName(k.kernel), 36).c_str(),
                            column(printableName(k.origin), 8).c_str(), k.compiles,
                            column(humanMicros(static_cast<double>(k.maxUs)), 12).c_str(),
                            column(humanMicros(k.medianUs), 12).c_str(),
                            column(k.slowestArch.empty() ? "-" : printableName(k.slowestArch), 8).c_str(),
                            printableName(k.slowestKey).c_str());
        }
    }
    if (log.corruptLines || log.partialLines) {
        std::printf("\nskipped %llu corrupt and %llu partial line%s\n",
                    static_cast<unsigned long long>(log.corruptLines),
                    static_cast<unsigned long long>(log.partialLines), log.partialLines == 1 ? "" : "s");
        for (const EventLogIssue& i : log.issues)
            std::printf("  %s:%llu: %s\n", printableName(i.path).c_str(),
                        static_cast<unsigned long long>(i.line), i.cause.english().c_str());
    }
}

} // namespace

int runStats(const StatsArgs& args)
{
    const Environment env = Environment::current();
    const std::string path = args.log.empty() ? defaultEventsLogPath(env) : args.log;
    EventStatsOptions options;
    if (!args.since.empty()) {
        Text error;
        const auto d = parseDuration(args.since, error);
        if (!d) {
            printError("--since: " + error.english());
            return ExitError;
        }
        const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
        options.sinceNs = now - *d;
    }
    const EventLogContents log = readEventLog(path);
    if (!log.error.empty()) {
        printError(log.error.english());
        return ExitError;
    }
    const EventStats stats = computeEventStats(log.events, options);
    if (args.json)
        writeEventStatsJson(path, log, stats, options.sinceNs, stdout);
    else
        printText(path, log, stats, options.sinceNs, args.since);
    std::fflush(stdout);
    return log.corruptLines > 0 ? ExitProblems : ExitOk;
}

void addStatsCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<StatsArgs>();
    auto* cmd = app.add_subcommand(
        "stats", "Hit rate, compile time per stage and the slowest kernels, from the compile-events log");
    cmd->add_option("--log", args->log,
                    "The events log (default: $KERNELLENS_EVENTS_LOG, else "
                    "$XDG_STATE_HOME/kernellens/events.jsonl, else ~/.local/state/kernellens/events.jsonl)");
    cmd->add_option("--since", args->since, "Only events this recent: 30m, 2h, 7d, 1h30m");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.stats/1)");
    out.push_back({cmd, [args] { return runStats(*args); }});
}

} // namespace kl::cli
