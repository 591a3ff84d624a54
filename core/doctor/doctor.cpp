#include "doctor.h"

#include "core/cubin/cubininfo.h"
#include "core/formats/layout.h"
#include "core/pack/entryfiles.h"
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "core/util/workerthreads.h"
#include "gpubinary.h"
#include "overridefindings.h"
#include "packfindings.h"
#include "problemmapping.h"
#include "processalive.h"
#include "samecode.h"
#include "stagetarget.h"
#include "staleness.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace kl {
namespace {

unsigned defaultThreads()
{
    // Like the scanner: binary checks wait on the disk when the cache is cold.
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::clamp(hw * 4, 4u, 16u);
}

std::int64_t mtimeOf(const struct stat& st)
{
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

Finding make(std::string_view code, FindingSeverity severity, const std::string& path, Text message)
{
    return makeFinding(code, severity, path, std::move(message));
}

// Examines one entry: maps its scanner problems and adds the checks that need its files.
class EntryExaminer {
public:
    EntryExaminer(const Entry& e, int rootFd, const DoctorContext& ctx, const DoctorOptions& opt,
                  std::int64_t now, std::vector<Finding>& out)
        : m_e(e)
        , m_rootFd(rootFd)
        , m_ctx(ctx)
        , m_opt(opt)
        , m_now(now)
        , m_out(out)
    {
    }

    std::size_t binariesChecked = 0;
    /// The cubin's code, for same-code: "sm:kernel=digest;..." (sorted); empty without a cubin.
    std::string codeKey;

    void run()
    {
        if (m_e.kind == EntryKind::Temp) {
            addTemp(m_e.path, m_e.folderName, m_e.newestMtimeNs);
        } else if (m_e.hasProblem(problem::OrphanTemp)) {
            examineTemps();
        }
        mapProblems();
        foreignFiles();
        if (m_e.kind == EntryKind::Kernel) {
            if (Text why = staleVersionReason(m_e, m_ctx); !why.empty())
                m_out.push_back(make(finding::StaleVersion, FindingSeverity::Info, m_e.path, where(why)));
            if (Text why = staleArchReason(m_e, m_ctx); !why.empty())
                m_out.push_back(make(finding::StaleArch, FindingSeverity::Info, m_e.path, where(why)));
            if (m_opt.checkBinaries) {
                checkBinaries();
                checkStageTargets();
            }
        }
    }

private:
    // "<entry>: <what>", for messages that do not name their path yet.
    Text where(Text what) const
    {
        return Text::of(KL_TEXT("kl::doctor", "%1: %2"), printableName(m_e.path), std::move(what));
    }

    // The entry's folder, opened once, never through a symlink; -1 when it is gone or unreadable.
    int entryFd()
    {
        if (!m_triedOpen) {
            m_triedOpen = true;
            // A packed entry has no folder: one named as its key is another entry.
            if (m_rootFd >= 0 && !m_e.packed() && m_e.folderName.find('/') == std::string::npos)
                m_fd = UniqueFd(::openat(m_rootFd, m_e.folderName.c_str(),
                                         O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        }
        return m_fd.get();
    }

    void addTemp(const std::string& path, std::string_view name, std::int64_t mtimeNs)
    {
        const bool folder = layout::isTempFolderName(name);
        const std::int64_t age = std::max<std::int64_t>(0, (m_now - mtimeNs) / 1000000000);
        Finding f = make(finding::OrphanTemp, FindingSeverity::Warning, path, {});
        f.ageSeconds = age;
        const std::string shown = printableName(path), ago = humanDuration(age);
        if (auto pid = layout::tempWriterPid(name)) {
            f.pid = *pid;
            f.pidAlive = m_ctx.pidAlive(*pid);
            if (*f.pidAlive) {
                f.severity = FindingSeverity::Info;
                m_liveTemp = true;
                f.message = folder
                                ? Text::of(KL_TEXT("kl::doctor",
                                                   "%1: temporary folder of pid %2, which is alive on this "
                                                   "host: a compile may be running (last written %3 ago)"),
                                           shown, *pid, ago)
                                : Text::of(KL_TEXT("kl::doctor",
                                                   "%1: temporary file of pid %2, which is alive on this "
                                                   "host: a compile may be running (last written %3 ago)"),
                                           shown, *pid, ago);
            } else {
                f.message =
                    folder ? Text::of(KL_TEXT("kl::doctor",
                                              "%1: temporary folder left by pid %2, which no longer runs "
                                              "on this host: an interrupted write (last written %3 ago)"),
                                      shown, *pid, ago)
                           : Text::of(KL_TEXT("kl::doctor",
                                              "%1: temporary file left by pid %2, which no longer runs "
                                              "on this host: an interrupted write (last written %3 ago)"),
                                      shown, *pid, ago);
            }
        } else {
            f.message = folder
                            ? Text::of(KL_TEXT("kl::doctor",
                                               "%1: temporary folder left by an interrupted write (its name "
                                               "records no pid; last written %2 ago)"),
                                       shown, ago)
                            : Text::of(KL_TEXT("kl::doctor",
                                               "%1: temporary file left by an interrupted write (its name "
                                               "records no pid; last written %2 ago)"),
                                       shown, ago);
        }
        m_out.push_back(std::move(f));
    }

    // Lists the entry again for its temp folders and files: the snapshot keeps their count in
    // problems but not their names and times.
    void examineTemps()
    {
        const int fd = entryFd();
        std::vector<std::string> temps;
        const int err =
            fd < 0 ? EBADF : forEachDirName(fd, [&](std::string_view name, unsigned char, std::uint64_t) {
                if (layout::isTempName(name))
                    temps.emplace_back(name);
                return true;
            });
        if (err != 0) {
            for (const Problem& p : m_e.problems)
                if (p.code == problem::OrphanTemp)
                    m_out.push_back(make(finding::OrphanTemp, FindingSeverity::Warning, m_e.path, p.message));
            return;
        }
        for (const std::string& name : temps) {
            struct stat st {};
            if (::fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue; // gone since: its writer finished
            addTemp(joinPath(m_e.path, name), name, mtimeOf(st));
        }
    }

    void mapProblems()
    {
        Text incomplete;
        for (const Problem& p : m_e.problems) {
            if (p.code == problem::MissingGroup || p.code == problem::MissingMetadata ||
                p.code == problem::EmptyEntry) {
                incomplete = incomplete.empty()
                                 ? p.message
                                 : Text::of(KL_TEXT("kl::doctor", "%1; %2"), incomplete, p.message);
                continue;
            }
            if (auto m = mapProblem(p.code)) {
                // Every finding names its path; the scanner's messages mostly do already.
                const bool named = p.message.english().find(printableName(m_e.path)) != std::string::npos;
                Finding f = make(m->code, m->severity, m_e.path, named ? p.message : where(p.message));
                f.fix = m->fix;
                m_out.push_back(std::move(f));
            }
        }
        if (!incomplete.empty()) {
            // With its writer alive the entry is most likely being written right now.
            FindingSeverity s = m_liveTemp ? FindingSeverity::Info : FindingSeverity::Warning;
            Text msg = where(std::move(incomplete));
            if (m_liveTemp)
                msg = Text::of(KL_TEXT("kl::doctor", "%1 (a writer is alive: probably being written now)"),
                               std::move(msg));
            m_out.push_back(make(finding::IncompleteEntry, s, m_e.path, std::move(msg)));
        }
    }

    void foreignFiles()
    {
        if (m_e.kind == EntryKind::Foreign) {
            m_out.push_back(make(
                finding::ForeignFile, FindingSeverity::Info, m_e.path,
                where(Text(KL_TEXT("kl::doctor", "not written by Triton (a DeepSpeed or Inductor file)")))));
        } else if (m_e.kind == EntryKind::Unknown && !m_e.hasProblem(problem::Symlink) &&
                   !m_e.hasProblem(problem::Unreadable)) {
            m_out.push_back(
                make(finding::ForeignFile, FindingSeverity::Warning, m_e.path,
                     where(Text(KL_TEXT("kl::doctor",
                                        "not a Triton cache entry (no stage, metadata or group file)")))));
        } else if (m_e.kind == EntryKind::Kernel) {
            for (const Stage& s : m_e.stages)
                if (!s.known)
                    m_out.push_back(make(
                        finding::ForeignFile, FindingSeverity::Info, joinPath(m_e.path, s.fileName),
                        Text::of(KL_TEXT("kl::doctor", "%1: a file Triton does not write (forks add .sass "
                                                       "and others)"),
                                 printableName(joinPath(m_e.path, s.fileName)))));
        }
    }

    // Opens a file of the entry without following a symlink on the way (one openat2 where the
    // kernel has it); without a root descriptor, through the entry's folder descriptor.
    UniqueFd openFile(const std::string& name)
    {
        if (m_rootFd >= 0)
            return openBeneath(m_rootFd, m_e.folderName, name, O_RDONLY | O_NONBLOCK);
        const int dirFd = entryFd();
        return UniqueFd(
            dirFd < 0 ? -1 : ::openat(dirFd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    }

    void checkBinaries()
    {
        if (m_e.folderName.find('/') != std::string::npos)
            return;
        for (const Stage& s : m_e.stages) {
            const std::string_view ext = s.ext();
            if ((ext != "cubin" && ext != "hsaco") || s.size == 0)
                continue;
            if (m_e.packed()) {
                checkPackedBinary(s);
                continue;
            }
            UniqueFd fd = openFile(s.fileName);
            if (!fd.valid())
                continue; // gone, or a symlink the scanner already reported
            // The scanned size saves an fstat per file; a failed check is confirmed against the
            // file as it is now (replaced since the scan, or not a regular file at all).
            GpuBinaryCheck c = checkGpuBinary(fd.get(), s.size, ext, m_e.target);
            if (!c.ok) {
                struct stat st {};
                if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
                    continue;
                if (static_cast<std::uint64_t>(st.st_size) != s.size)
                    c = checkGpuBinary(fd.get(), static_cast<std::uint64_t>(st.st_size), ext, m_e.target);
            }
            ++binariesChecked;
            // The cubin is read whole once here: the stage-target and same-code checks parse it.
            if (ext == "cubin" && s.size <= kMaxStageBytes) {
                m_cubin.resize(s.size);
                std::size_t got = 0;
                while (got < s.size) {
                    const ssize_t n = ::pread(fd.get(), m_cubin.data() + got, s.size - got, off_t(got));
                    if (n <= 0)
                        break;
                    got += std::size_t(n);
                }
                m_cubinRead = got == s.size;
            }
            if (!c.ok) {
                const std::string path = joinPath(m_e.path, s.fileName);
                m_out.push_back(
                    make(finding::InvalidBinary, FindingSeverity::Error, path,
                         Text::of(KL_TEXT("kl::doctor", "%1: %2"), printableName(path), c.problem)));
            }
        }
    }

    // As checkBinaries, over the record's bytes (a record that cannot be read is damaged-pack's).
    void checkPackedBinary(const Stage& s)
    {
        auto bytes = readEntryFile(m_e, s.fileName, kMaxStageBytes);
        if (!bytes || bytes->size() != s.size)
            return;
        const GpuBinaryCheck c = checkGpuBinary(*bytes, s.ext(), m_e.target);
        ++binariesChecked;
        if (!c.ok) {
            const std::string path = joinPath(m_e.path, s.fileName);
            m_out.push_back(make(finding::InvalidBinary, FindingSeverity::Error, path,
                                 Text::of(KL_TEXT("kl::doctor", "%1: %2"), printableName(path), c.problem)));
        }
        if (s.ext() == "cubin") {
            m_cubin = std::move(*bytes);
            m_cubinRead = true;
        }
    }

    // An sm_90 entry holding sm_80 PTX, or a block Triton does not launch: what an override made
    // for another target or config leaves under the entry's normal key (issue 28).
    void checkStageTargets()
    {
        const std::string arch = smArchDigits(m_e.target.arch);
        if (m_e.target.backend != "cuda" || arch.empty() || m_e.folderName.find('/') != std::string::npos)
            return;
        const std::optional<std::uint64_t> block =
            m_e.numWarps && *m_e.numWarps > 0
                ? std::optional<std::uint64_t>(
                      static_cast<std::uint64_t>(*m_e.numWarps) *
                      static_cast<std::uint64_t>(m_e.target.warpSize > 0 ? m_e.target.warpSize : 32))
                : std::nullopt;
        auto mismatch = [&](const std::string& file, Text what) {
            const std::string path = joinPath(m_e.path, file);
            m_out.push_back(
                make(finding::StageTargetMismatch, FindingSeverity::Error, path,
                     Text::of(KL_TEXT("kl::doctor", "%1: %2"), printableName(path), std::move(what))));
        };
        const int dirFd = entryFd();
        if (dirFd < 0 && !m_e.packed())
            return;
        if (const Stage* ptx = m_e.stage("ptx")) {
            const SmallFile f = m_e.packed() ? readEntrySmallFile(m_e, ptx->fileName, kMaxStageBytes)
                                             : readSmallFileAt(dirFd, ptx->fileName, kMaxStageBytes);
            if (f.ok) {
                const PtxHeader h = parsePtxHeader(f.text);
                if (!h.target.empty() && smArchDigits(h.target) != arch)
                    mismatch(
                        ptx->fileName,
                        Text::of(KL_TEXT("kl::doctor", "the PTX targets %1 but the entry was compiled for "
                                                       "sm_%2: it is another target's code"),
                                 h.target, arch));
                for (std::uint64_t n : h.requiredThreads)
                    if (block && n != *block) {
                        mismatch(
                            ptx->fileName,
                            Text::of(KL_TEXT("kl::doctor", "the PTX requires blocks of %1 threads (.reqntid) "
                                                           "but Triton launches %2 (num_warps %3 x %4)"),
                                     n, *block, *m_e.numWarps,
                                     *block / static_cast<std::uint64_t>(*m_e.numWarps)));
                        break;
                    }
            }
        }
        if (const Stage* cubin = m_e.stage("cubin"); cubin && m_cubinRead) {
            const CubinResult info = readCubinInfo(std::span<const std::uint8_t>(
                reinterpret_cast<const std::uint8_t*>(m_cubin.data()), m_cubin.size()));
            if (!info.ok)
                return;                        // invalid-binary says why
            codeKey = cubinCodeKey(info.info); // one read and parse serves same-code too
            if (!block)
                return;
            for (const CubinKernel& k : info.info.kernels) {
                if (!k.reqNtid)
                    continue;
                const std::uint64_t n = std::uint64_t((*k.reqNtid)[0]) * (*k.reqNtid)[1] * (*k.reqNtid)[2];
                if (n != *block) {
                    mismatch(cubin->fileName,
                             Text::of(KL_TEXT("kl::doctor",
                                              "the cubin requires blocks of %1 threads (REQNTID) but "
                                              "Triton launches %2 (num_warps %3 x %4)"),
                                      n, *block, *m_e.numWarps,
                                      *block / static_cast<std::uint64_t>(*m_e.numWarps)));
                    break;
                }
            }
        }
    }

    static constexpr std::uint64_t kMaxStageBytes = 64ull << 20;
    std::string m_cubin; ///< the entry's cubin, read by checkBinaries
    bool m_cubinRead = false;

    const Entry& m_e;
    int m_rootFd;
    const DoctorContext& m_ctx;
    const DoctorOptions& m_opt;
    std::int64_t m_now;
    std::vector<Finding>& m_out;
    UniqueFd m_fd;
    bool m_triedOpen = false;
    bool m_liveTemp = false;
};

void rootFindings(const Snapshot& snap, const DoctorContext& ctx, std::vector<Finding>& out)
{
    for (const Root& r : snap.roots) {
        if (!r.error.empty() && (r.exists || r.given)) {
            Finding f = make(finding::Unreadable, FindingSeverity::Error, r.path, r.error);
            f.fix = mapProblem(problem::Unreadable)->fix;
            out.push_back(std::move(f));
        }
        // Judge the folder actually used, even when it does not exist yet (DeepSpeed's lesson).
        if (r.parentIndex >= 0 || !ctx.probeFilesystem)
            continue;
        const FsInfo fs = ctx.probeFilesystem(r.path);
        if (fs.category != FsCategory::Network)
            continue;
        // The filesystem as mount(8) shows it: "nfs4 from srv:/home, mounted at /home".
        std::string where = fs.type;
        if (!fs.source.empty())
            where += " from " + fs.source;
        if (!fs.mountPoint.empty())
            where += ", mounted at " + printableName(fs.mountPoint);
        Text msg =
            fs.walkedUp
                ? Text::of(KL_TEXT("kl::doctor",
                                   "%1 is on a network filesystem (%2); the folder does not exist "
                                   "yet, judged by %3; it is used as %4"),
                           printableName(r.path), where, printableName(fs.probedPath), r.reason)
                : Text::of(KL_TEXT("kl::doctor", "%1 is on a network filesystem (%2); it is used as %3"),
                           printableName(r.path), where, r.reason);
        out.push_back(make(finding::NetworkFs, FindingSeverity::Warning, r.path, std::move(msg)));
    }
}

void floodFindings(const Snapshot& snap, std::size_t threshold, std::vector<Finding>& out)
{
    std::vector<std::map<std::string, std::size_t>> perRoot(snap.roots.size());
    for (const Entry& e : snap.entries)
        if (e.kind == EntryKind::Kernel && !e.kernel.empty() && e.rootIndex >= 0 &&
            static_cast<std::size_t>(e.rootIndex) < perRoot.size())
            ++perRoot[static_cast<std::size_t>(e.rootIndex)][e.kernel];
    for (std::size_t i = 0; i < perRoot.size(); ++i) {
        for (const auto& [kernel, n] : perRoot[i]) {
            if (n <= threshold)
                continue;
            const std::string& root = snap.roots[i].path;
            Finding f = make(
                finding::Flood, FindingSeverity::Warning, root,
                Text::of(KL_TEXT("kl::doctor", "%1: kernel %2 has %3 cached specialisations (more than %4)"),
                         printableName(root), printableName(kernel), n, threshold));
            f.kernel = printableName(kernel);
            f.count = static_cast<std::int64_t>(n);
            out.push_back(std::move(f));
        }
    }
}

} // namespace

std::string humanDuration(std::int64_t s)
{
    if (s < 0)
        s = 0;
    auto two = [](std::int64_t a, const char* ua, std::int64_t b, const char* ub) {
        return std::to_string(a) + " " + ua + (b ? " " + std::to_string(b) + " " + ub : std::string());
    };
    if (s < 60)
        return std::to_string(s) + " s";
    if (s < 3600)
        return two(s / 60, "min", 0, "");
    if (s < 86400)
        return two(s / 3600, "h", (s % 3600) / 60, "min");
    return two(s / 86400, "d", (s % 86400) / 3600, "h");
}

DoctorSummary DoctorReport::summary() const
{
    DoctorSummary s;
    s.entries = entries;
    s.findings = findings.size();
    for (FindingSeverity sev : {FindingSeverity::Error, FindingSeverity::Warning, FindingSeverity::Info})
        s.bySeverity[std::string(toString(sev))] = 0;
    for (const Finding& f : findings) {
        ++s.bySeverity[std::string(toString(f.severity))];
        ++s.byCode[f.code];
    }
    s.binariesChecked = binariesChecked;
    s.cancelled = cancelled;
    return s;
}

bool DoctorReport::hasWarningsOrErrors() const
{
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding& f) { return f.severity != FindingSeverity::Info; });
}

Doctor::Doctor(DoctorContext context, DoctorOptions options)
    : m_context(std::move(context))
    , m_options(std::move(options))
{
}

DoctorReport Doctor::examine(const Snapshot& snap) const
{
    DoctorReport report;
    report.entries = snap.entries.size();
    rootFindings(snap, m_context, report.findings);
    packFindings(snap, report.findings);
    floodFindings(snap, m_options.floodThreshold, report.findings);

    std::vector<UniqueFd> rootFds;
    rootFds.reserve(snap.roots.size());
    for (const Root& r : snap.roots)
        rootFds.emplace_back(::open(r.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));

    const std::int64_t now = m_context.now();
    std::vector<std::vector<Finding>> perEntry(snap.entries.size());
    std::vector<std::string> codeKeys(snap.entries.size());
    std::atomic<std::size_t> next{0}, done{0}, checked{0};
    std::atomic<bool> stopped{false};
    auto work = [&] {
        for (;;) {
            if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                return;
            }
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= snap.entries.size())
                return;
            const Entry& e = snap.entries[i];
            const auto ri = static_cast<std::size_t>(e.rootIndex);
            EntryExaminer x(e, ri < rootFds.size() ? rootFds[ri].get() : -1, m_context, m_options, now,
                            perEntry[i]);
            x.run();
            codeKeys[i] = std::move(x.codeKey);
            checked.fetch_add(x.binariesChecked, std::memory_order_relaxed);
            const std::size_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
            if (m_options.progress)
                m_options.progress(d, snap.entries.size());
        }
    };
    runOnThreads(m_options.threads ? m_options.threads : defaultThreads(), snap.entries.size(), work);

    std::size_t total = report.findings.size();
    for (const auto& v : perEntry)
        total += v.size();
    report.findings.reserve(total);
    for (auto& v : perEntry)
        for (Finding& f : v)
            report.findings.push_back(std::move(f));
    if (!stopped.load()) {
        overrideFindings(snap, m_context, m_options.cancel, report.findings);
        sameCodeFindings(snap, codeKeys, report.findings);
    }
    report.binariesChecked = checked.load();
    report.cancelled = stopped.load() || snap.cancelled || (m_options.cancel && m_options.cancel->load());
    return report;
}

} // namespace kl
