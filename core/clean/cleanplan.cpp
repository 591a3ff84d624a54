#include "cleanplan.h"

#include "core/doctor/doctor.h"
#include "core/doctor/staleness.h"
#include "core/formats/groupfile.h"
#include "core/report/entrylabels.h"

#include <algorithm>
#include <map>

namespace kl {
namespace {

// Only what Triton writes is ever removed; the snapshot's other items are someone else's. Triton
// names every entry folder after its key, so a folder that merely holds a .json or a .so (in a
// home folder given by mistake, say) is not an entry; temp names are Triton's own.
bool removable(const Entry& e, const Snapshot& snap)
{
    // Dump and override folders, and whatever lies in their roots, are a user's work: only a
    // folder named with --dump-folder goes (userFolderNamed).
    if (e.rootIndex < 0 || static_cast<std::size_t>(e.rootIndex) >= snap.roots.size() ||
        snap.roots[static_cast<std::size_t>(e.rootIndex)].kind != RootKind::Cache)
        return false;
    if (e.kind != EntryKind::Kernel && e.kind != EntryKind::Autotune && e.kind != EntryKind::Module &&
        e.kind != EntryKind::Temp)
        return false;
    if (e.kind != EntryKind::Temp && e.era == KeyEra::None)
        return false;
    if (e.rootIndex < 0 || static_cast<std::size_t>(e.rootIndex) >= snap.roots.size())
        return false;
    return isPlainFileName(e.folderName) && snap.roots[static_cast<std::size_t>(e.rootIndex)].error.empty();
}

bool userFolderNamed(const Entry& e, const Snapshot& snap, const CleanPolicy& policy)
{
    return (e.kind == EntryKind::Dump || e.kind == EntryKind::Override) && isPlainFileName(e.folderName) &&
           e.rootIndex >= 0 && static_cast<std::size_t>(e.rootIndex) < snap.roots.size() &&
           snap.roots[static_cast<std::size_t>(e.rootIndex)].error.empty() &&
           std::find(policy.dumpFolders.begin(), policy.dumpFolders.end(), e.path) !=
               policy.dumpFolders.end();
}

struct Choice {
    std::vector<Text> reasons;
    bool whole = false;
    bool tempsOnly = false;
};

} // namespace

CleanPlan makeCleanPlan(const Snapshot& snap, const CleanPolicy& policy, const DoctorContext& ctx)
{
    CleanPlan plan;
    plan.roots = snap.roots;
    const std::int64_t now = ctx.now();
    auto age = [&](const Entry& e) { return now - e.newestMtimeNs; };
    auto ageText = [&](const Entry& e) { return humanDuration(age(e) / 1000000000); };

    // A dump or override root is no part of the cache: --max-size measures the cache alone.
    auto inCacheRoot = [&](const Entry& e) {
        return e.rootIndex >= 0 && static_cast<std::size_t>(e.rootIndex) < snap.roots.size() &&
               snap.roots[static_cast<std::size_t>(e.rootIndex)].kind == RootKind::Cache;
    };
    std::vector<Choice> chosen(snap.entries.size());
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        const Entry& e = snap.entries[i];
        if (inCacheRoot(e))
            plan.totalBefore += e.totalSize;
        if (userFolderNamed(e, snap, policy)) {
            chosen[i].reasons.push_back(
                Text::of(KL_TEXT("kl::clean", "%1 folder named with --dump-folder"), toString(e.kind)));
            chosen[i].whole = true;
            continue;
        }
        if (!removable(e, snap))
            continue;
        Choice& c = chosen[i];
        auto take = [&](Text why) {
            c.reasons.push_back(std::move(why));
            c.whole = true;
        };
        if (policy.olderThanNs && age(e) > *policy.olderThanNs)
            take(Text::of(KL_TEXT("kl::clean", "older than %1 (last written %2 ago)"),
                          humanDuration(*policy.olderThanNs / 1000000000), ageText(e)));
        if (policy.stale) {
            if (Text why = staleVersionReason(e, ctx); !why.empty())
                take(Text::of(KL_TEXT("kl::clean", "stale: %1"), std::move(why)));
            if (Text why = staleArchReason(e, ctx); !why.empty())
                take(Text::of(KL_TEXT("kl::clean", "stale: %1"), std::move(why)));
        }
        if (policy.incomplete && e.kind == EntryKind::Kernel &&
            (e.status == EntryStatus::Incomplete || e.status == EntryStatus::Corrupt))
            take(e.problems.empty() ? Text::of(KL_TEXT("kl::clean", "%1 (no details)"), toString(e.status))
                                    : Text::of(KL_TEXT("kl::clean", "%1 (%2)"), toString(e.status),
                                               e.problems.front().code));
        if (policy.orphans) {
            if (e.kind == EntryKind::Temp) {
                take(Text(KL_TEXT("kl::clean", "orphan temp left by an interrupted write")));
            } else if (e.hasProblem(problem::OrphanTemp)) {
                c.tempsOnly = true;
                c.reasons.push_back(
                    Text(KL_TEXT("kl::clean", "holds temp folders or files left by interrupted writes")));
            }
        }
    }

    if (policy.keepLatest) {
        // Per root and kernel name, newest first; ties broken by path so the plan is stable.
        std::map<std::pair<int, std::string>, std::vector<std::size_t>> groups;
        for (std::size_t i = 0; i < snap.entries.size(); ++i) {
            const Entry& e = snap.entries[i];
            if (e.kind == EntryKind::Kernel && !e.kernel.empty() && removable(e, snap))
                groups[{e.rootIndex, e.kernel}].push_back(i);
        }
        for (auto& [key, idx] : groups) {
            std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
                const Entry &x = snap.entries[a], &y = snap.entries[b];
                return x.newestMtimeNs != y.newestMtimeNs ? x.newestMtimeNs > y.newestMtimeNs
                                                          : x.path < y.path;
            });
            for (std::size_t k = *policy.keepLatest; k < idx.size(); ++k) {
                // k entries of this name are newer; the newest keepLatest of them stay.
                chosen[idx[k]].reasons.push_back(
                    k == 1 ? Text::of(KL_TEXT("kl::clean", "keep-latest %1: 1 newer %2 entry exists"),
                                      *policy.keepLatest, key.second)
                           : Text::of(KL_TEXT("kl::clean", "keep-latest %1: %2 newer %3 entries exist"),
                                      *policy.keepLatest, k, key.second));
                chosen[idx[k]].whole = true;
            }
        }
    }

    // The grace period overrides every policy: a young entry may still be being written.
    auto young = [&](const Entry& e) { return age(e) < policy.graceNs; };
    auto skip = [&](const Entry& e, const Text& why) {
        plan.skipped.push_back(
            PlannedSkip{e.path, e.totalSize,
                        Text::of(KL_TEXT("kl::clean", "%1; written %2 ago, within the grace period of %3"),
                                 why, ageText(e), humanDuration(policy.graceNs / 1000000000))});
    };
    std::uint64_t remaining = plan.totalBefore;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        Choice& c = chosen[i];
        if (!c.whole && !c.tempsOnly)
            continue;
        const Entry& e = snap.entries[i];
        if (c.whole && young(e)) {
            skip(e, c.reasons.front());
            c = Choice{};
            continue;
        }
        if (c.whole && inCacheRoot(e))
            remaining -= std::min(remaining, e.totalSize);
        order.push_back(i);
    }

    if (policy.maxSize && remaining > *policy.maxSize) {
        const std::uint64_t before = remaining;
        std::vector<std::size_t> candidates;
        for (std::size_t i = 0; i < snap.entries.size(); ++i)
            if (!chosen[i].whole && removable(snap.entries[i], snap))
                candidates.push_back(i);
        std::sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
            const Entry &x = snap.entries[a], &y = snap.entries[b];
            return x.newestMtimeNs != y.newestMtimeNs ? x.newestMtimeNs < y.newestMtimeNs : x.path < y.path;
        });
        const Text why = Text::of(KL_TEXT("kl::clean", "max-size %1: the cache holds %2"),
                                  humanSize(*policy.maxSize), humanSize(before));
        for (std::size_t i : candidates) {
            if (remaining <= *policy.maxSize)
                break;
            const Entry& e = snap.entries[i];
            if (young(e)) {
                skip(e, why);
                continue;
            }
            if (!chosen[i].tempsOnly)
                order.push_back(i);
            chosen[i].reasons.push_back(
                Text::of(KL_TEXT("kl::clean", "%1, least recently written first"), why));
            chosen[i].whole = true;
            remaining -= std::min(remaining, e.totalSize);
        }
        if (remaining > *policy.maxSize)
            plan.note = Text::of(KL_TEXT("kl::clean",
                                         "the cache stays at %1, over --max-size %2: the rest is within the "
                                         "grace period or not Triton's to remove"),
                                 humanSize(remaining), humanSize(*policy.maxSize));
    }

    for (std::size_t i : order) {
        const Entry& e = snap.entries[i];
        PlannedRemoval r;
        r.rootIndex = e.rootIndex;
        r.folderName = e.folderName;
        r.path = e.path;
        r.kind = e.kind;
        r.kernel = e.kernel;
        r.size = chosen[i].whole ? e.totalSize : 0;
        r.packed = e.packed();
        r.mtimeNs = e.newestMtimeNs;
        r.scope = chosen[i].whole ? RemovalScope::Entry : RemovalScope::TempsInside;
        r.reasons = std::move(chosen[i].reasons);
        plan.bytesPlanned += r.size;
        plan.removals.push_back(std::move(r));
    }
    std::stable_sort(plan.removals.begin(), plan.removals.end(),
                     [](const PlannedRemoval& a, const PlannedRemoval& b) {
                         return a.mtimeNs != b.mtimeNs ? a.mtimeNs < b.mtimeNs : a.path < b.path;
                     });
    return plan;
}

} // namespace kl
