#include "fsprobe.h"

#include "core/util/posixfile.h"
#include "fstypes.h"
#include "mountinfo.h"

#include <cerrno>
#include <climits>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <system_error>
#include <thread>

namespace kl {
namespace {

using DevId = std::pair<unsigned, unsigned>;

// What the probe learned about the path before reading mountinfo.
struct PathFacts {
    std::string probedPath;
    bool walkedUp = false;
    std::string resolvedPath;
    std::optional<DevId> dev;
    std::optional<std::uint64_t> magic;
    std::string note;
};

std::string parentOf(const std::string& p)
{
    const auto slash = p.rfind('/');
    return slash == 0 || slash == std::string::npos ? "/" : p.substr(0, slash);
}

std::string hex(std::uint64_t v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Where the folder a bind mount shows is also visible: another mount of the same device whose
// root contains it (the filesystem mounted whole, usually).
std::string findBindOrigin(const std::vector<MountInfoLine>& mounts, std::size_t self)
{
    const MountInfoLine& m = mounts[self];
    const MountInfoLine* best = nullptr;
    for (std::size_t i = 0; i < mounts.size(); ++i) {
        const MountInfoLine& o = mounts[i];
        if (i == self || o.devMajor != m.devMajor || o.devMinor != m.devMinor || o.type != m.type ||
            !isPathUnder(m.root, o.root) || o.root == m.root)
            continue;
        if (!best || o.root.size() > best->root.size())
            best = &o;
    }
    if (!best)
        return {};
    const std::string rest = best->root == "/" ? m.root : m.root.substr(best->root.size());
    return best->mountPoint == "/" ? rest : best->mountPoint + rest;
}

FsInfo classify(const std::string& path, const PathFacts& facts, std::string_view mountinfo,
                const std::string& mountinfoError)
{
    FsInfo info;
    info.path = path;
    info.probedPath = facts.probedPath;
    info.walkedUp = facts.walkedUp;
    info.resolvedPath = facts.resolvedPath;
    info.note = facts.note;

    const std::vector<MountInfoLine> mounts = parseMountinfo(mountinfo);
    const std::optional<std::size_t> at = findMount(mounts, facts.resolvedPath, facts.dev);
    if (at) {
        const MountInfoLine& m = mounts[*at];
        info.type = m.type;
        info.source = m.source;
        info.mountPoint = m.mountPoint;
        info.mountRoot = m.root;
        // btrfs shows its mounted subvolume as the root too; that is not a bind mount.
        const bool subvolume =
            m.type == "btrfs" && (m.superOptions.find("subvol=" + m.root + ",") != std::string::npos ||
                                  m.superOptions.ends_with("subvol=" + m.root));
        info.bindMount = m.root != "/" && !subvolume;
        if (info.bindMount)
            info.bindOf = findBindOrigin(mounts, *at);
        info.category = classifyFsType(m.type);
        info.autofsPending = m.type == "autofs";
    }
    // The innermost autofs mount at or above the path, even when the real mount sits on top of it:
    // it tells the user the filesystem comes and goes on demand.
    std::size_t autofsLen = 0;
    for (const MountInfoLine& m : mounts)
        if (m.type == "autofs" && isPathUnder(facts.resolvedPath, m.mountPoint) &&
            m.mountPoint.size() >= autofsLen) {
            info.autofsMountPoint = m.mountPoint;
            autofsLen = m.mountPoint.size();
        }

    if (facts.magic) {
        const std::uint64_t magic = *facts.magic;
        info.statfsMagic = magic;
        const FsCategory byMagic = classifyFsMagic(magic);
        const std::string_view magicName = fsMagicName(magic);
        if (!at) {
            info.type = magicName.empty() ? "statfs " + hex(magic) : std::string(magicName);
            info.category = byMagic;
            info.autofsPending = magic == kAutofsMagic;
        } else if (byMagic != FsCategory::Unknown && info.category != byMagic) {
            // statfs answers for the path itself; mountinfo was matched by name and can be stale
            // (a mount came or went between the two) or unknown to our type list.
            if (info.category != FsCategory::Unknown)
                info.note += std::string(info.note.empty() ? "" : "; ") + "mountinfo says " + info.type +
                             " at " + info.mountPoint + " but statfs reports " + std::string(magicName) +
                             "; using statfs";
            info.type = std::string(magicName);
            info.category = byMagic;
            info.autofsPending = false;
        }
    }
    if (!at && !facts.magic)
        info.error = Text::of(KL_TEXT("kl::fs", "cannot examine the filesystem of %1: %2"), facts.probedPath,
                              mountinfoError.empty() ? Text(KL_TEXT("kl::fs", "no mountinfo line matches it"))
                                                     : Text::verbatim(mountinfoError));
    return info;
}

PathFacts walkUp(const std::string& path, const std::function<bool(const std::string&)>& exists)
{
    PathFacts facts;
    facts.probedPath = absoluteClean(path);
    while (facts.probedPath != "/" && !exists(facts.probedPath)) {
        facts.probedPath = parentOf(facts.probedPath);
        facts.walkedUp = true;
    }
    facts.resolvedPath = facts.probedPath;
    return facts;
}

PathFacts examinePath(const std::string& path, std::string& statfsError)
{
    std::string firstFailure;
    PathFacts facts = walkUp(path, [&](const std::string& p) {
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0)
            return true;
        const int err = errno;
        // ENOENT and ENOTDIR just mean "not there yet"; anything else is worth saying.
        if (firstFailure.empty() && err != ENOENT && err != ENOTDIR)
            firstFailure = "cannot examine " + p + ": " + errnoText(err) + "; judged by its parent";
        return false;
    });
    facts.note = firstFailure;

    char resolved[PATH_MAX];
    if (::realpath(facts.probedPath.c_str(), resolved))
        facts.resolvedPath = resolved;
    struct stat st {};
    if (::stat(facts.resolvedPath.c_str(), &st) == 0)
        facts.dev = DevId{major(st.st_dev), minor(st.st_dev)};
    // statfs before mountinfo is read: on an autofs path it triggers the real mount, which then
    // shows up in mountinfo.
    struct statfs sfs {};
    if (::statfs(facts.resolvedPath.c_str(), &sfs) == 0)
        facts.magic = static_cast<std::uint32_t>(sfs.f_type); // f_type is a signed word on some ABIs
    else {
        const int err = errno;
        statfsError = "statfs " + facts.resolvedPath + ": " + errnoText(err);
    }
    return facts;
}

} // namespace

FsInfo probeFilesystemWithMountinfo(const std::string& path, std::string_view mountinfo)
{
    return probeFilesystemWithMountinfo(path, mountinfo, [](const std::string&) { return true; });
}

FsInfo probeFilesystemWithMountinfo(const std::string& path, std::string_view mountinfo,
                                    const std::function<bool(const std::string&)>& exists)
{
    if (path.empty()) {
        FsInfo info;
        info.error = Text(KL_TEXT("kl::fs", "cannot examine an empty path"));
        return info;
    }
    return classify(path, walkUp(path, exists), mountinfo, {});
}

FsInfo probeFilesystem(const std::string& path)
{
    return probeFilesystem(path, kDefaultProbeTimeout);
}

FsInfo probeFilesystem(const std::string& path, std::chrono::milliseconds timeout)
{
    if (path.empty()) {
        FsInfo info;
        info.error = Text(KL_TEXT("kl::fs", "cannot examine an empty path"));
        return info;
    }
    // stat and statfs on a hung network mount block until the server answers, possibly forever.
    // They run on their own thread; past the deadline it is left behind (it ends when the mount
    // answers, or with the process) and the path is judged from mountinfo alone.
    struct Shared {
        std::mutex mutex;
        std::condition_variable cv;
        bool done = false;
        PathFacts facts;
        std::string statfsError;
    };
    auto shared = std::make_shared<Shared>();
    auto work = [shared, path] {
        std::string statfsError;
        PathFacts facts = examinePath(path, statfsError);
        std::lock_guard lock(shared->mutex);
        shared->facts = std::move(facts);
        shared->statfsError = std::move(statfsError);
        shared->done = true;
        shared->cv.notify_all();
    };
    try {
        std::thread(work).detach();
    } catch (const std::system_error&) {
        work(); // no thread to be had (a process at its limit): ask without a deadline
    }

    PathFacts facts;
    std::string statfsError;
    {
        std::unique_lock lock(shared->mutex);
        if (shared->cv.wait_for(lock, timeout, [&] { return shared->done; })) {
            facts = shared->facts;
            statfsError = shared->statfsError;
        } else {
            facts.probedPath = absoluteClean(path);
            facts.resolvedPath = facts.probedPath;
            facts.note = "the filesystem did not answer within " + std::to_string(timeout.count()) +
                         " ms (a hung network mount?): judged from mountinfo alone, without checking that " +
                         facts.probedPath + " exists";
        }
    }
    Result<std::string> read = readProcMountinfo();
    std::string mountinfoError = read ? std::string() : read.error().english();
    const std::string mountinfo = read ? std::move(*read) : std::string();
    if (!statfsError.empty())
        mountinfoError += (mountinfoError.empty() ? "" : "; ") + statfsError;
    return classify(path, facts, mountinfo, mountinfoError);
}

} // namespace kl
