#include "entryreader.h"

#include "core/formats/autotune.h"
#include "core/formats/dumplayout.h"
#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/formats/metadata.h"
#include "core/formats/stages.h"
#include "core/pack/packfile.h"
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryfacts.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

std::int64_t mtimeOf(const struct stat& st)
{
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

std::int64_t ctimeOf(const struct stat& st)
{
    return static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
}

struct FileInfo {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0;
    std::uint64_t ino = 0;
    bool symlink = false;
    bool statPending = false; ///< size and time not known yet (a json the reader will open)
};

struct Listing {
    std::uint64_t dev = 0; ///< st_dev of the files stat'ed: the folder's, unless a file is a mount point
    std::vector<FileInfo> files;
    std::vector<std::string> dirs;
    std::vector<std::string> others;
};

// The scanner's fast path: lists an entry folder and stats its files in the same pass, except
// `.json` files: the scanner reads the metadata and group files anyway and takes their size from
// that read, so their stat is left pending (see FolderReader::statPending).
int listAndStatFiles(int dirFd, Listing& out)
{
    int statErr = 0;
    auto visit = [&](std::string_view name, unsigned char dtype, std::uint64_t) {
        ItemType type = itemTypeOfDirent(dtype);
        const bool deferStat = type == ItemType::File && name.ends_with(layout::kJsonSuffix);
        struct stat st {};
        bool statted = false;
        if (!deferStat && (dtype == DT_UNKNOWN || type == ItemType::File || type == ItemType::Symlink)) {
            if (::fstatat(dirFd, name.data(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno == ENOENT)
                    return true; // vanished between listing and stat: as if never listed
                // e.g. EACCES on a folder that can be listed but not searched (mode r--)
                statErr = errno;
                return false;
            }
            statted = true;
            out.dev = static_cast<std::uint64_t>(st.st_dev);
            type = itemTypeOfMode(st.st_mode);
        }
        switch (type) {
        case ItemType::Dir: out.dirs.emplace_back(name); break;
        case ItemType::File:
        case ItemType::Symlink: {
            FileInfo f;
            f.name = std::string(name);
            f.size = statted ? static_cast<std::uint64_t>(st.st_size) : 0;
            f.mtimeNs = statted ? mtimeOf(st) : 0;
            f.ctimeNs = statted ? ctimeOf(st) : 0;
            f.ino = statted ? static_cast<std::uint64_t>(st.st_ino) : 0;
            f.symlink = type == ItemType::Symlink;
            f.statPending = deferStat;
            out.files.push_back(std::move(f));
            break;
        }
        case ItemType::Other: out.others.emplace_back(name); break;
        }
        return true;
    };
    const int err = forEachDirName(dirFd, visit, DirStart::Fresh);
    return err != 0 ? err : statErr;
}

class FolderReader {
public:
    FolderReader(const ParentDir& parent, const std::string& name, const ScanOptions& options,
                 bool wantStamps)
        : m_parent(parent)
        , m_options(options)
        , m_wantStamps(wantStamps)
    {
        Entry& e = m_result.entry;
        e.folderName = name;
        e.path = joinPath(parent.path, name);
        e.era = classifyFolderName(name);
        m_folderPath = e.path;
    }

    // A pack's record, read as the folder it was packed from: the same kinds, statuses and
    // problems, the files listed from its meta and the json read from the pack.
    FolderReader(const ParentDir& root, const PackFile& pack, const PackRecord& record,
                 const ScanOptions& options)
        : FolderReader(root, record.key, options, false)
    {
        m_pack = &pack;
        m_record = &record;
        Entry& e = m_result.entry;
        e.path = joinPath(pack.path(), record.key);
        e.packPath = pack.path();
        e.packOffset = record.offset;
    }

    EntryReadResult readPacked()
    {
        checkFolderName();
        m_listing.files.reserve(m_record->files.size());
        for (const PackedFile& p : m_record->files) {
            FileInfo f;
            f.name = p.name;
            f.size = p.size;
            f.mtimeNs = p.mtimeNs;
            m_listing.files.push_back(std::move(f));
        }
        classify();
        finish();
        return std::move(m_result);
    }

    EntryReadResult read()
    {
        Entry& e = m_result.entry;
        checkFolderName();
        m_fd = UniqueFd(
            ::openat(m_parent.fd, e.folderName.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!m_fd.valid()) {
            int err = errno;
            if (err == ENOENT) {
                m_result.vanished = true;
                return std::move(m_result);
            }
            return unreadable(errnoText(err));
        }
        // Before the listing: a name added or removed while it runs moves the folder's times past
        // these, so the index never pairs an old stamp with a newer listing.
        if (m_wantStamps) {
            struct stat st {};
            m_wantStamps = ::fstat(m_fd.get(), &st) == 0;
            FolderStamp& d = m_result.stamps.folder;
            d.ino = static_cast<std::uint64_t>(st.st_ino);
            d.dev = static_cast<std::uint64_t>(st.st_dev);
            d.mtimeNs = mtimeOf(st);
            d.ctimeNs = ctimeOf(st);
        }
        if (const int err = listAndStatFiles(m_fd.get(), m_listing)) {
            if (err == ENOENT) {
                m_result.vanished = true;
                return std::move(m_result);
            }
            return unreadable(errnoText(err));
        }
        classify();
        finish();
        return std::move(m_result);
    }

private:
    void checkFolderName()
    {
        Entry& e = m_result.entry;
        if (!isValidUtf8(e.folderName))
            e.addProblem(
                problem::NonUtf8Name,
                Text::of(KL_TEXT("kl::scan", "folder name is not valid UTF-8: %1"), printableName(e.path)));
    }

    EntryReadResult unreadable(const std::string& cause)
    {
        Entry& e = m_result.entry;
        e.kind = e.era == KeyEra::None ? EntryKind::Unknown : EntryKind::Kernel;
        e.status = EntryStatus::Incomplete;
        e.addProblem(problem::Unreadable,
                     Text::of(KL_TEXT("kl::scan", "cannot read %1: %2"), printableName(e.path), cause));
        return std::move(m_result);
    }

    void classify()
    {
        Entry& e = m_result.entry;
        if (layout::isTempFolderName(e.folderName)) {
            e.kind = EntryKind::Temp;
            e.status = EntryStatus::Orphan;
            return;
        }
        const bool noFiles = m_listing.files.empty();
        const EntryKind kind =
            noFiles
                ? EntryKind::Unknown
                : kindOfFiles(m_listing.files, [](const FileInfo& f) -> std::string_view { return f.name; });
        if (kind != EntryKind::Unknown)
            e.kind = kind;
        else if (noFiles && e.era != KeyEra::None)
            e.kind = EntryKind::Kernel; // created, then nothing written: an interrupted compile
        else if (noFiles && hasNonTempDirs())
            m_result.container = true;
        else
            e.kind = EntryKind::Unknown;
        if (!m_result.container)
            classifyUserFolder();
    }

    bool hasFile(std::string_view name) const
    {
        return std::any_of(m_listing.files.begin(), m_listing.files.end(),
                           [&](const FileInfo& f) { return f.name == name; });
    }

    // Dump and override folders hold stages with no metadata or group file, as an interrupted
    // compile's entry does; a cleaner that took them for one would delete a user's edits. In a
    // dump or override root every folder without a group file is one; in a cache root, one whose
    // files no compile leaves (dumplayout::judgeFolderShape).
    void classifyUserFolder()
    {
        Entry& e = m_result.entry;
        const bool anyGroup = std::any_of(m_listing.files.begin(), m_listing.files.end(),
                                          [](const FileInfo& f) { return layout::isGroupFileName(f.name); });
        if (anyGroup)
            return;
        if (m_parent.kind != RootKind::Cache) {
            e.kind = m_parent.kind == RootKind::Dump ? EntryKind::Dump : EntryKind::Override;
            return;
        }
        if (e.kind != EntryKind::Kernel)
            return;
        const std::string stem = kernelFileStemCached();
        if (stem.empty() || hasFile(layout::metadataFileName(stem)))
            return;
        std::vector<std::string_view> exts;
        for (const FileInfo& f : m_listing.files)
            if (auto dot = f.name.rfind('.'); dot != std::string::npos && !layout::isTempFileName(f.name))
                exts.push_back(std::string_view(f.name).substr(dot + 1));
        dumplayout::ShapeVerdict v = dumplayout::judgeFolderShape(exts);
        if (v.kind == EntryKind::Kernel)
            return;
        e.kind = v.kind;
        e.addProblem(
            problem::DumpFolderInCache,
            Text::of(v.kind == EntryKind::Dump
                         ? KL_TEXT("kl::scan", "%1 is a Triton dump folder inside a cache, not a cache "
                                               "entry: %2")
                         : KL_TEXT("kl::scan", "%1 is a Triton override folder inside a cache, not a "
                                               "cache entry: %2"),
                     printableName(e.path), std::move(v.why)));
    }

    bool hasNonTempDirs() const
    {
        return std::any_of(m_listing.dirs.begin(), m_listing.dirs.end(),
                           [](const std::string& d) { return !layout::isTempFolderName(d); });
    }

    void finish()
    {
        Entry& e = m_result.entry;
        for (const FileInfo& f : m_listing.files) {
            if (!isValidUtf8(f.name))
                e.addProblem(problem::NonUtf8Name,
                             Text::of(KL_TEXT("kl::scan", "file name is not valid UTF-8: %1"),
                                      printableName(joinPath(e.path, f.name))));
        }
        switch (e.kind) {
        case EntryKind::Kernel: readKernel(); break;
        case EntryKind::Autotune: readAutotune(); break;
        case EntryKind::Module:
            e.status = EntryStatus::Complete;
            // "cuda_utils.cpython-312-x86_64-linux-gnu.so" -> "cuda_utils"
            e.kernel = stemOf(m_listing.files.front().name, ".so");
            e.kernel = e.kernel.substr(0, e.kernel.find('.'));
            break;
        case EntryKind::Temp: e.status = EntryStatus::Orphan; break;
        case EntryKind::Dump:
        case EntryKind::Override:
            // A user's folder, whole as it is: Triton reads whichever stage files it finds.
            e.status = EntryStatus::Complete;
            e.kernel = kernelFileStemCached();
            break;
        case EntryKind::Foreign:
        case EntryKind::Unknown: e.status = EntryStatus::Foreign; break;
        }
        for (const std::string& d : m_listing.dirs) {
            if (layout::isTempFolderName(d) && e.kind != EntryKind::Temp)
                e.addProblem(
                    problem::OrphanTemp,
                    Text::of(
                        KL_TEXT("kl::scan", "temporary folder %1 left by an interrupted (or running) write"),
                        printableName(joinPath(e.path, d))));
        }
        collectStages();
    }

    static std::string stemOf(std::string_view name, std::string_view suffix)
    {
        return std::string(name.ends_with(suffix) ? name.substr(0, name.size() - suffix.size()) : name);
    }

    std::string kernelFileStem() const
    {
        return kl::kernelFileStem(m_listing.files,
                                  [](const FileInfo& f) -> std::string_view { return f.name; });
    }

    FileInfo* file(const std::string& name)
    {
        for (FileInfo& f : m_listing.files)
            if (f.name == name)
                return &f;
        return nullptr;
    }

    // Reads a json file of this entry; on failure records the problem and returns false.
    bool readJson(const std::string& name, std::string& text, bool& vanished)
    {
        Entry& e = m_result.entry;
        SmallFile f =
            m_pack ? readPackedJson(name) : readSmallFileAt(m_fd.get(), name, m_options.maxJsonBytes);
        vanished = f.vanished;
        if (FileInfo* info = file(name); info && (f.ok || f.tooLarge)) {
            info->size = f.size;
            info->mtimeNs = f.mtimeNs;
            info->ctimeNs = f.ctimeNs;
            info->ino = f.ino;
            info->statPending = false;
            if (f.dev != 0)
                m_listing.dev = f.dev;
        }
        auto where = [&] { return printableName(joinPath(e.path, name)); };
        if (!f.ok) {
            if (f.vanished)
                e.addProblem(
                    problem::MissingChild,
                    Text::of(KL_TEXT("kl::scan", "%1 disappeared while it was being read"), where()));
            else if (f.tooLarge)
                e.addProblem(
                    problem::Oversized,
                    Text::of(KL_TEXT("kl::scan", "%1: file of %2 bytes exceeds the limit of %3 bytes "
                                                 "for metadata"),
                             where(), f.size, m_options.maxJsonBytes));
            else
                e.addProblem(problem::Unreadable,
                             Text::of(KL_TEXT("kl::scan", "cannot read %1: %2"), where(), f.error));
            return false;
        }
        if (f.text.empty()) {
            e.addProblem(problem::EmptyFile, Text::of(KL_TEXT("kl::scan", "%1 is empty (0 bytes)"), where()));
            return false;
        }
        text = std::move(f.text);
        return true;
    }

    // A json file of the record, as readSmallFileAt reads one from a folder.
    SmallFile readPackedJson(const std::string& name) const
    {
        SmallFile f;
        auto it = std::find_if(m_record->files.begin(), m_record->files.end(),
                               [&](const PackedFile& p) { return p.name == name; });
        if (it == m_record->files.end()) {
            f.vanished = true;
            return f;
        }
        f.size = it->size;
        f.mtimeNs = it->mtimeNs;
        if (it->size > m_options.maxJsonBytes) {
            f.tooLarge = true;
            return f;
        }
        auto text = m_pack->readFile(*it, m_options.maxJsonBytes);
        if (!text) {
            f.error = text.error().english();
            return f;
        }
        f.text = std::move(*text);
        f.ok = true;
        return f;
    }

    // Stats the files whose stat was deferred and not done by reading them. A file gone by now is
    // dropped, as if it had never been listed.
    void statPending()
    {
        Entry& e = m_result.entry;
        auto& files = m_listing.files;
        for (auto it = files.begin(); it != files.end();) {
            if (!it->statPending) {
                ++it;
                continue;
            }
            struct stat st {};
            if (::fstatat(m_fd.get(), it->name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno != ENOENT)
                    e.addProblem(problem::Unreadable,
                                 Text::of(KL_TEXT("kl::scan", "cannot stat %1: %2"),
                                          printableName(joinPath(e.path, it->name)), errnoText(errno)));
                it = files.erase(it);
                continue;
            }
            it->size = static_cast<std::uint64_t>(st.st_size);
            it->mtimeNs = mtimeOf(st);
            it->ctimeNs = ctimeOf(st);
            it->ino = static_cast<std::uint64_t>(st.st_ino);
            it->symlink = S_ISLNK(st.st_mode);
            it->statPending = false;
            m_listing.dev = static_cast<std::uint64_t>(st.st_dev);
            ++it;
        }
    }

    void readKernel()
    {
        Entry& e = m_result.entry;
        const std::string stem = kernelFileStem();
        e.kernel = stem;
        if (stem.empty()) {
            e.status = EntryStatus::Incomplete;
            e.addProblem(problem::EmptyEntry,
                         Text::of(KL_TEXT("kl::scan", "entry folder %1 holds no kernel files"),
                                  printableName(e.path)));
            return;
        }
        bool corrupt = false, incomplete = false, vanished = false;

        const std::string metaName = layout::metadataFileName(stem);
        if (file(metaName)) {
            std::string text;
            if (!readJson(metaName, text, vanished)) {
                corrupt = true;
            } else if (auto m = parseMetadataSummaryInPlace(text)) {
                applyMetadata(m_result.entry, *m);
            } else {
                corrupt = true;
                e.addProblem(problem::CorruptJson,
                             Text::of(KL_TEXT("kl::scan", "%1: %2"),
                                      printableName(joinPath(e.path, metaName)), std::move(m.error())));
            }
        } else {
            incomplete = true;
            e.addProblem(problem::MissingMetadata, Text::of(KL_TEXT("kl::scan", "no metadata file %1"),
                                                            printableName(joinPath(e.path, metaName))));
        }

        const std::string groupName = layout::groupFileName(stem);
        if (file(groupName)) {
            std::string text;
            if (!readJson(groupName, text, vanished)) {
                corrupt = true;
            } else if (auto g = parseGroupFileInPlace(text)) {
                incomplete |= !checkChildren(*g);
                if (isMaterialisedRemoteGroup(e, g->shape))
                    e.addProblem(
                        problem::RemoteGroup,
                        Text::of(KL_TEXT("kl::scan", "%1 lists its children by name, as Triton's remote "
                                                     "cache stores it: Triton's file cache fails on it"),
                                 printableName(joinPath(e.path, groupName))));
                // A group file that points out of its entry was damaged or forged: Triton would load
                // whatever lies there.
                corrupt |= e.hasProblem(problem::PathOutsideRoot);
            } else {
                corrupt = true;
                e.addProblem(problem::CorruptJson,
                             Text::of(KL_TEXT("kl::scan", "%1: %2"),
                                      printableName(joinPath(e.path, groupName)), std::move(g.error())));
            }
        } else {
            incomplete = true;
            e.addProblem(problem::MissingGroup,
                         Text::of(KL_TEXT("kl::scan", "no group file %1: Triton treats this entry as a miss"),
                                  printableName(joinPath(e.path, groupName))));
        }
        statPending();
        for (const FileInfo& f : m_listing.files) {
            if (f.size == 0 && !f.symlink && f.name != metaName && f.name != groupName) {
                e.addProblem(problem::EmptyFile, Text::of(KL_TEXT("kl::scan", "%1 is empty (0 bytes)"),
                                                          printableName(joinPath(e.path, f.name))));
                corrupt = true;
            }
        }
        e.status = corrupt      ? EntryStatus::Corrupt
                   : incomplete ? EntryStatus::Incomplete
                                : EntryStatus::Complete;
    }

    // Resolves children by name inside this folder; never follows a recorded path.
    bool checkChildren(const GroupFile& g)
    {
        Entry& e = m_result.entry;
        bool allPresent = true;
        std::string movedFrom;
        for (const GroupChild& c : g.children) {
            if (!isPlainFileName(c.name)) {
                e.addProblem(
                    problem::PathOutsideRoot,
                    Text::of(
                        KL_TEXT(
                            "kl::scan",
                            "group file in %1 names child \"%2\", which would leave the entry; not followed"),
                        printableName(e.path), printableName(c.name)));
                allPresent = false;
                continue;
            }
            if (!c.recordedPath.empty()) {
                std::string recordedDir = recordedParent(c);
                if (recordedDir.empty()) {
                    e.addProblem(problem::PathOutsideRoot,
                                 Text::of(KL_TEXT("kl::scan", "group file in %1 records %2 for %3, a path "
                                                              "outside this entry; not followed"),
                                          printableName(e.path), printableName(c.recordedPath),
                                          printableName(c.name)));
                } else if (recordedDir != m_folderPath &&
                           recordedDir != joinPath(m_parent.realPath, e.folderName) && movedFrom.empty()) {
                    movedFrom = recordedDir;
                }
            }
            if (!file(c.name)) {
                e.addProblem(problem::MissingChild,
                             Text::of(KL_TEXT("kl::scan", "group file lists %1, which does not exist"),
                                      printableName(joinPath(e.path, c.name))));
                allPresent = false;
            }
        }
        if (!movedFrom.empty())
            e.addProblem(problem::MovedCache,
                         Text::of(KL_TEXT("kl::scan",
                                          "group file records children under %1 but the entry lies at %2: "
                                          "Triton checks the recorded paths, so it will miss and recompile"),
                                  printableName(movedFrom), printableName(m_folderPath)));
        return allPresent;
    }

    // The folder a recorded child path lies in, if the path names this same entry folder and
    // file (possibly under another prefix); empty when it points anywhere else.
    std::string recordedParent(const GroupChild& c) const
    {
        const std::string& p = c.recordedPath;
        if (p.empty() || p.front() != '/' || p.find("/../") != std::string::npos ||
            p.find("/./") != std::string::npos)
            return {};
        auto slash = p.rfind('/');
        if (p.substr(slash + 1) != c.name)
            return {};
        std::string dir = p.substr(0, slash);
        auto slash2 = dir.rfind('/');
        if (slash2 == std::string::npos || dir.substr(slash2 + 1) != m_result.entry.folderName)
            return {};
        return dir;
    }

    void readAutotune()
    {
        Entry& e = m_result.entry;
        e.status = EntryStatus::Complete;
        for (const FileInfo& f : m_listing.files) {
            if (!layout::isAutotuneFileName(f.name))
                continue;
            if (e.kernel.empty())
                e.kernel = stemOf(f.name, layout::kAutotuneSuffix);
            std::string text;
            bool vanished = false;
            if (!readJson(f.name, text, vanished)) {
                e.status = EntryStatus::Corrupt;
            } else if (auto a = parseAutotune(text); !a) {
                e.status = EntryStatus::Corrupt;
                e.addProblem(problem::CorruptJson,
                             Text::of(KL_TEXT("kl::scan", "%1: %2"), printableName(joinPath(e.path, f.name)),
                                      std::move(a.error())));
            }
        }
    }

    void collectStages()
    {
        Entry& e = m_result.entry;
        const std::string stem = kernelFileStemCached();
        statPending();
        e.dev = m_listing.dev;
        // Here, before the names move into the stages: every file's stat is known now.
        if (m_wantStamps && m_listing.dirs.empty() && m_listing.others.empty()) {
            m_result.stamped = true;
            m_result.stamps.files.reserve(m_listing.files.size());
            for (const FileInfo& f : m_listing.files)
                m_result.stamps.files.push_back(
                    FileStamp{f.name, f.ino, f.size, f.mtimeNs, f.ctimeNs, f.symlink});
        }
        e.stages.reserve(m_listing.files.size());
        for (FileInfo& f : m_listing.files) {
            e.totalSize += f.size;
            e.newestMtimeNs = std::max(e.newestMtimeNs, f.mtimeNs);
            if (layout::isTempFileName(f.name)) {
                e.addProblem(problem::OrphanTemp,
                             Text::of(KL_TEXT("kl::scan",
                                              "temporary file %1 left by an interrupted (or running) write"),
                                      printableName(joinPath(e.path, f.name))));
                continue;
            }
            if (e.kind == EntryKind::Kernel && layout::isGroupFileName(f.name))
                continue; // the commit marker, not a stage
            Stage s = makeStage(e, std::move(f.name), f.size, f.mtimeNs, stem);
            s.ino = f.ino;
            s.ctimeNs = f.ctimeNs;
            if (f.symlink)
                e.addProblem(
                    problem::Symlink,
                    Text::of(KL_TEXT("kl::scan", "%1 is a symbolic link; it is listed but not followed"),
                             printableName(joinPath(e.path, s.fileName))));
            e.stages.push_back(std::move(s));
        }
        sortStages(e.stages);
        for (const std::string& o : m_listing.others)
            e.addProblem(problem::UnknownFile,
                         Text::of(KL_TEXT("kl::scan", "%1 is not a regular file or folder; ignored"),
                                  printableName(joinPath(e.path, o))));
        if (e.newestMtimeNs == 0 && m_record) {
            e.newestMtimeNs = m_record->timeNs;
        } else if (e.newestMtimeNs == 0) {
            struct stat st {};
            if (::fstat(m_fd.get(), &st) == 0)
                e.newestMtimeNs = mtimeOf(st);
        }
    }

    std::string kernelFileStemCached()
    {
        if (!m_stemComputed) {
            m_stem = kernelFileStem();
            m_stemComputed = true;
        }
        return m_stem;
    }

    const ParentDir& m_parent;
    const ScanOptions& m_options;
    bool m_wantStamps = false;
    EntryReadResult m_result;
    UniqueFd m_fd;
    Listing m_listing;
    std::string m_stem;
    bool m_stemComputed = false;
    std::string m_folderPath; ///< where Triton's group file would record the entry's files
    const PackFile* m_pack = nullptr;
    const PackRecord* m_record = nullptr;
};

EntryReadResult readLoneFile(const ParentDir& parent, const std::string& name, ItemType type)
{
    EntryReadResult r;
    Entry& e = r.entry;
    e.folderName = name;
    e.path = joinPath(parent.path, name);
    struct stat st {};
    if (::fstatat(parent.fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        const int err = errno; // before any allocation below can change it
        r.vanished = err == ENOENT;
        e.addProblem(problem::Unreadable, Text::of(KL_TEXT("kl::scan", "cannot stat %1: %2"),
                                                   printableName(e.path), errnoText(err)));
    } else {
        e.totalSize = static_cast<std::uint64_t>(st.st_size);
        e.newestMtimeNs = mtimeOf(st);
    }
    if (!isValidUtf8(name))
        e.addProblem(problem::NonUtf8Name, Text::of(KL_TEXT("kl::scan", "file name is not valid UTF-8: %1"),
                                                    printableName(e.path)));
    if (type == ItemType::Symlink) {
        e.kind = EntryKind::Unknown;
        e.status = EntryStatus::Foreign;
        e.addProblem(problem::Symlink, Text::of(KL_TEXT("kl::scan", "%1 is a symbolic link; not followed"),
                                                printableName(e.path)));
    } else if (layout::isTempFileName(name)) {
        e.kind = EntryKind::Temp;
        e.status = EntryStatus::Orphan;
    } else if (layout::isForeignFileName(name)) {
        e.kind = EntryKind::Foreign;
        e.status = EntryStatus::Foreign;
    } else {
        e.kind = EntryKind::Unknown;
        e.status = EntryStatus::Foreign;
    }
    Stage s;
    s.fileName = name;
    auto dot = name.rfind('.');
    s.extPos = static_cast<std::uint16_t>(dot == std::string::npos ? 0 : dot + 1);
    s.known = false;
    s.size = e.totalSize;
    s.mtimeNs = e.newestMtimeNs;
    e.stages.push_back(std::move(s));
    return r;
}

} // namespace

ItemType itemTypeOfDirent(unsigned char dtype)
{
    switch (dtype) {
    case DT_DIR: return ItemType::Dir;
    case DT_REG: return ItemType::File;
    case DT_LNK: return ItemType::Symlink;
    default: return ItemType::Other;
    }
}

ItemType itemTypeOfMode(unsigned mode)
{
    return S_ISDIR(mode)   ? ItemType::Dir
           : S_ISREG(mode) ? ItemType::File
           : S_ISLNK(mode) ? ItemType::Symlink
                           : ItemType::Other;
}

EntryReadResult readPackedEntry(const ParentDir& root, const PackFile& pack, const PackRecord& record,
                                const ScanOptions& options)
{
    if (options.beforeEntry)
        options.beforeEntry(joinPath(pack.path(), record.key));
    return FolderReader(root, pack, record, options).readPacked();
}

EntryReadResult readEntry(const ParentDir& parent, const std::string& name, ItemType type,
                          const ScanOptions& options, IndexUse* index)
{
    if (options.beforeEntry)
        options.beforeEntry(joinPath(parent.path, name));
    if (type == ItemType::Dir && index && index->index) {
        EntryReadResult r;
        if (index->index->reuse(parent.fd, name, r.entry, index->reused)) {
            r.entry.folderName = name;
            r.entry.path = joinPath(parent.path, name);
            r.entry.era = classifyFolderName(name);
            return r;
        }
    }
    if (type == ItemType::Dir)
        return FolderReader(parent, name, options, index && index->wantStamps).read();
    return readLoneFile(parent, name, type);
}

} // namespace kl
