#include "packwriter.h"

#include "core/formats/groupfile.h"
#include "core/util/durablefile.h"
#include "core/util/utf8.h"
#include "packindex.h"

#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

// Writes all of `bytes` at `offset`; false with errno set.
bool pwriteAll(int fd, std::string_view bytes, std::uint64_t offset)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

PackWriter::PackWriter(PackFile file, UniqueFd folderFd, std::string folderPath, PackWriterOptions options)
    : m_file(std::move(file))
    , m_folderFd(std::move(folderFd))
    , m_folderPath(std::move(folderPath))
    , m_options(options)
{
}

PackWriter::~PackWriter() = default;

PackWriter::Take PackWriter::take(const std::string& folderPath, const std::string& name,
                                  PackWriterOptions options)
{
    Take t;
    auto failed = [&](Text why) {
        t.state = State::Failed;
        t.why = std::move(why);
        return std::move(t);
    };
    if (!pack::isPackName(name))
        return failed(
            Text::of(KL_TEXT("kl::pack", "\"%1\" is not a pack name (<name>.klpack)"), printableName(name)));
    if (::mkdir(folderPath.c_str(), 0777) == 0) {
        // The new folder's name must survive a power loss as the packs in it will.
        const auto slash = folderPath.rfind('/');
        const std::string parent =
            slash == 0 ? "/" : folderPath.substr(0, slash == std::string::npos ? 0 : slash);
        UniqueFd parentFd(::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (options.fsync && parentFd.valid())
            (void)::fsync(parentFd.get());
    } else if (errno != EEXIST) {
        return failed(Text::of(KL_TEXT("kl::pack", "cannot create pack folder %1: %2"),
                               printableName(folderPath), errnoText(errno)));
    }
    UniqueFd folderFd(::open(folderPath.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!folderFd.valid()) {
        const int err = errno;
        return failed(err == ENOTDIR || err == ELOOP
                          ? Text::of(KL_TEXT("kl::pack", "%1 is not a folder: packs cannot be read there"),
                                     printableName(folderPath))
                          : Text::of(KL_TEXT("kl::pack", "cannot open pack folder %1: %2"),
                                     printableName(folderPath), errnoText(err)));
    }
    // A pack removed or replaced between the open and the lock (klens unpack) is opened again:
    // an append to a file no name leads to would be lost.
    std::optional<PackFile> file;
    for (int attempt = 0; attempt < 5 && !file; ++attempt) {
        auto opened = PackFile::open(folderFd.get(), folderPath, name, true, true);
        if (!opened)
            return failed(std::move(opened.error()));
        if (const int err = opened->tryLock()) {
            if (err != EACCES && err != EAGAIN)
                return failed(Text::of(KL_TEXT("kl::pack", "cannot lock pack %1: %2"),
                                       printableName(opened->path()), errnoText(err)));
            t.state = State::Busy;
            const long pid = opened->lockHolder();
            t.why = pid ? Text::of(KL_TEXT("kl::pack", "pack %1 is locked by pid %2 (a writer is using it)"),
                                   printableName(opened->path()), pid)
                        : Text::of(KL_TEXT("kl::pack", "pack %1 is locked by another writer"),
                                   printableName(opened->path()));
            return t;
        }
        if (opened->stillNamedIn(folderFd.get()))
            file.emplace(std::move(*opened));
    }
    if (!file)
        return failed(Text::of(KL_TEXT("kl::pack", "pack %1 keeps being replaced while it is opened"),
                               printableName(joinPath(folderPath, name))));
    std::unique_ptr<PackWriter> w(new PackWriter(std::move(*file), std::move(folderFd), folderPath, options));
    const PackHeader header = w->m_file.readHeader();
    if (header.state != PackHeaderState::Current && header.state != PackHeaderState::Empty) {
        t.state = State::NotOurs;
        t.why = header.why;
        return t;
    }
    if (auto opened = w->open(); !opened)
        return failed(std::move(opened.error()));
    t.state = State::Taken;
    t.writer = std::move(w);
    return t;
}

Status PackWriter::open()
{
    const std::string shown = printableName(m_file.path());
    if (m_file.size() == 0) {
        if (!pwriteAll(m_file.fd(), pack::encodePackHeader(), 0) ||
            (m_options.fsync && ::fsync(m_file.fd()) != 0)) {
            const int err = errno;
            (void)::ftruncate(m_file.fd(), 0);
            return fail(Text::of(KL_TEXT("kl::pack", "cannot write the header of pack %1: %2"), shown,
                                 errnoText(err)));
        }
        if (auto r = m_file.refreshSize(); !r)
            return r;
    }
    m_found = m_file.walk(PackRead::Indexed, m_folderFd.get());
    if (!m_found.error.empty())
        return fail(m_found.error);
    m_end = m_found.validEnd;
    // Past the last valid record lies what a writer killed mid-append left: never an entry.
    if (m_file.size() > m_end) {
        if (::ftruncate(m_file.fd(), static_cast<off_t>(m_end)) != 0)
            return fail(Text::of(KL_TEXT("kl::pack", "cannot cut the torn tail of pack %1 at byte %2: %3"),
                                 shown, m_end, errnoText(errno)));
        m_truncated = m_file.size() - m_end;
        if (auto r = m_file.refreshSize(); !r)
            return r;
    }
    // The index is rewritten from what the walk checked: torn, stale or garbled lines go.
    std::string text(pack::kIndexHeader);
    for (const PackRecord& r : m_found.records)
        text += pack::indexLine(r.offset, r.length, r.key);
    const std::string indexName = pack::indexNameOf(m_file.name());
    const std::string temp = indexName + ".tmp." + std::to_string(::getpid()) + "." + uuid4();
    if (auto written = writeNewFileAt(m_folderFd.get(), temp, text, m_options.fsync); !written) {
        ::unlinkat(m_folderFd.get(), temp.c_str(), 0);
        return fail(Text::of(KL_TEXT("kl::pack", "cannot write index %1: %2"),
                             printableName(joinPath(m_folderPath, indexName)), std::move(written.error())));
    }
    if (::renameat(m_folderFd.get(), temp.c_str(), m_folderFd.get(), indexName.c_str()) != 0) {
        const int err = errno;
        ::unlinkat(m_folderFd.get(), temp.c_str(), 0);
        return fail(Text::of(KL_TEXT("kl::pack", "cannot write index %1: %2"),
                             printableName(joinPath(m_folderPath, indexName)), errnoText(err)));
    }
    m_indexFd =
        UniqueFd(::openat(m_folderFd.get(), indexName.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC));
    m_indexSize = text.size();
    return {};
}

Result<std::uint64_t> PackWriter::append(std::string_view key, std::int64_t timeNs,
                                         const std::vector<FileToPack>& files)
{
    const std::string shown = printableName(m_file.path());
    if (!pack::isValidKey(key) || !isValidUtf8(key))
        return fail(
            Text::of(KL_TEXT("kl::pack", "cannot pack \"%1\" into %2: not a folder name a reader accepts"),
                     printableName(key), shown));
    pack::RecordMeta meta;
    meta.key = std::string(key);
    meta.timeNs = timeNs;
    std::vector<std::string_view> parts;
    std::set<std::string_view> names;
    for (const FileToPack& f : files) {
        if (!isPlainFileName(f.name) || !isValidUtf8(f.name) || !names.insert(f.name).second)
            return fail(
                Text::of(KL_TEXT("kl::pack", "cannot pack %1 into %2: the file name \"%3\" is not one a "
                                             "reader accepts"),
                         printableName(key), shown, printableName(f.name)));
        meta.files.push_back(pack::MetaFile{f.name, f.bytes.size(), f.mtimeNs});
        parts.push_back(f.bytes);
    }
    if (pack::encodeRecordMeta(meta).size() > pack::kMaxMetaBytes)
        return fail(
            Text::of(KL_TEXT("kl::pack", "cannot pack %1 into %2: its file list is too long for a record"),
                     printableName(key), shown));
    const std::string record = pack::encodeRecord(meta, parts);
    const std::uint64_t offset = m_end;
    if (!pwriteAll(m_file.fd(), record, offset) || (m_options.fsync && ::fsync(m_file.fd()) != 0)) {
        const int err = errno;
        // Cut back: a reader would skip the torn record, but a full disk must not keep it.
        const bool cut = ::ftruncate(m_file.fd(), static_cast<off_t>(offset)) == 0;
        return fail(
            cut ? Text::of(KL_TEXT("kl::pack", "cannot append %1 to pack %2: %3 (the pack was cut back "
                                               "to %4 bytes)"),
                           printableName(key), shown, errnoText(err), offset)
                : Text::of(KL_TEXT("kl::pack", "cannot append %1 to pack %2: %3 (and cutting it back to %4 "
                                               "bytes failed: %5; readers skip the torn record)"),
                           printableName(key), shown, errnoText(err), offset, errnoText(errno)));
    }
    m_end = offset + record.size();
    writeIndexLine(offset, record.size(), key);
    return offset;
}

void PackWriter::writeIndexLine(std::uint64_t offset, std::uint64_t length, std::string_view key)
{
    if (!m_indexFd.valid())
        return;
    const std::string line = pack::indexLine(offset, length, key);
    const ssize_t n = ::write(m_indexFd.get(), line.data(), line.size());
    if (n == static_cast<ssize_t>(line.size())) {
        m_indexSize += line.size();
        return;
    }
    // The index is advisory: a line that did not go whole is taken back, or the next one would
    // run on from it; readers walk the pack past the index's end.
    if (::ftruncate(m_indexFd.get(), static_cast<off_t>(m_indexSize)) != 0)
        m_indexFd = UniqueFd();
}

Status PackWriter::sync()
{
    const std::string shown = printableName(m_file.path());
    if (::fsync(m_file.fd()) != 0)
        return fail(Text::of(KL_TEXT("kl::pack", "cannot sync pack %1: %2"), shown, errnoText(errno)));
    if (m_indexFd.valid())
        (void)::fsync(m_indexFd.get());
    if (::fsync(m_folderFd.get()) != 0)
        return fail(Text::of(KL_TEXT("kl::pack", "cannot sync pack folder %1: %2"),
                             printableName(m_folderPath), errnoText(errno)));
    return {};
}

} // namespace kl
