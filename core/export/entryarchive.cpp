#include "entryarchive.h"

#include "archiveapi.h"
#include "core/formats/layout.h"
#include "core/keys/tritonkey.h"
#include "core/pack/entryfiles.h"
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

// Stage files are read whole; a file larger than this is left out (and listed) rather than
// making the archive unbounded.
constexpr std::uint64_t kMaxFileBytes = 1ull << 30;

struct Packed {
    std::string path; ///< inside the archive
    std::uint64_t size;
    std::string sha256;
};

class Writer {
public:
    explicit Writer(const std::string& path)
        : m_api(archiveApi())
        , m_a(m_api.archive_write_new())
    {
        m_api.archive_write_set_format_pax_restricted(m_a);
        m_api.archive_write_add_filter_gzip(m_a);
        m_ok = m_api.archive_write_open_filename(m_a, path.c_str()) == ARCHIVE_OK;
    }
    ~Writer()
    {
        if (m_a)
            m_api.archive_write_free(m_a);
    }
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    bool ok() const { return m_ok; }
    std::string error() const
    {
        const char* e = m_api.archive_error_string(m_a);
        std::string s = e ? e : "libarchive failed";
        if (const int en = m_api.archive_errno(m_a); en > 0)
            s += " (" + errnoText(en) + ")";
        return s;
    }
    bool add(const std::string& name, const std::string& bytes, std::int64_t mtime)
    {
        archive_entry* e = m_api.archive_entry_new();
        m_api.archive_entry_set_pathname(e, name.c_str());
        m_api.archive_entry_set_size(e, static_cast<la_int64_t>(bytes.size()));
        m_api.archive_entry_set_filetype(e, AE_IFREG);
        m_api.archive_entry_set_perm(e, 0644);
        m_api.archive_entry_set_mtime(e, static_cast<time_t>(mtime), 0);
        bool ok = m_api.archive_write_header(m_a, e) == ARCHIVE_OK &&
                  m_api.archive_write_data(m_a, bytes.data(), bytes.size()) ==
                      static_cast<la_ssize_t>(bytes.size());
        m_api.archive_entry_free(e);
        return ok;
    }
    bool close() { return m_api.archive_write_close(m_a) == ARCHIVE_OK; }

private:
    const ArchiveApi& m_api;
    archive* m_a;
    bool m_ok = false;
};

std::string listingJson(const std::vector<Entry>& entries, const std::vector<Packed>& packed,
                        const std::vector<std::string>& skipped)
{
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    w.StartObject();
    w.Key("schema");
    w.String("kernellens.export/1");
    w.Key("entries");
    w.StartArray();
    for (const Entry& e : entries)
        w.String(printableName(e.path).c_str());
    w.EndArray();
    w.Key("files");
    w.StartArray();
    for (const Packed& p : packed) {
        w.StartObject();
        w.Key("path");
        w.String(printableName(p.path).c_str());
        w.Key("size");
        w.Uint64(p.size);
        w.Key("sha256");
        w.String(p.sha256.c_str());
        w.EndObject();
    }
    w.EndArray();
    w.Key("skipped");
    w.StartArray();
    for (const std::string& s : skipped)
        w.String(printableName(s).c_str());
    w.EndArray();
    w.EndObject();
    return std::string(buf.GetString()) + "\n";
}

} // namespace

ArchiveResult exportEntries(const std::vector<Entry>& entries, const std::string& outPath)
{
    ArchiveResult r;
    // A Writer is made only once libarchive is there.
    if (const ArchiveApi& api = archiveApi(); !api.error.empty()) {
        r.error = api.error;
        return r;
    }
    const std::string temp = outPath + ".tmp." + std::to_string(::getpid());
    struct RemoveTemp {
        const std::string& path;
        bool keep = false;
        ~RemoveTemp()
        {
            if (!keep)
                ::unlink(path.c_str());
        }
    } cleanup{temp};

    Writer w(temp);
    if (!w.ok()) {
        r.error = Text::of(KL_TEXT("kl::export", "cannot write %1: %2"), printableName(temp), w.error());
        return r;
    }
    std::vector<Packed> packed;
    for (const Entry& e : entries) {
        if (e.packed()) {
            // The record's files, as the folder it was packed from would give them.
            std::vector<std::pair<std::string, std::int64_t>> files; // name, mtime
            for (const Stage& s : e.stages)
                files.emplace_back(s.fileName, s.mtimeNs);
            if (e.kind == EntryKind::Kernel && !e.hasProblem(problem::MissingGroup))
                files.emplace_back(layout::groupFileName(layout::fileStem(e.kernel)), e.newestMtimeNs);
            std::sort(files.begin(), files.end());
            for (const auto& [name, mtimeNs] : files) {
                const std::string inside = e.folderName + "/" + name;
                auto bytes = readEntryFile(e, name, kMaxFileBytes);
                if (!bytes) {
                    r.skipped.push_back(inside + ": " + bytes.error().english());
                    continue;
                }
                if (!w.add(inside, *bytes, mtimeNs / 1000000000)) {
                    r.error = Text::of(KL_TEXT("kl::export", "cannot write %1: %2"), printableName(temp),
                                       w.error());
                    return r;
                }
                packed.push_back({inside, bytes->size(), sha256Hex(*bytes)});
                ++r.files;
                r.bytes += bytes->size();
            }
            continue;
        }
        UniqueFd dir(::open(e.path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!dir.valid()) {
            r.error = Text::of(KL_TEXT("kl::export", "cannot open entry folder %1: %2"),
                               printableName(e.path), errnoText(errno));
            return r;
        }
        std::vector<DirName> names;
        int err = 0;
        if (!listDirectory(dir.get(), names, err)) {
            r.error =
                Text::of(KL_TEXT("kl::export", "cannot list %1: %2"), printableName(e.path), errnoText(err));
            return r;
        }
        std::sort(names.begin(), names.end(),
                  [](const DirName& a, const DirName& b) { return a.name < b.name; });
        for (const DirName& n : names) {
            const std::string inside = e.folderName + "/" + n.name;
            struct stat st {};
            if (::fstatat(dir.get(), n.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                r.skipped.push_back(inside + ": " + errnoText(errno));
                continue;
            }
            if (S_ISLNK(st.st_mode)) {
                r.skipped.push_back(inside + ": a symlink, not followed");
                continue;
            }
            if (!S_ISREG(st.st_mode)) {
                r.skipped.push_back(inside + (S_ISDIR(st.st_mode) ? ": a folder (a writer's temp folder?)"
                                                                  : ": not a regular file"));
                continue;
            }
            const SmallFile f = readSmallFileAt(dir.get(), n.name, kMaxFileBytes);
            if (!f.ok) {
                r.skipped.push_back(inside + ": " + (f.tooLarge ? "larger than 1 GiB" : f.error));
                continue;
            }
            if (!w.add(inside, f.text, st.st_mtim.tv_sec)) {
                r.error =
                    Text::of(KL_TEXT("kl::export", "cannot write %1: %2"), printableName(temp), w.error());
                return r;
            }
            packed.push_back({inside, f.text.size(), sha256Hex(f.text)});
            ++r.files;
            r.bytes += f.text.size();
        }
    }
    if (!w.add("kernellens-export.json", listingJson(entries, packed, r.skipped), std::time(nullptr)) ||
        !w.close()) {
        r.error = Text::of(KL_TEXT("kl::export", "cannot write %1: %2"), printableName(temp), w.error());
        return r;
    }
    if (::rename(temp.c_str(), outPath.c_str()) != 0) {
        r.error = Text::of(KL_TEXT("kl::export", "cannot rename %1 to %2: %3"), printableName(temp),
                           printableName(outPath), errnoText(errno));
        return r;
    }
    cleanup.keep = true;
    r.ok = true;
    return r;
}

} // namespace kl
