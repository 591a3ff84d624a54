#include "clioutput.h"
#include "core/remote/remotecache.h"
#include "core/remote/remoteclean.h"
#include "core/remote/remotejson.h"
#include "core/util/units.h"
#include "core/util/utf8.h"
#include "remotecommand.h"

namespace kl::cli {
namespace {

struct RemoteCleanArgs {
    RemoteArgs remote;
    std::string idle;
    std::string keepSize;
    bool broken = false;
    bool apply = false;
};

int runRemoteClean(const RemoteCleanArgs& args)
{
    remote::RemoteCleanPolicy policy;
    policy.broken = args.broken;
    Text error;
    if (!args.idle.empty()) {
        auto ns = parseDuration(args.idle, error);
        if (!ns) {
            printError("--idle: " + error.english());
            return ExitError;
        }
        policy.idleSeconds = *ns / 1'000'000'000;
    }
    if (!args.keepSize.empty()) {
        auto bytes = parseSize(args.keepSize, error);
        if (!bytes) {
            printError("--keep-size: " + error.english());
            return ExitError;
        }
        policy.keepBytes = *bytes;
    }
    if (!policy.idleSeconds && !policy.keepBytes && !policy.broken) {
        printError("say what to delete: --idle DURATION, --keep-size SIZE and/or --broken");
        return ExitError;
    }
    auto c = connectRemote(args.remote);
    if (!c)
        return ExitError;
    remote::RemoteScanOptions scanOptions;
    scanOptions.cancel = remoteInterruptFlag();
    auto snap = remote::scanRemote(c->client, c->format, scanOptions);
    if (!snap) {
        printError(snap.error().english());
        return ExitError;
    }
    if (snap->snapshot.cancelled) {
        printError("interrupted while listing; nothing deleted");
        return ExitCancelled;
    }
    const remote::RemoteCleanPlan plan = remote::planRemoteClean(*snap, c->format, policy);
    std::optional<remote::RemoteCleanResult> result;
    if (args.apply) {
        auto r = remote::executeRemoteClean(c->client, plan, {}, remoteInterruptFlag());
        if (!r) {
            printError(r.error().english());
            return ExitError;
        }
        result = *r;
    }
    if (args.remote.json) {
        remote::writeRemoteCleanJson(plan, result, c->client.server(), stdout);
    } else {
        std::size_t shown = 0;
        for (const remote::RemoteCleanItem& it : plan.items)
            if (shown++ < 50)
                std::printf("%-14s %10s  %s  %s  (%s)\n", result ? "deleted" : "would-delete",
                            humanSize(it.bytes).c_str(), column(printableName(it.key), 14).c_str(),
                            column(printableName(it.kernel), 28).c_str(), it.reason.english().c_str());
        if (shown > 50)
            std::printf("... %zu more (--json lists them all)\n", shown - 50);
        if (result)
            std::printf("\ndeleted %zu entries (%zu keys) from %s, freeing %s of %s\n",
                        result->entriesDeleted, result->keysDeleted, c->client.server().c_str(),
                        humanSize(plan.bytes).c_str(), humanSize(plan.totalBytes).c_str());
        else
            std::printf(
                "\ndry run: would delete %zu entries from %s, freeing %s of %s; --apply deletes them\n",
                plan.items.size(), c->client.server().c_str(), humanSize(plan.bytes).c_str(),
                humanSize(plan.totalBytes).c_str());
    }
    return result && result->cancelled ? ExitCancelled : ExitOk;
}

} // namespace

void addRemoteCleanCommand(CLI::App& remote, Commands& out)
{
    auto args = std::make_shared<RemoteCleanArgs>();
    auto* cmd =
        remote.add_subcommand("clean", "Delete remote entries by idle time, size or breakage; a dry run "
                                       "unless --apply (schema kernellens.remote-clean/1)");
    addRemoteOptions(cmd, args->remote, true);
    cmd->add_option("--idle", args->idle, "Entries not read or written for this long (7d, 12h, ...)");
    cmd->add_option("--keep-size", args->keepSize,
                    "Then the least recently used until the entries hold at most this much (10G, 500M)");
    cmd->add_flag("--broken", args->broken, "Entries no Triton can hit: no group, a missing value, bad keys");
    cmd->add_flag("--apply", args->apply,
                  "Delete (each entry's group first, so no reader sees half an entry)");
    out.push_back({cmd, [args] { return runRemoteClean(*args); }});
}

} // namespace kl::cli
