#include "clioutput.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "core/remote/remotecache.h"
#include "core/remote/remotejson.h"
#include "core/remote/remotetransfer.h"
#include "core/util/utf8.h"
#include "remotecommand.h"

#include <unistd.h>

namespace kl::cli {
namespace {

struct PullArgs {
    RemoteArgs remote;
    std::vector<std::string> keys;
    bool all = false;
    std::string into;
    bool noFsync = false;
};

struct PushArgs {
    RemoteArgs remote;
    std::vector<std::string> paths;
    bool force = false;
};

remote::TransferOptions transferOptions(const RemoteArgs& args, const char* verb)
{
    remote::TransferOptions o;
    o.cancel = remoteInterruptFlag();
    if (args.progress && ::isatty(STDERR_FILENO))
        o.progress = [verb](std::size_t done, std::size_t total) {
            std::fprintf(stderr, "\r%s %zu/%zu entries", verb, done, total);
        };
    return o;
}

int report(const remote::TransferReport& r, const RemoteArgs& args, std::string_view direction,
           const std::string& server)
{
    if (args.progress && ::isatty(STDERR_FILENO))
        std::fprintf(stderr, "\n");
    if (args.json) {
        remote::writeTransferJson(r, direction, server, stdout);
    } else {
        std::size_t shown = 0;
        for (const remote::TransferOutcome& o : r.outcomes) {
            // What did not go through is always shown; the rest up to a limit.
            if (o.result == remote::TransferResult::Done && shown++ >= 50)
                continue;
            std::printf("%-8s %s  %s  %s\n", std::string(remote::toString(o.result)).c_str(),
                        column(printableName(o.key), 14).c_str(), column(printableName(o.kernel), 28).c_str(),
                        o.detail.english().c_str());
        }
        if (shown > 50)
            std::printf("... %zu more done (--json lists them all)\n", shown - 50);
        std::printf("\n%s %s: %zu done (%s), %zu skipped, %zu refused%s\n", std::string(direction).c_str(),
                    server.c_str(), r.count(remote::TransferResult::Done), humanSize(r.bytes()).c_str(),
                    r.count(remote::TransferResult::Skipped), r.count(remote::TransferResult::Refused),
                    r.cancelled ? "; interrupted" : "");
    }
    if (r.cancelled)
        return ExitCancelled;
    return r.count(remote::TransferResult::Refused) ? ExitProblems : ExitOk;
}

int runPull(const PullArgs& args)
{
    if (args.keys.empty() == !args.all) {
        printError("name the entries to pull (KEY...) or give --all, not both");
        return ExitError;
    }
    std::string into = args.into;
    if (into.empty()) {
        // Where Triton itself would materialise them.
        Root root = effectiveCacheRoot(Environment::current());
        into = root.path;
    }
    auto c = connectRemote(args.remote);
    if (!c)
        return ExitError;
    remote::RemoteScanOptions listOptions;
    listOptions.cancel = remoteInterruptFlag();
    auto listing = remote::listKeys(c->client, c->format, listOptions);
    if (!listing) {
        printError(listing.error().english());
        return ExitError;
    }
    std::vector<std::string> keys;
    for (const std::string& handle : args.keys) {
        auto key = keyOfHandle(*c, *listing, handle);
        if (!key)
            return ExitError;
        keys.push_back(std::move(*key));
    }
    StoreOptions storeOptions;
    storeOptions.fsync = !args.noFsync;
    CacheStore store(into, storeOptions);
    auto r = remote::pullEntries(c->client, c->format, *listing, keys, store,
                                 transferOptions(args.remote, "pulling"));
    if (!r) {
        printError(r.error().english());
        return ExitError;
    }
    return report(*r, args.remote, "pull from", c->client.server());
}

int runPush(const PushArgs& args)
{
    auto c = connectRemote(args.remote);
    if (!c)
        return ExitError;
    auto options = transferOptions(args.remote, "pushing");
    options.force = args.force;
    auto r = remote::pushEntries(c->client, c->format, args.paths, options);
    if (!r) {
        printError(r.error().english());
        return ExitError;
    }
    return report(*r, args.remote, "push to", c->client.server());
}

} // namespace

void addRemoteTransferCommands(CLI::App& remote, Commands& out)
{
    {
        auto args = std::make_shared<PullArgs>();
        auto* cmd =
            remote.add_subcommand("pull", "Fetch remote entries into a local cache: verified, atomic, in "
                                          "Triton's local form (schema kernellens.remote-transfer/1)");
        cmd->add_option("KEY", args->keys,
                        "Keys (folder names) of the entries to pull, or the handles `remote ls` prints");
        cmd->add_flag("--all", args->all, "Pull every entry of the server");
        cmd->add_option("--into", args->into, "Local cache folder (default: the one Triton uses here)");
        cmd->add_flag("--no-fsync", args->noFsync,
                      "Do not fsync each file (faster; as Triton, safe against a "
                      "crash of klens but not of the machine)");
        addRemoteOptions(cmd, args->remote, false);
        out.push_back({cmd, [args] { return runPull(*args); }});
    }
    {
        auto args = std::make_shared<PushArgs>();
        auto* cmd =
            remote.add_subcommand("push", "Store local entries (entry folders or whole cache folders) on the "
                                          "server in Triton's remote form");
        cmd->add_option("ENTRY", args->paths, "Entry folders, or cache folders to push whole")->required();
        cmd->add_flag("--force", args->force, "Overwrite entries the server already has");
        addRemoteOptions(cmd, args->remote, false);
        out.push_back({cmd, [args] { return runPush(*args); }});
    }
}

} // namespace kl::cli
