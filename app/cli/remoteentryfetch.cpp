#include "remoteentryfetch.h"

#include "clioutput.h"
#include "core/remote/remotecache.h"
#include "core/remote/remotetransfer.h"
#include "remotecommand.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace kl::cli {
namespace {

// The temporary caches of this run, removed at exit.
struct TempCaches {
    std::vector<std::string> dirs;
    ~TempCaches()
    {
        std::error_code ec;
        for (const std::string& d : dirs)
            std::filesystem::remove_all(d, ec);
    }
};

TempCaches& tempCaches()
{
    static TempCaches caches;
    return caches;
}

std::optional<std::string> makeTempCache()
{
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/klens-remote-XXXXXX";
    if (!::mkdtemp(pattern.data())) {
        printError("cannot make a temporary folder for the remote entry: " + pattern);
        return std::nullopt;
    }
    tempCaches().dirs.push_back(pattern);
    return pattern;
}

} // namespace

bool isRemoteEntryArgument(const std::string& arg)
{
    if (arg.starts_with("remote:"))
        return true;
    return (arg.starts_with("redis://") || arg.starts_with("rediss://") || arg.starts_with("unix://")) &&
           arg.find('#') != std::string::npos;
}

std::optional<std::string> fetchRemoteEntry(const std::string& arg)
{
    RemoteArgs args;
    std::string key;
    if (arg.starts_with("remote:")) {
        key = arg.substr(7);
    } else {
        const auto hash = arg.rfind('#');
        args.url = arg.substr(0, hash);
        key = arg.substr(hash + 1);
    }
    if (key.empty()) {
        printError(arg + ": name the entry's key after " + (arg.starts_with("remote:") ? "remote:" : "#"));
        return std::nullopt;
    }
    auto c = connectRemote(args);
    if (!c)
        return std::nullopt;
    auto listing = resolveRemoteKey(*c, key);
    if (!listing)
        return std::nullopt;
    key = listing->entries.begin()->first; // the whole key a handle named
    auto dir = makeTempCache();
    if (!dir)
        return std::nullopt;
    StoreOptions options;
    options.fsync = false; // a throwaway copy
    auto r = remote::pullEntries(c->client, c->format, *listing, {key}, CacheStore(*dir, options));
    if (!r) {
        printError(r.error().english());
        return std::nullopt;
    }
    const remote::TransferOutcome& o = r->outcomes.front();
    if (o.result != remote::TransferResult::Done) {
        printError(c->client.server() + ": " + o.detail.english());
        return std::nullopt;
    }
    return *dir + "/" + key;
}

} // namespace kl::cli
