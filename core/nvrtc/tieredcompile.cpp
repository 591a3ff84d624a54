#include "tieredcompile.h"

#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/remote/remotetransfer.h"

#include <chrono>

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;

std::int64_t microsSince(Clock::time_point t0)
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
}

CompileEvent remoteEventFrom(const CompileEvent& local, bool hit,
                             std::vector<std::pair<std::string, std::int64_t>> stages, std::uint64_t bytes)
{
    CompileEvent e = local;
    e.origin = "nvrtc-remote";
    e.cacheHit = hit;
    e.stagesUs = std::move(stages);
    e.totalUs = 0;
    for (const auto& [name, us] : e.stagesUs)
        e.totalUs += us;
    e.bytes = bytes;
    return e;
}

} // namespace

std::string_view toString(CompileTier tier)
{
    switch (tier) {
    case CompileTier::Local: return "local";
    case CompileTier::Remote: return "remote";
    case CompileTier::Compiled: return "compiled";
    }
    return "compiled";
}

TieredCompileResult compileTiered(const NvrtcCache& cache, const NvrtcRequest& request,
                                  remote::Client* client, const remote::KeyFormat& format)
{
    TieredCompileResult out;
    if (request.alwaysCompile || !client) {
        out.result = cache.compile(request);
        out.tier = out.result.hit ? CompileTier::Local : CompileTier::Compiled;
        return out;
    }
    NvrtcCacheResult local = cache.lookup(request);
    if (!local.ok || local.hit) {
        out.result = std::move(local);
        out.tier = CompileTier::Local;
        return out;
    }

    // The remote tier: the entry's group (its name is known, so no listing is needed), then its files.
    const auto t0 = Clock::now();
    const std::string folder = encodeKeyFolder(local.key.hex, KeyEra::Base32).value_or(std::string());
    const std::string stem = layout::fileStem(nvrtcEntryName(request));
    remote::KeyListing listing;
    listing.entries[folder] = {layout::groupFileName(stem)};
    listing.keys = 1;
    auto pulled = remote::pullEntries(*client, format, listing, {folder},
                                      CacheStore(cache.root(), StoreOptions{.fsync = false}));
    const std::int64_t getUs = microsSince(t0);
    if (!pulled) {
        out.remoteNote = pulled.error();
    } else if (const remote::TransferOutcome& o = pulled->outcomes.front();
               o.result == remote::TransferResult::Done) {
        NvrtcCacheResult fromRemote = cache.lookup(request);
        if (fromRemote.ok && fromRemote.hit) {
            out.remoteEvent = remoteEventFrom(local.event, true, {{"remote_get", getUs}}, o.bytes);
            out.result = std::move(fromRemote);
            out.result.event = local.event; // the local tier missed
            out.tier = CompileTier::Remote;
            return out;
        }
        out.remoteNote =
            Text::of(KL_TEXT("kl::nvrtc", "the entry pulled from %1 failed the local checks (%2); "
                                          "compiling instead"),
                     client->server(), fromRemote.repaired.empty() ? fromRemote.error : fromRemote.repaired);
    } else if (!o.absent) {
        out.remoteNote = o.detail; // refused for a reason other than absence: worth saying
    }

    out.result = cache.compile(request);
    out.tier = out.result.hit ? CompileTier::Local : CompileTier::Compiled;
    std::vector<std::pair<std::string, std::int64_t>> stages{{"remote_get", getUs}};
    if (out.result.ok && !out.result.hit && out.result.storeError.empty() && pulled) {
        const auto t1 = Clock::now();
        auto pushed = remote::pushEntries(*client, format, {out.result.entryPath});
        stages.emplace_back("remote_push", microsSince(t1));
        if (!pushed)
            out.remoteNote = pushed.error();
        else if (pushed->outcomes.empty() ||
                 pushed->outcomes.front().result == remote::TransferResult::Refused)
            out.remoteNote = pushed->outcomes.empty() ? Text::verbatim("nothing to push")
                                                      : pushed->outcomes.front().detail;
    }
    out.remoteEvent = remoteEventFrom(local.event, false, std::move(stages), 0);
    return out;
}

} // namespace kl
