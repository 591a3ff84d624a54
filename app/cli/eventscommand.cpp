#include "clioutput.h"
#include "command.h"
#include "core/events/eventfollower.h"
#include "core/events/eventline.h"
#include "core/events/eventlogreader.h"
#include "core/events/eventlogsettings.h"
#include "core/events/eventstats.h"
#include "core/report/snapshotjson.h"
#include "core/util/isotime.h"
#include "core/util/utf8.h"

#include <atomic>
#include <csignal>
#include <cstddef>
#include <string>

namespace kl::cli {

struct EventsArgs {
    std::string log; ///< the events log; empty: defaultEventsLogPath
    bool follow = false;
    bool json = false;
    std::size_t last = SIZE_MAX; ///< print only the newest N events already logged
};

/// `klens events`: the compile events logged, one per line, oldest first; with --follow keeps
/// printing new ones until SIGINT or SIGTERM (exit 0). Returns the exit code.
int runEvents(const EventsArgs& args);

namespace {

std::atomic<bool> g_stop{false};

extern "C" void onStopSignal(int)
{
    g_stop.store(true);
}

void printEvent(const CompileEvent& e, bool json)
{
    if (json) {
        std::fputs(formatEventLine(e).c_str(), stdout);
        return;
    }
    std::string stages;
    for (const auto& [name, us] : e.stagesUs)
        stages +=
            (stages.empty() ? "" : ", ") + printableName(name) + " " + humanMicros(static_cast<double>(us));
    std::printf(
        "%s  %s %s %s %s %s %s %s\n", isoTime(e.timeNs).c_str(), column(printableName(e.origin), 6).c_str(),
        e.cacheHit ? "hit " : "miss", column(humanMicros(static_cast<double>(e.totalUs)), 10).c_str(),
        printableName(e.kernel).c_str(), e.arch.empty() ? "-" : printableName(e.arch).c_str(),
        printableName(e.key.substr(0, 16)).c_str(), stages.empty() ? "" : ("(" + stages + ")").c_str());
}

void printIssue(const EventLogIssue& i)
{
    std::fprintf(stderr, "klens: skipped %s:%llu: %s\n", printableName(i.path).c_str(),
                 static_cast<unsigned long long>(i.line), i.cause.english().c_str());
}

int follow(const std::string& path, const EventsArgs& args)
{
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
    EventFollowOptions options;
    options.history = args.last;
    EventFollowCallbacks cb;
    cb.event = [&](const CompileEvent& e) {
        printEvent(e, args.json);
        std::fflush(stdout); // whoever reads a pipe wants each event as it comes
    };
    cb.issue = printIssue;
    if (Status followed = followEventLog(path, cb, g_stop, options); !followed) {
        printError(followed.error().english());
        return ExitError;
    }
    return ExitOk;
}

} // namespace

int runEvents(const EventsArgs& args)
{
    const std::string path = args.log.empty() ? defaultEventsLogPath(Environment::current()) : args.log;
    if (args.follow)
        return follow(path, args);
    const EventLogContents log = readEventLog(path);
    if (!log.error.empty()) {
        printError(log.error.english());
        return ExitError;
    }
    const std::size_t skip = log.events.size() > args.last ? log.events.size() - args.last : 0;
    for (std::size_t i = skip; i < log.events.size(); ++i)
        printEvent(log.events[i], args.json);
    std::fflush(stdout);
    for (const EventLogIssue& i : log.issues)
        printIssue(i);
    if (!log.found)
        std::fprintf(stderr, "klens: no events logged yet (%s does not exist)\n",
                     printableName(path).c_str());
    return log.corruptLines > 0 ? ExitProblems : ExitOk;
}

void addEventsCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<EventsArgs>();
    auto* cmd =
        app.add_subcommand("events", "The compile events logged (KernelLens's NVRTC compiles and Triton's)");
    cmd->add_option("--log", args->log,
                    "The events log (default: $KERNELLENS_EVENTS_LOG, else "
                    "$XDG_STATE_HOME/kernellens/events.jsonl, else ~/.local/state/kernellens/events.jsonl)");
    cmd->add_flag("-f,--follow", args->follow,
                  "Keep printing events as they are appended (survives rotation) until Ctrl+C");
    cmd->add_option("-n,--last", args->last, "Only the newest N events already logged");
    cmd->add_flag("--json", args->json, "One JSON line per event (schema kernellens.event/1)");
    out.push_back({cmd, [args] { return runEvents(*args); }});
}

} // namespace kl::cli
