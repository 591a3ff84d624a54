#include "cleanexecutor.h"

#include "core/doctor/doctor.h"
#include "core/doctor/processalive.h"
#include "core/formats/groupfile.h"
#include "core/formats/layout.h"
#include "core/pack/packrewrite.h"
#include "core/util/dirlist.h"
#include "core/util/utf8.h"
#include "core/util/workerthreads.h"
#include "safedir.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <thread>
#include <unistd.h>

namespace kl {
namespace {

unsigned defaultThreads()
{
    // Unlinking waits on the filesystem's journal and folder locks more than on the CPU.
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::clamp(hw * 4, 4u, 16u);
}

struct OpenedRoot {
    UniqueFd fd;
    MountId mount; ///< of the top-level root it lies in: nothing on another mount is entered
    Text error;
};

using Listed = DirName;

// Opens the roots the plan needs. Nested roots are opened from their parent's descriptor by one
// plain name, so they too stay under the top-level root and on its mount.
std::vector<OpenedRoot> openRoots(const CleanPlan& plan, std::vector<Text>& errors)
{
    const auto& roots = plan.roots;
    std::vector<char> needed(roots.size(), 0);
    for (const PlannedRemoval& r : plan.removals)
        for (int i = r.rootIndex; i >= 0 && static_cast<std::size_t>(i) < roots.size() && !needed[i];
             i = roots[static_cast<std::size_t>(i)].parentIndex)
            needed[static_cast<std::size_t>(i)] = 1;
    std::vector<OpenedRoot> open(roots.size());
    // The scanner appends nested roots after their parents, so parents are opened first.
    for (std::size_t i = 0; i < roots.size(); ++i) {
        if (!needed[i])
            continue;
        const Root& r = roots[i];
        OpenedRoot& o = open[i];
        if (r.parentIndex < 0) {
            o.fd = UniqueFd(::open(r.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
            if (!o.fd.valid()) {
                o.error = Text::of(KL_TEXT("kl::clean", "cannot open %1: %2"), printableName(r.path),
                                   errnoText(errno));
            } else if (DirStat st = statAt(o.fd.get(), ""); st.ok) {
                o.mount = st.mount;
            } else {
                o.error = Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"), printableName(r.path),
                                   errnoText(st.err));
            }
        } else {
            const auto pi = static_cast<std::size_t>(r.parentIndex);
            const OpenedRoot& parent = open[pi];
            const std::string& pp = roots[pi].path;
            const std::string rel = r.path.size() > pp.size() + 1 && r.path.compare(0, pp.size(), pp) == 0 &&
                                            r.path[pp.size()] == '/'
                                        ? r.path.substr(pp.size() + 1)
                                        : std::string();
            if (!parent.error.empty() || pi >= i) {
                o.error = parent.error.empty()
                              ? Text::of(KL_TEXT("kl::clean", "cannot open %1"), printableName(r.path))
                              : parent.error;
            } else if (!isPlainFileName(rel)) {
                o.error = Text::of(KL_TEXT("kl::clean", "%1 is not directly inside %2; not entered"),
                                   printableName(r.path), printableName(pp));
            } else if (o.fd = openDirAt(parent.fd.get(), rel); !o.fd.valid()) {
                o.error = Text::of(KL_TEXT("kl::clean", "cannot open %1: %2"), printableName(r.path),
                                   errnoText(errno));
            } else if (DirStat st = statAt(o.fd.get(), ""); !st.ok) {
                o.error = Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"), printableName(r.path),
                                   errnoText(st.err));
            } else if (!st.mount.sameMount(parent.mount)) {
                o.error =
                    Text::of(KL_TEXT("kl::clean",
                                     "%1 is a mount point (another filesystem or a bind mount); not entered"),
                             printableName(r.path));
            } else {
                o.mount = parent.mount;
            }
        }
        if (!o.error.empty())
            errors.push_back(o.error);
    }
    return open;
}

class EntryRemover {
public:
    EntryRemover(const PlannedRemoval& r, const OpenedRoot& root, const DoctorContext& ctx,
                 const CleanOptions& opt, std::int64_t now)
        : m_r(r)
        , m_root(root)
        , m_ctx(ctx)
        , m_opt(opt)
        , m_now(now)
        , m_path(r.path)
    {
    }

    RemovalOutcome run()
    {
        if (!m_root.error.empty())
            return done(RemovalResult::Failed, m_root.error);
        if (!isPlainFileName(m_r.folderName))
            return done(
                RemovalResult::SkippedUnsafe,
                Text::of(KL_TEXT("kl::clean", "%1 is not a plain name; not touched"), printableName(m_path)));
        UniqueFd fd = openDirAt(m_root.fd.get(), m_r.folderName);
        if (!fd.valid()) {
            const int err = errno;
            if (err == ENOENT)
                return done(RemovalResult::Vanished, {});
            if (err == ENOTDIR && m_r.scope == RemovalScope::Entry)
                return removeLoneFile();
            if (err == ELOOP || err == ENOTDIR)
                return done(RemovalResult::SkippedUnsafe,
                            Text::of(KL_TEXT("kl::clean",
                                             "%1 is no longer a folder (a symbolic link?); not followed"),
                                     printableName(m_path)));
            return done(RemovalResult::Failed, Text::of(KL_TEXT("kl::clean", "cannot open %1: %2"),
                                                        printableName(m_path), errnoText(err)));
        }
        const DirStat st = statAt(fd.get(), "");
        if (!st.ok)
            return done(RemovalResult::Failed, Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"),
                                                        printableName(m_path), errnoText(st.err)));
        if (!st.mount.sameMount(m_root.mount))
            return done(
                RemovalResult::SkippedUnsafe,
                Text::of(KL_TEXT("kl::clean",
                                 "%1 is a mount point (another filesystem or a bind mount); not entered"),
                         printableName(m_path)));
        std::vector<Listed> names;
        int err = 0;
        if (!listDirectory(fd.get(), names, err))
            return done(
                err == ENOENT ? RemovalResult::Vanished : RemovalResult::Failed,
                Text::of(KL_TEXT("kl::clean", "cannot list %1: %2"), printableName(m_path), errnoText(err)));
        if (m_r.scope == RemovalScope::TempsInside)
            return removeTemps(fd.get(), names);
        return removeWhole(fd.get(), st, names);
    }

private:
    RemovalOutcome done(RemovalResult result, Text detail, std::uint64_t freed = 0)
    {
        return RemovalOutcome{result, std::move(detail), freed};
    }

    bool young(std::int64_t mtimeNs) const { return m_now - mtimeNs < m_opt.graceNs; }

    Text youngText(std::int64_t mtimeNs) const
    {
        return Text::of(KL_TEXT("kl::clean", "%1 was written to %2 ago, within the grace period of %3"),
                        printableName(m_path), humanDuration((m_now - mtimeNs) / 1000000000),
                        humanDuration(m_opt.graceNs / 1000000000));
    }

    // A writer's temp name with a live pid: someone is writing into the entry right now.
    std::optional<long> liveWriter(std::string_view name) const
    {
        if (!layout::isTempName(name))
            return std::nullopt;
        auto pid = layout::tempWriterPid(name);
        if (pid && m_ctx.pidAlive(*pid))
            return pid;
        return std::nullopt;
    }

    RemovalOutcome removeLoneFile()
    {
        const int rootFd = m_root.fd.get();
        const DirStat st = statAt(rootFd, m_r.folderName.c_str());
        if (!st.ok)
            return st.err == ENOENT
                       ? done(RemovalResult::Vanished, {})
                       : done(RemovalResult::Failed, Text::of(KL_TEXT("kl::clean", "cannot stat %1: %2"),
                                                              printableName(m_path), errnoText(st.err)));
        if (st.isSymlink || st.isDir)
            return done(RemovalResult::SkippedUnsafe,
                        Text::of(KL_TEXT("kl::clean", "%1 changed type since the scan; left"),
                                 printableName(m_path)));
        if (young(st.mtimeNs))
            return done(RemovalResult::SkippedYoung, youngText(st.mtimeNs));
        if (auto pid = liveWriter(m_r.folderName))
            return done(RemovalResult::SkippedLiveWriter,
                        Text::of(KL_TEXT("kl::clean", "%1: its writer (pid %2) runs on this host"),
                                 printableName(m_path), *pid));
        if (m_opt.beforeRemove)
            m_opt.beforeRemove(m_path);
        if (::unlinkat(rootFd, m_r.folderName.c_str(), 0) == 0)
            return done(RemovalResult::Removed, {}, st.size);
        if (errno == ENOENT)
            return done(RemovalResult::Vanished, {});
        return done(RemovalResult::Failed, Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"),
                                                    printableName(m_path), errnoText(errno)));
    }

    RemovalOutcome removeWhole(int fd, const DirStat& st, const std::vector<Listed>& names)
    {
        if (young(st.mtimeNs))
            return done(RemovalResult::SkippedYoung, youngText(st.mtimeNs));
        if (auto pid = liveWriter(m_r.folderName))
            return done(RemovalResult::SkippedLiveWriter,
                        Text::of(KL_TEXT("kl::clean", "%1: its writer (pid %2) runs on this host"),
                                 printableName(m_path), *pid));
        std::vector<const Listed*> groups, files, dirs;
        for (const Listed& n : names) {
            if (auto pid = liveWriter(n.name))
                return done(
                    RemovalResult::SkippedLiveWriter,
                    Text::of(KL_TEXT("kl::clean", "%1: pid %2 runs on this host: a compile may be writing"),
                             printableName(joinPath(m_path, n.name)), *pid));
            bool dir = n.type == DT_DIR;
            if (n.type == DT_UNKNOWN || dir) {
                const DirStat cs = statAt(fd, n.name.c_str());
                dir = cs.ok && cs.isDir;
                // Refuse before touching anything: a mount inside would leave half an entry.
                if (dir && !cs.mount.sameMount(m_root.mount))
                    return done(RemovalResult::SkippedUnsafe,
                                Text::of(KL_TEXT("kl::clean", "%1 is a mount point; the entry is left whole"),
                                         printableName(joinPath(m_path, n.name))));
            }
            (dir ? dirs : layout::isGroupFileName(n.name) ? groups : files).push_back(&n);
        }
        if (m_opt.beforeRemove)
            m_opt.beforeRemove(m_path);
        // The group file first: from then on Triton sees a miss, whatever else happens.
        for (const Listed* g : groups)
            if (::unlinkat(fd, g->name.c_str(), 0) != 0 && errno != ENOENT)
                return done(RemovalResult::Failed,
                            Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2; nothing else removed"),
                                     printableName(joinPath(m_path, g->name)), errnoText(errno)));
        Text error;
        std::uint64_t freed = 0;
        for (const Listed* f : files) {
            if (::unlinkat(fd, f->name.c_str(), 0) == 0 || errno == ENOENT)
                continue;
            if (errno == EISDIR) {
                dirs.push_back(f);
                continue;
            }
            error = Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"),
                             printableName(joinPath(m_path, f->name)), errnoText(errno));
        }
        for (const Listed* d : dirs) {
            Text e;
            if (!removeTreeAt(fd, d->name, m_root.mount, joinPath(m_path, d->name), freed, e))
                error = std::move(e);
        }
        if (!error.empty())
            return done(
                RemovalResult::Failed,
                Text::of(KL_TEXT("kl::clean", "%1 (the entry lost its group file: Triton sees a miss)"),
                         std::move(error)));
        if (::unlinkat(m_root.fd.get(), m_r.folderName.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT)
            return done(RemovalResult::Removed, {}, m_r.size);
        if (errno != ENOTEMPTY && errno != EEXIST)
            return done(RemovalResult::Failed, Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"),
                                                        printableName(m_path), errnoText(errno)));
        return interrupted(fd);
    }

    // Someone wrote into the entry while it was being removed. A group file that appeared may
    // list children removed above: remove it too, so the entry is a miss and never half a hit.
    RemovalOutcome interrupted(int fd)
    {
        std::vector<Listed> names;
        int err = 0;
        listDirectory(fd, names, err);
        for (const Listed& n : names)
            if (layout::isGroupFileName(n.name))
                ::unlinkat(fd, n.name.c_str(), 0);
        return done(
            RemovalResult::Interrupted,
            Text::of(KL_TEXT("kl::clean", "%1 was written to while being removed; left without a group "
                                          "file (Triton sees a miss and rewrites it)"),
                     printableName(m_path)),
            0);
    }

    RemovalOutcome removeTemps(int fd, const std::vector<Listed>& names)
    {
        std::uint64_t freed = 0;
        std::size_t removed = 0, live = 0, recent = 0;
        Text error;
        for (const Listed& n : names) {
            if (!layout::isTempName(n.name))
                continue;
            if (liveWriter(n.name)) {
                ++live;
                continue;
            }
            const DirStat cs = statAt(fd, n.name.c_str());
            if (!cs.ok)
                continue; // gone: its writer finished
            if (young(cs.mtimeNs)) {
                ++recent;
                continue;
            }
            if (m_opt.beforeRemove)
                m_opt.beforeRemove(joinPath(m_path, n.name));
            if (cs.isDir) {
                Text e;
                if (removeTreeAt(fd, n.name, m_root.mount, joinPath(m_path, n.name), freed, e))
                    ++removed;
                else
                    error = std::move(e);
            } else if (::unlinkat(fd, n.name.c_str(), 0) == 0 || errno == ENOENT) {
                freed += cs.isSymlink ? 0 : cs.size;
                ++removed;
            } else {
                error = Text::of(KL_TEXT("kl::clean", "cannot remove %1: %2"),
                                 printableName(joinPath(m_path, n.name)), errnoText(errno));
            }
        }
        if (!error.empty())
            return done(RemovalResult::Failed, error, freed);
        if (removed == 0 && live)
            return done(RemovalResult::SkippedLiveWriter,
                        Text::of(KL_TEXT("kl::clean", "%1: its temp folders' writers run on this host"),
                                 printableName(m_path)));
        if (removed == 0 && recent)
            return done(
                RemovalResult::SkippedYoung,
                Text::of(KL_TEXT("kl::clean", "%1: its temp folders were written to within the grace period"),
                         printableName(m_path)));
        if (removed == 0)
            return done(RemovalResult::Vanished, {});
        Text detail =
            live + recent
                ? Text::of(KL_TEXT("kl::clean", "removed %1 temp item(s), left %2 (writer alive or recent)"),
                           removed, live + recent)
                : Text::of(KL_TEXT("kl::clean", "removed %1 temp item(s)"), removed);
        return done(RemovalResult::Removed, std::move(detail), freed);
    }

    const PlannedRemoval& m_r;
    const OpenedRoot& m_root;
    const DoctorContext& m_ctx;
    const CleanOptions& m_opt;
    std::int64_t m_now;
    const std::string& m_path;
};

// Packed entries go root by root: each pack holding one is rewritten once for all of them.
void removePacked(const CleanPlan& plan, const std::vector<OpenedRoot>& roots, const CleanOptions& opt,
                  std::int64_t now, std::vector<RemovalOutcome>& outcomes, std::atomic<std::size_t>& done)
{
    std::map<int, std::vector<std::size_t>> byRoot;
    for (std::size_t i = 0; i < plan.removals.size(); ++i)
        if (plan.removals[i].packed)
            byRoot[plan.removals[i].rootIndex].push_back(i);
    for (const auto& [rootIndex, which] : byRoot) {
        if (opt.cancel && opt.cancel->load())
            return;
        const auto ri = static_cast<std::size_t>(rootIndex);
        const bool open = rootIndex >= 0 && ri < roots.size() && roots[ri].fd.valid();
        std::vector<std::string> keys;
        for (std::size_t i : which)
            keys.push_back(plan.removals[i].folderName);
        PackRewriteOptions po;
        po.youngFromNs = now - opt.graceNs;
        const std::vector<PackedKeyRemoval> removed =
            open ? removeFromPacks(roots[ri].fd.get(), plan.roots[ri].path, keys, po)
                 : std::vector<PackedKeyRemoval>(keys.size());
        for (std::size_t k = 0; k < which.size(); ++k) {
            RemovalOutcome& o = outcomes[which[k]];
            const PackedKeyRemoval& p = removed[k];
            o.detail = p.detail;
            // In the plan's unit, the entry's file bytes (the records' headers and meta come on top).
            o.bytesFreed = p.result == PackedKeyRemoval::Result::Removed ? plan.removals[which[k]].size : 0;
            using R = PackedKeyRemoval::Result;
            o.result = !open                     ? RemovalResult::Failed
                       : p.result == R::Removed  ? RemovalResult::Removed
                       : p.result == R::Vanished ? RemovalResult::Vanished
                       : p.result == R::Young    ? RemovalResult::SkippedYoung
                       : p.result == R::Busy     ? RemovalResult::SkippedLiveWriter
                                                 : RemovalResult::Failed;
            if (!open)
                o.detail = rootIndex >= 0 && ri < roots.size()
                               ? roots[ri].error
                               : Text(KL_TEXT("kl::clean", "root not in the plan"));
            const std::size_t d = done.fetch_add(1) + 1;
            if (opt.progress)
                opt.progress(d, plan.removals.size());
        }
    }
}

} // namespace

std::string_view toString(RemovalResult result)
{
    switch (result) {
    case RemovalResult::Removed: return "removed";
    case RemovalResult::Vanished: return "vanished";
    case RemovalResult::SkippedYoung: return "skipped-young";
    case RemovalResult::SkippedLiveWriter: return "skipped-live-writer";
    case RemovalResult::SkippedUnsafe: return "skipped-unsafe";
    case RemovalResult::Interrupted: return "interrupted";
    case RemovalResult::Failed: return "failed";
    case RemovalResult::Cancelled: return "cancelled";
    }
    return "failed";
}

CleanResult executeCleanPlan(const CleanPlan& plan, const DoctorContext& ctx, const CleanOptions& opt)
{
    CleanResult result;
    std::vector<OpenedRoot> roots = openRoots(plan, result.errors);
    result.outcomes.resize(plan.removals.size());
    static const OpenedRoot missing{UniqueFd(), MountId{},
                                    Text(KL_TEXT("kl::clean", "root not in the plan"))};
    const std::int64_t now = ctx.now();

    std::atomic<std::size_t> next{0}, doneCount{0};
    removePacked(plan, roots, opt, now, result.outcomes, doneCount);
    auto work = [&] {
        for (;;) {
            if (opt.cancel && opt.cancel->load(std::memory_order_relaxed))
                return;
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= plan.removals.size())
                return;
            const PlannedRemoval& r = plan.removals[i];
            if (r.packed)
                continue; // done above
            const auto ri = static_cast<std::size_t>(r.rootIndex);
            const OpenedRoot& root = r.rootIndex >= 0 && ri < roots.size() ? roots[ri] : missing;
            result.outcomes[i] = EntryRemover(r, root, ctx, opt, now).run();
            const std::size_t d = doneCount.fetch_add(1, std::memory_order_relaxed) + 1;
            if (opt.progress)
                opt.progress(d, plan.removals.size());
        }
    };
    runOnThreads(opt.threads ? opt.threads : defaultThreads(), plan.removals.size(), work);

    for (const RemovalOutcome& o : result.outcomes) {
        result.bytesFreed += o.bytesFreed;
        switch (o.result) {
        case RemovalResult::Removed: ++result.removed; break;
        case RemovalResult::Vanished: ++result.vanished; break;
        case RemovalResult::Failed: ++result.failed; break;
        case RemovalResult::Cancelled: result.cancelled = true; break;
        default: ++result.skipped; break;
        }
    }
    return result;
}

} // namespace kl
