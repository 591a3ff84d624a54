#include "packfile.h"

#include "core/formats/groupfile.h"
#include "core/formats/layout.h"
#include "core/util/utf8.h"
#include "packformat.h"
#include "packindex.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <limits>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

constexpr std::size_t kChunk = 1u << 20;
// Group files are a few hundred bytes; a larger one is kept out of memory and makes no group.
constexpr std::uint64_t kMaxGroupBytes = 1u << 20;

// Reads exactly `n` bytes at `offset`; false with errno set (0 for an early end of file).
bool preadAll(int fd, char* out, std::size_t n, std::uint64_t offset)
{
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::pread(fd, out + got, n - got, static_cast<off_t>(offset + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r == 0)
                errno = 0;
            return false;
        }
        got += static_cast<std::size_t>(r);
    }
    return true;
}

std::string hex32(std::uint32_t v)
{
    char b[11];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

std::string readCause(int err)
{
    return err == 0 ? std::string("unexpected end of file") : errnoText(err);
}

// Whether the group files among a record's files name only files of the record.
bool hasCompleteGroup(const std::vector<PackedFile>& files, const std::vector<std::string>& groupTexts)
{
    std::set<std::string_view> names;
    for (const PackedFile& f : files)
        names.insert(f.name);
    for (const std::string& text : groupTexts) {
        auto g = parseGroupFile(text);
        if (!g || g->children.empty())
            continue;
        const bool all = std::all_of(g->children.begin(), g->children.end(), [&](const GroupChild& c) {
            const auto slash = c.name.rfind('/');
            const std::string_view last = slash == std::string::npos
                                              ? std::string_view(c.name)
                                              : std::string_view(c.name).substr(slash + 1);
            return names.count(last) > 0;
        });
        if (all)
            return true;
    }
    return false;
}

} // namespace

std::uint64_t PackRecord::dataOffset() const
{
    return files.empty() ? offset + length : files.front().offset;
}

std::uint64_t PackRecord::dataLength() const
{
    std::uint64_t n = 0;
    for (const PackedFile& f : files)
        n += f.size;
    return n;
}

PackFile::PackFile(UniqueFd fd, std::string path, std::string name, std::uint64_t size)
    : m_fd(std::move(fd))
    , m_path(std::move(path))
    , m_name(std::move(name))
    , m_size(size)
{
}

Result<PackFile> PackFile::open(int folderFd, const std::string& folderPath, const std::string& name,
                                bool writable, bool create)
{
    const std::string path = joinPath(folderPath, name);
    // O_NONBLOCK: a FIFO planted under a pack's name must not hang the reader.
    UniqueFd fd(::openat(
        folderFd, name.c_str(),
        (writable ? O_RDWR : O_RDONLY) | (create ? O_CREAT : 0) | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0666));
    if (!fd.valid())
        return fail(
            Text::of(KL_TEXT("kl::pack", "cannot open pack %1: %2"), printableName(path), errnoText(errno)));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return fail(
            Text::of(KL_TEXT("kl::pack", "cannot stat pack %1: %2"), printableName(path), errnoText(errno)));
    if (!S_ISREG(st.st_mode))
        return fail(Text::of(KL_TEXT("kl::pack", "pack %1 is not a regular file"), printableName(path)));
    const int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags >= 0)
        ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
    return PackFile(std::move(fd), path, name, static_cast<std::uint64_t>(st.st_size));
}

Status PackFile::refreshSize()
{
    struct stat st {};
    if (::fstat(m_fd.get(), &st) != 0)
        return fail(Text::of(KL_TEXT("kl::pack", "cannot stat pack %1: %2"), printableName(m_path),
                             errnoText(errno)));
    m_size = static_cast<std::uint64_t>(st.st_size);
    return {};
}

int PackFile::tryLock() const
{
    struct flock fl {};
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET; // l_start 0, l_len 0: the whole file, however long it grows
    return ::fcntl(m_fd.get(), F_SETLK, &fl) == 0 ? 0 : errno;
}

long PackFile::lockHolder() const
{
    struct flock fl {};
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    return ::fcntl(m_fd.get(), F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK ? static_cast<long>(fl.l_pid) : 0;
}

bool PackFile::stillNamedIn(int folderFd) const
{
    struct stat named {
    }, mine{};
    return ::fstatat(folderFd, m_name.c_str(), &named, AT_SYMLINK_NOFOLLOW) == 0 &&
           ::fstat(m_fd.get(), &mine) == 0 && named.st_dev == mine.st_dev && named.st_ino == mine.st_ino;
}

PackHeader PackFile::readHeader() const
{
    PackHeader h;
    if (m_size == 0) {
        h.state = PackHeaderState::Empty;
        return h;
    }
    if (m_size < pack::kHeaderBytes) {
        h.state = PackHeaderState::Short;
        h.why = Text::of(KL_TEXT("kl::pack", "%1 is too short for a pack header (%2 bytes)"),
                         printableName(m_path), m_size);
        return h;
    }
    char b[pack::kHeaderBytes];
    if (!preadAll(m_fd.get(), b, sizeof b, 0)) {
        h.state = PackHeaderState::Short;
        h.why = Text::of(KL_TEXT("kl::pack", "cannot read the header of %1: %2"), printableName(m_path),
                         readCause(errno));
        return h;
    }
    const std::string_view bytes(b, sizeof b);
    h.version = pack::readU32(bytes, 8);
    if (bytes.substr(0, 8) != pack::kMagic || h.version == 0) {
        h.state = PackHeaderState::Foreign;
        h.why = Text::of(KL_TEXT("kl::pack", "%1 is not a KernelLens pack (its first bytes are not "
                                             "KLPACK format 1 or later)"),
                         printableName(m_path));
    } else if (h.version > pack::kVersion) {
        h.state = PackHeaderState::Newer;
        h.why =
            Text::of(KL_TEXT("kl::pack", "%1 is a pack of format %2, newer than this KernelLens reads (%3)"),
                     printableName(m_path), h.version, pack::kVersion);
    } else {
        h.state = PackHeaderState::Current;
    }
    return h;
}

std::optional<PackRecord> PackFile::checkAt(std::uint64_t offset, Text* why, bool* ioError) const
{
    auto no = [&](Text t) -> std::optional<PackRecord> {
        if (why)
            *why = std::move(t);
        return std::nullopt;
    };
    auto unreadable = [&]() -> std::optional<PackRecord> {
        if (ioError)
            *ioError = true;
        return no(Text::of(KL_TEXT("kl::pack", "cannot read: %1"), readCause(errno)));
    };
    if (offset > m_size || m_size - offset < pack::kRecordHeaderBytes)
        return no(Text::of(KL_TEXT("kl::pack", "a record header cut off by the end of the pack, %1 bytes "
                                               "short (a torn append)"),
                           offset > m_size ? pack::kRecordHeaderBytes
                                           : pack::kRecordHeaderBytes - (m_size - offset)));
    char hb[pack::kRecordHeaderBytes];
    if (!preadAll(m_fd.get(), hb, sizeof hb, offset))
        return unreadable();
    const pack::RecordHeader h = pack::decodeRecordHeader(std::string_view(hb, sizeof hb));
    if (h.magic != pack::kRecordMagic)
        return no(Text(KL_TEXT("kl::pack", "no record starts here (no KLR1)")));
    if (h.metaLen > pack::kMaxMetaBytes)
        return no(
            Text::of(KL_TEXT("kl::pack", "a meta of %1 bytes, more than a record may hold"), h.metaLen));
    const std::uint64_t room = m_size - offset - pack::kRecordHeaderBytes;
    if (h.metaLen > room || h.dataLen > room - h.metaLen)
        return no(Text::of(KL_TEXT("kl::pack", "a record of %1 bytes that ends past the end of the pack (a "
                                               "torn append)"),
                           h.dataLen > std::numeric_limits<std::uint64_t>::max() - pack::kRecordHeaderBytes -
                                           h.metaLen
                               ? std::numeric_limits<std::uint64_t>::max()
                               : pack::kRecordHeaderBytes + h.metaLen + h.dataLen));
    PackRecord r;
    r.offset = offset;
    r.length = pack::kRecordHeaderBytes + h.metaLen + h.dataLen;
    r.kind = h.kind;
    r.crc = h.crc;
    std::string meta(h.metaLen, '\0');
    if (!preadAll(m_fd.get(), meta.data(), meta.size(), offset + pack::kRecordHeaderBytes))
        return unreadable();
    std::uint32_t crc = pack::crc32Of(0, meta);
    Result<pack::RecordMeta> parsed =
        h.kind == pack::kKindEntry ? pack::parseRecordMeta(meta, h.dataLen) : fail(Text());
    const std::uint64_t dataStart = offset + pack::kRecordHeaderBytes + h.metaLen;
    // The data is read in chunks for the CRC; the group files' bytes are kept on the way.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> groups; // offset in data, size
    if (parsed) {
        std::uint64_t at = 0;
        for (const pack::MetaFile& f : parsed->files) {
            r.files.push_back(PackedFile{f.name, f.size, f.mtimeNs, dataStart + at});
            if (layout::isGroupFileName(f.name) && f.size <= kMaxGroupBytes)
                groups.emplace_back(at, f.size);
            at += f.size;
        }
    }
    std::vector<std::string> groupTexts(groups.size());
    std::string chunk;
    for (std::uint64_t at = 0; at < h.dataLen;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, h.dataLen - at));
        chunk.resize(n);
        if (!preadAll(m_fd.get(), chunk.data(), n, dataStart + at))
            return unreadable();
        crc = pack::crc32Of(crc, chunk);
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const auto [gOff, gSize] = groups[g];
            const std::uint64_t from = std::max(gOff, at), to = std::min(gOff + gSize, at + n);
            if (from < to)
                groupTexts[g].append(chunk, static_cast<std::size_t>(from - at),
                                     static_cast<std::size_t>(to - from));
        }
        at += n;
    }
    if (crc != h.crc)
        return no(Text::of(KL_TEXT("kl::pack", "CRC-32 mismatch: the record says %1, its bytes give %2 "
                                               "(damaged bytes)"),
                           hex32(h.crc), hex32(crc)));
    if (h.kind != pack::kKindEntry)
        return r; // valid, of a kind this reader skips
    if (!parsed)
        return no(std::move(parsed.error()));
    r.key = std::move(parsed->key);
    r.timeNs = parsed->timeNs;
    r.check = RecordCheck::Full;
    r.completeGroup = hasCompleteGroup(r.files, groupTexts);
    return r;
}

std::optional<PackRecord> PackFile::listAt(std::uint64_t offset, Text* why) const
{
    auto no = [&](Text t) -> std::optional<PackRecord> {
        if (why)
            *why = std::move(t);
        return std::nullopt;
    };
    char hb[pack::kRecordHeaderBytes];
    if (offset > m_size || m_size - offset < pack::kRecordHeaderBytes ||
        !preadAll(m_fd.get(), hb, sizeof hb, offset))
        return no(Text::of(KL_TEXT("kl::pack", "cannot read the record at byte %1 of %2: %3"), offset,
                           printableName(m_path), readCause(errno)));
    const pack::RecordHeader h = pack::decodeRecordHeader(std::string_view(hb, sizeof hb));
    const std::uint64_t room = m_size - offset - pack::kRecordHeaderBytes;
    if (h.magic != pack::kRecordMagic || h.kind != pack::kKindEntry || h.metaLen > pack::kMaxMetaBytes ||
        h.metaLen > room || h.dataLen > room - h.metaLen)
        return no(Text::of(KL_TEXT("kl::pack", "no valid entry record at byte %1 of %2"), offset,
                           printableName(m_path)));
    std::string meta(h.metaLen, '\0');
    if (!preadAll(m_fd.get(), meta.data(), meta.size(), offset + pack::kRecordHeaderBytes))
        return no(Text::of(KL_TEXT("kl::pack", "cannot read the record at byte %1 of %2: %3"), offset,
                           printableName(m_path), readCause(errno)));
    Result<pack::RecordMeta> parsed = pack::parseRecordMeta(meta, h.dataLen);
    if (!parsed)
        return no(Text::of(KL_TEXT("kl::pack", "the record at byte %1 of %2: %3"), offset,
                           printableName(m_path), std::move(parsed.error())));
    PackRecord r;
    r.offset = offset;
    r.length = pack::kRecordHeaderBytes + h.metaLen + h.dataLen;
    r.kind = h.kind;
    r.crc = h.crc;
    r.key = std::move(parsed->key);
    r.timeNs = parsed->timeNs;
    r.check = RecordCheck::Listed;
    std::uint64_t at = offset + pack::kRecordHeaderBytes + h.metaLen;
    r.files.reserve(parsed->files.size());
    for (pack::MetaFile& f : parsed->files) {
        r.files.push_back(PackedFile{std::move(f.name), f.size, f.mtimeNs, at});
        at += f.size;
    }
    return r;
}

PackWalk PackFile::walk(PackRead mode, int folderFd) const
{
    PackWalk w;
    w.size = m_size;
    w.header = readHeader();
    if (w.header.state != PackHeaderState::Current)
        return w;
    std::uint64_t pos = pack::kHeaderBytes;
    w.validEnd = pos;
    // The index is trusted only while it agrees with the pack: a line at the expected offset whose
    // record header disagrees, or damage right where its records end, means one of the records
    // it vouched for may not be what it says (cut short, say, hiding the next one): then every
    // record is checked in full, from the start.
    bool chained = false;
    auto distrust = [&] {
        w.records.clear();
        w.otherKinds.clear();
        w.indexedRecords = 0;
        chained = false;
        pos = w.validEnd = pack::kHeaderBytes;
    };
    if (mode == PackRead::Indexed && folderFd >= 0) {
        const pack::PackIndex idx = pack::readIndexAt(folderFd, pack::indexNameOf(m_name));
        for (const pack::IndexLine& line : idx.lines) {
            if (line.offset != pos) // stale or repeated: the walk below finds what it meant
                continue;
            char hb[pack::kRecordHeaderBytes];
            bool agrees = line.length >= pack::kRecordHeaderBytes && line.length <= m_size - pos &&
                          preadAll(m_fd.get(), hb, sizeof hb, pos);
            const pack::RecordHeader h =
                agrees ? pack::decodeRecordHeader(std::string_view(hb, sizeof hb)) : pack::RecordHeader{};
            agrees = agrees && h.magic == pack::kRecordMagic && h.metaLen <= pack::kMaxMetaBytes &&
                     h.dataLen <= line.length &&
                     pack::kRecordHeaderBytes + h.metaLen + h.dataLen == line.length;
            if (!agrees) {
                distrust();
                break;
            }
            PackRecord r;
            r.offset = pos;
            r.length = line.length;
            r.kind = h.kind;
            r.key = line.key;
            r.check = RecordCheck::Indexed;
            (h.kind == pack::kKindEntry ? w.records : w.otherKinds).push_back(std::move(r));
            ++w.indexedRecords;
            chained = true;
            pos += line.length;
            w.validEnd = pos;
        }
    }
    while (pos < m_size) {
        Text why;
        bool ioError = false;
        if (auto r = checkAt(pos, &why, &ioError)) {
            chained = false;
            pos += r->length;
            w.validEnd = pos;
            (r->kind == pack::kKindEntry ? w.records : w.otherKinds).push_back(std::move(*r));
            continue;
        }
        if (ioError) {
            w.error = Text::of(KL_TEXT("kl::pack", "%1 at byte %2: %3"), printableName(m_path), pos, why);
            return w;
        }
        if (chained) {
            distrust();
            continue;
        }
        // Resync: the next KLR1 whose record checks out. A damaged record's own bytes are searched
        // too, so a record hidden in a length that was damaged is found.
        std::uint64_t next = m_size;
        std::string chunk;
        for (std::uint64_t at = pos + 1; at < m_size && next == m_size;) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, m_size - at));
            chunk.resize(n);
            if (!preadAll(m_fd.get(), chunk.data(), n, at)) {
                w.error = Text::of(KL_TEXT("kl::pack", "%1 at byte %2: %3"), printableName(m_path), at,
                                   readCause(errno));
                break;
            }
            for (std::size_t i = chunk.find(pack::kRecordMagic); i != std::string::npos;
                 i = chunk.find(pack::kRecordMagic, i + 1)) {
                if (checkAt(at + i)) {
                    next = at + i;
                    break;
                }
            }
            if (n < pack::kRecordMagic.size())
                break;
            at += n - (pack::kRecordMagic.size() - 1); // a magic across two chunks is found once
        }
        w.damage.push_back(PackDamage{pos, next - pos, std::move(why)});
        if (!w.error.empty())
            return w;
        pos = next;
    }
    return w;
}

Result<std::string> PackFile::readFile(const PackedFile& file, std::uint64_t maxBytes) const
{
    if (file.size > maxBytes)
        return fail(Text::of(KL_TEXT("kl::pack", "%1 in %2: %3 bytes exceed the limit of %4"),
                             printableName(file.name), printableName(m_path), file.size, maxBytes));
    std::string out(static_cast<std::size_t>(file.size), '\0');
    if (!preadAll(m_fd.get(), out.data(), out.size(), file.offset))
        return fail(Text::of(KL_TEXT("kl::pack", "cannot read %1 in %2 at byte %3: %4"),
                             printableName(file.name), printableName(m_path), file.offset, readCause(errno)));
    return out;
}

Result<std::string> PackFile::readData(const PackRecord& record, std::uint64_t maxBytes) const
{
    auto cannotRead = [&] {
        return fail(Text::of(KL_TEXT("kl::pack", "cannot read the record at byte %1 of %2: %3"),
                             record.offset, printableName(m_path), readCause(errno)));
    };
    char hb[pack::kRecordHeaderBytes];
    if (!preadAll(m_fd.get(), hb, sizeof hb, record.offset))
        return cannotRead();
    const pack::RecordHeader h = pack::decodeRecordHeader(std::string_view(hb, sizeof hb));
    auto changed = [&] {
        return fail(Text::of(KL_TEXT("kl::pack", "the record at byte %1 of %2 changed since it was checked"),
                             record.offset, printableName(m_path)));
    };
    if (h.magic != pack::kRecordMagic || h.dataLen > record.length ||
        pack::kRecordHeaderBytes + h.metaLen + h.dataLen != record.length)
        return changed();
    if (h.dataLen > maxBytes)
        return fail(
            Text::of(KL_TEXT("kl::pack", "the record of %1 at byte %2 of %3 holds %4 bytes, more than "
                                         "the limit of %5"),
                     printableName(record.key), record.offset, printableName(m_path), h.dataLen, maxBytes));
    std::string body(static_cast<std::size_t>(h.metaLen + h.dataLen), '\0');
    if (!preadAll(m_fd.get(), body.data(), body.size(), record.offset + pack::kRecordHeaderBytes))
        return cannotRead();
    if (pack::crc32Of(0, body) != h.crc)
        return changed();
    body.erase(0, h.metaLen);
    return body;
}

} // namespace kl
