#include "scanindex.h"

#include "core/formats/layout.h"
#include "core/util/digest.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace kl {
namespace {

constexpr char kMagic[8] = {'K', 'L', 'S', 'C', 'N', 'I', 'D', 'X'};
// Bump on any change to the record layout or to what a record means.
constexpr std::uint32_t kSchema = 3; // 2: the resources trailer; 3: of a fixed size
constexpr std::uint32_t kByteOrder = 0x01020304;
// Far above any real cache (100,000 entries take some 20 MB): a larger file is damage.
constexpr std::uint64_t kMaxFileBytes = 1ull << 30;

std::int64_t nsOf(const struct timespec& t)
{
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// The running program, by size and mtime: a rebuilt or upgraded KernelLens may compute other facts
// from the same files, so it never trusts what another build wrote.
struct ProgramId {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    bool ok = false;
};

const ProgramId& programId()
{
    static const ProgramId id = [] {
        ProgramId p;
        char buf[PATH_MAX];
        const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
        struct stat st {};
        if (n <= 0 || ::stat("/proc/self/exe", &st) != 0)
            return p;
        std::string path(buf, static_cast<std::size_t>(n));
        p.name = path.substr(path.rfind('/') + 1);
        // Keep the file name tame whatever the executable is called.
        for (char& c : p.name)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                  c == '-' || c == '.'))
                c = '_';
        p.size = static_cast<std::uint64_t>(st.st_size);
        p.mtimeNs = nsOf(st.st_mtim);
        p.ok = !p.name.empty();
        return p;
    }();
    return id;
}

// ---- encoding: LEB128 varints, zigzag for signed values, length-prefixed strings ----

void putVar(std::string& out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

void putSigned(std::string& out, std::int64_t v)
{
    putVar(out, (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
}

void putStr(std::string& out, std::string_view s)
{
    putVar(out, s.size());
    out.append(s);
}

template <typename T> void putFixed(std::string& out, T v)
{
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out.append(b, sizeof(T));
}

// Every read is bounds-checked; the first failure sticks, and the caller checks ok() once.
class Reader {
public:
    explicit Reader(std::string_view s)
        : m_p(s.data())
        , m_end(s.data() + s.size())
    {
    }

    bool ok() const { return m_ok; }
    bool atEnd() const { return m_p == m_end; }

    std::uint64_t var()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_p == m_end)
                return fail();
            const auto b = static_cast<unsigned char>(*m_p++);
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        return fail();
    }

    std::int64_t sig()
    {
        const std::uint64_t u = var();
        return static_cast<std::int64_t>((u >> 1) ^ (~(u & 1) + 1));
    }

    std::uint8_t byte()
    {
        if (m_p == m_end)
            return static_cast<std::uint8_t>(fail());
        return static_cast<std::uint8_t>(*m_p++);
    }

    std::string_view bytes(std::uint64_t n)
    {
        if (!m_ok || n > static_cast<std::uint64_t>(m_end - m_p)) {
            fail();
            return {};
        }
        std::string_view s(m_p, n);
        m_p += n;
        return s;
    }

    std::string_view str() { return bytes(var()); }

    template <typename T> T fixed()
    {
        T v{};
        std::string_view b = bytes(sizeof(T));
        if (b.size() == sizeof(T))
            std::memcpy(&v, b.data(), sizeof(T));
        return v;
    }

private:
    std::uint64_t fail()
    {
        m_ok = false;
        m_p = m_end;
        return 0;
    }

    const char* m_p;
    const char* m_end;
    bool m_ok = true;
};

// File names mostly repeat the kernel's file stem: stored as a code and the rest.
enum NameCode : std::uint8_t { Literal = 0, StemPrefix = 1, GroupPrefix = 2 };

bool isLowerHex64(std::string_view s)
{
    if (s.size() != 64)
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

int hexValue(char c)
{
    return c <= '9' ? c - '0' : c - 'a' + 10;
}

void putOptional(std::string& out, const std::optional<std::int64_t>& v)
{
    out.push_back(v ? 1 : 0);
    if (v)
        putSigned(out, *v);
}

std::optional<std::int64_t> getOptional(Reader& r)
{
    const std::uint8_t has = r.byte();
    if (has > 1)
        r.bytes(UINT64_MAX); // poisons the reader
    if (has != 1)
        return std::nullopt;
    return r.sig();
}

// The record's last field, of a fixed size so that the figures of a cubin read after the record was
// written can be put in place: state, limits, kernels, registers, occupancy + 1 (0: none), local bytes.
constexpr std::size_t kResourcesBytes = 12;

void putResources(std::string& out, const KernelResources& r)
{
    const bool read = r.state == KernelResources::State::Read;
    out.push_back(static_cast<char>(r.state));
    out.push_back(static_cast<char>(read ? r.limitedBy : 0));
    putFixed(out, static_cast<std::uint16_t>(read ? r.kernels : 0));
    putFixed(out, static_cast<std::uint16_t>(read ? r.registers : 0));
    putFixed(out, static_cast<std::uint16_t>(read && r.hasOccupancy ? r.occupancyPermille + 1 : 0));
    putFixed(out, static_cast<std::uint32_t>(read ? r.localBytes : 0));
}

bool getResources(Reader& r, KernelResources& out)
{
    const std::uint8_t state = r.byte();
    out = KernelResources{};
    out.state = static_cast<KernelResources::State>(state);
    out.limitedBy = r.byte();
    out.kernels = r.fixed<std::uint16_t>();
    out.registers = r.fixed<std::uint16_t>();
    const auto occ = r.fixed<std::uint16_t>();
    out.localBytes = r.fixed<std::uint32_t>();
    out.hasOccupancy = occ != 0;
    out.occupancyPermille = static_cast<std::uint16_t>(occ ? occ - 1 : 0);
    return state <= static_cast<std::uint8_t>(KernelResources::State::Unreadable) && occ <= 1001;
}

// Parses one record (after its length) into stamps and facts; false when it does not parse whole.
bool parseRecord(std::string_view record, FolderStamp& dir, std::vector<FileStamp>& files, Entry& e)
{
    Reader r(record);
    r.str(); // the folder name: the caller looked the record up by it
    dir.ino = r.var();
    dir.dev = r.var();
    dir.mtimeNs = r.sig();
    dir.ctimeNs = dir.mtimeNs + r.sig();
    e.kind = static_cast<EntryKind>(r.byte());
    e.status = static_cast<EntryStatus>(r.byte());
    e.kernel = std::string(r.str());
    const std::uint64_t nFiles = r.var();
    if (!r.ok() || nFiles > record.size())
        return false;
    files.resize(nFiles);
    for (FileStamp& f : files) {
        const std::uint8_t code = r.byte();
        const std::string_view rest = r.str();
        switch (code & 3) {
        case Literal: f.name = std::string(rest); break;
        case StemPrefix: f.name = e.kernel + std::string(rest); break;
        case GroupPrefix: f.name = std::string(layout::kGroupPrefix) + e.kernel + std::string(rest); break;
        default: return false;
        }
        f.symlink = (code & 4) != 0;
        f.ino = dir.ino + static_cast<std::uint64_t>(r.sig());
        f.size = r.var();
        f.mtimeNs = dir.mtimeNs + r.sig();
        f.ctimeNs = f.mtimeNs + r.sig();
    }
    const std::uint8_t hashForm = r.byte();
    if (hashForm == 1) {
        static constexpr char digits[] = "0123456789abcdef";
        const std::string_view raw = r.bytes(32);
        e.hash.clear();
        for (char c : raw) {
            e.hash.push_back(digits[(static_cast<unsigned char>(c) >> 4) & 15]);
            e.hash.push_back(digits[static_cast<unsigned char>(c) & 15]);
        }
    } else {
        e.hash = std::string(r.str());
    }
    const std::uint8_t hashOk = r.byte();
    e.hashOk = hashOk == 0 ? std::nullopt : std::optional<bool>(hashOk == 2);
    e.target.backend = std::string(r.str());
    e.target.arch = std::string(r.str());
    e.target.warpSize = static_cast<int>(r.sig());
    e.numWarps = getOptional(r);
    e.numStages = getOptional(r);
    e.shared = getOptional(r);
    e.tritonVersion = std::string(r.str());
    e.metadataFormat = std::string(r.str());
    const std::uint64_t nStages = r.var();
    if (!r.ok() || nStages > files.size())
        return false;
    e.stages.resize(nStages);
    for (Stage& s : e.stages) {
        const std::uint64_t fileIdx = r.var();
        const std::uint64_t extPos = r.var();
        const std::uint8_t known = r.byte();
        if (!r.ok() || fileIdx >= files.size() || extPos > files[fileIdx].name.size() || known > 1)
            return false;
        s.fileName = files[fileIdx].name;
        s.size = files[fileIdx].size;
        s.mtimeNs = files[fileIdx].mtimeNs;
        s.extPos = static_cast<std::uint16_t>(extPos);
        s.known = known == 1;
    }
    e.totalSize = r.var();
    e.newestMtimeNs = dir.mtimeNs + r.sig();
    if (!getResources(r, e.resources))
        return false;
    const bool kindOk =
        e.kind == EntryKind::Kernel || e.kind == EntryKind::Autotune || e.kind == EntryKind::Module;
    const bool statusOk = static_cast<unsigned>(e.status) <= static_cast<unsigned>(EntryStatus::Foreign);
    return r.ok() && r.atEnd() && kindOk && statusOk && hashOk <= 2 && hashForm <= 1;
}

std::uint32_t crcOf(std::string_view s)
{
    uLong crc = ::crc32(0L, Z_NULL, 0);
    // zlib's length is a uInt: feed large payloads in pieces.
    while (!s.empty()) {
        const std::size_t n = std::min<std::size_t>(s.size(), 1u << 30);
        crc = ::crc32(crc, reinterpret_cast<const Bytef*>(s.data()), static_cast<uInt>(n));
        s.remove_prefix(n);
    }
    return static_cast<std::uint32_t>(crc);
}

std::string headerOf(const ScanIndexKey& key, std::uint64_t count, std::uint64_t payloadBytes,
                     std::uint32_t crc)
{
    const ProgramId& prog = programId();
    std::string h(kMagic, sizeof kMagic);
    putFixed(h, kSchema);
    putFixed(h, kByteOrder);
    putStr(h, key.rootPath);
    putStr(h, key.rootRealPath);
    putFixed(h, key.maxJsonBytes);
    putFixed(h, prog.size);
    putFixed(h, prog.mtimeNs);
    putFixed(h, count);
    putFixed(h, payloadBytes);
    putFixed(h, crc);
    return h;
}

bool readWhole(int fd, std::string& out)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        static_cast<std::uint64_t>(st.st_size) > kMaxFileBytes)
        return false;
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        got += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

std::string ScanIndex::filePath(const std::string& dir, const std::string& rootRealPath)
{
    if (dir.empty() || !programId().ok)
        return {};
    return joinPath(dir, sha256Hex(rootRealPath) + "-" + programId().name + ".idx");
}

ScanIndex ScanIndex::load(const std::string& dir, const ScanIndexKey& key)
{
    ScanIndex index;
    const std::string path = filePath(dir, key.rootRealPath);
    if (path.empty())
        return index;
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    std::string file;
    if (!fd.valid() || !readWhole(fd.get(), file))
        return index;

    Reader r(file);
    const std::string_view magic = r.bytes(sizeof kMagic);
    const auto schema = r.fixed<std::uint32_t>();
    const auto order = r.fixed<std::uint32_t>();
    const std::string_view rootPath = r.str();
    const std::string_view rootRealPath = r.str();
    const auto maxJson = r.fixed<std::uint64_t>();
    const auto progSize = r.fixed<std::uint64_t>();
    const auto progMtime = r.fixed<std::int64_t>();
    const auto count = r.fixed<std::uint64_t>();
    const auto payloadLen = r.fixed<std::uint64_t>();
    const auto crc = r.fixed<std::uint32_t>();
    const std::string_view payload = r.bytes(payloadLen);
    if (!r.ok() || !r.atEnd() || magic != std::string_view(kMagic, sizeof kMagic) || schema != kSchema ||
        order != kByteOrder || rootPath != key.rootPath || rootRealPath != key.rootRealPath ||
        maxJson != key.maxJsonBytes || progSize != programId().size || progMtime != programId().mtimeNs ||
        crc != crcOf(payload) || count > payload.size())
        return index;

    // The table only: the file's bytes are dropped here, before the scan reads any entry.
    Reader records(payload);
    index.m_slots.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::string_view record = records.str();
        Reader head(record);
        const std::string_view name = head.str();
        if (!records.ok() || !head.ok() || name.empty() || record.size() > UINT32_MAX) {
            index.m_slots.clear();
            break;
        }
        index.m_slots.push_back({std::hash<std::string_view>{}(name),
                                 {static_cast<std::uint64_t>(record.data() - file.data()),
                                  static_cast<std::uint32_t>(record.size())}});
    }
    if (!records.atEnd())
        index.m_slots.clear();
    std::sort(index.m_slots.begin(), index.m_slots.end(),
              [](const Slot& a, const Slot& b) { return a.nameHash < b.nameHash; });
    if (!index.m_slots.empty())
        index.m_fd = std::move(fd);
    return index;
}

bool ScanIndex::read(RecordRef ref, std::string& out) const
{
    out.resize(ref.length);
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n =
            ::pread(m_fd.get(), out.data() + got, out.size() - got, static_cast<off_t>(ref.offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        got += static_cast<std::size_t>(n);
    }
    return !ref.empty();
}

bool ScanIndex::reuse(int parentFd, const std::string& folderName, Entry& out, RecordRef& raw) const
{
    const std::uint64_t hash = std::hash<std::string_view>{}(folderName);
    auto it = std::lower_bound(m_slots.begin(), m_slots.end(), hash,
                               [](const Slot& s, std::uint64_t h) { return s.nameHash < h; });
    // One pread of the record (about 280 bytes); names that share a hash are told apart by it.
    thread_local std::string record;
    for (; it != m_slots.end() && it->nameHash == hash; ++it) {
        if (!read(it->ref, record))
            return false;
        Reader head(record);
        if (head.str() == folderName)
            break;
    }
    if (it == m_slots.end() || it->nameHash != hash)
        return false;
    FolderStamp dir;
    std::vector<FileStamp> files;
    Entry e;
    if (!parseRecord(record, dir, files, e))
        return false;
    struct stat st {};
    if (::fstatat(parentFd, folderName.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) ||
        st.st_ino != dir.ino || st.st_dev != dir.dev || nsOf(st.st_mtim) != dir.mtimeNs ||
        nsOf(st.st_ctim) != dir.ctimeNs)
        return false;
    // An unchanged folder stamp means the same names in it; each file's ctime moves on any write.
    // Paths relative to the parent cost no open/close of the folder.
    std::string path = folderName;
    path.push_back('/');
    const std::size_t base = path.size();
    for (const FileStamp& f : files) {
        path.resize(base);
        path += f.name;
        if (::fstatat(parentFd, path.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            (f.symlink ? !S_ISLNK(st.st_mode) : !S_ISREG(st.st_mode)) || st.st_ino != f.ino ||
            static_cast<std::uint64_t>(st.st_size) != f.size || nsOf(st.st_mtim) != f.mtimeNs ||
            nsOf(st.st_ctim) != f.ctimeNs)
            return false;
    }
    out.kind = e.kind;
    out.status = e.status;
    out.kernel = std::move(e.kernel);
    out.hash = std::move(e.hash);
    out.hashOk = e.hashOk;
    out.target = std::move(e.target);
    out.numWarps = e.numWarps;
    out.numStages = e.numStages;
    out.shared = e.shared;
    out.tritonVersion = std::move(e.tritonVersion);
    out.metadataFormat = std::move(e.metadataFormat);
    out.stages = std::move(e.stages);
    // The stamps just checked are the stages' as of this scan (linking keys kept digests by them).
    out.dev = dir.dev;
    for (Stage& stage : out.stages)
        for (const FileStamp& f : files)
            if (f.name == stage.fileName) {
                stage.ino = f.ino;
                stage.ctimeNs = f.ctimeNs;
                break;
            }
    out.totalSize = e.totalSize;
    out.newestMtimeNs = e.newestMtimeNs;
    out.resources = e.resources;
    raw = it->ref;
    return true;
}

bool indexable(const Entry& e, const EntryStamps& s, std::int64_t racyFromNs)
{
    if (!e.problems.empty() ||
        !(e.kind == EntryKind::Kernel || e.kind == EntryKind::Autotune || e.kind == EntryKind::Module))
        return false;
    if (s.folder.mtimeNs >= racyFromNs || s.folder.ctimeNs >= racyFromNs)
        return false;
    for (const FileStamp& f : s.files)
        if (f.mtimeNs >= racyFromNs || f.ctimeNs >= racyFromNs)
            return false;
    return true;
}

std::string ScanIndexWriter::encode(const Entry& e, const EntryStamps& s)
{
    std::string rec;
    putStr(rec, e.folderName);
    putVar(rec, s.folder.ino);
    putVar(rec, s.folder.dev);
    putSigned(rec, s.folder.mtimeNs);
    putSigned(rec, s.folder.ctimeNs - s.folder.mtimeNs);
    rec.push_back(static_cast<char>(e.kind));
    rec.push_back(static_cast<char>(e.status));
    putStr(rec, e.kernel);
    putVar(rec, s.files.size());
    const std::string group = std::string(layout::kGroupPrefix) + e.kernel;
    for (const FileStamp& f : s.files) {
        const std::string_view n = f.name;
        std::uint8_t code = Literal;
        std::string_view rest = n;
        if (!e.kernel.empty() && n.starts_with(group)) {
            code = GroupPrefix;
            rest = n.substr(group.size());
        } else if (!e.kernel.empty() && n.starts_with(e.kernel)) {
            code = StemPrefix;
            rest = n.substr(e.kernel.size());
        }
        rec.push_back(static_cast<char>(code | (f.symlink ? 4 : 0)));
        putStr(rec, rest);
        putSigned(rec, static_cast<std::int64_t>(f.ino - s.folder.ino));
        putVar(rec, f.size);
        putSigned(rec, f.mtimeNs - s.folder.mtimeNs);
        putSigned(rec, f.ctimeNs - f.mtimeNs);
    }
    if (isLowerHex64(e.hash)) {
        rec.push_back(1);
        for (std::size_t i = 0; i < 64; i += 2)
            rec.push_back(static_cast<char>(hexValue(e.hash[i]) << 4 | hexValue(e.hash[i + 1])));
    } else {
        rec.push_back(0);
        putStr(rec, e.hash);
    }
    rec.push_back(static_cast<char>(!e.hashOk ? 0 : *e.hashOk ? 2 : 1));
    putStr(rec, e.target.backend);
    putStr(rec, e.target.arch);
    putSigned(rec, e.target.warpSize);
    putOptional(rec, e.numWarps);
    putOptional(rec, e.numStages);
    putOptional(rec, e.shared);
    putStr(rec, e.tritonVersion);
    putStr(rec, e.metadataFormat);
    putVar(rec, e.stages.size());
    for (const Stage& st : e.stages) {
        std::size_t idx = 0;
        while (idx < s.files.size() && s.files[idx].name != st.fileName)
            ++idx;
        // A stage the stamps do not describe as it is: not recordable (never expected).
        if (idx == s.files.size() || s.files[idx].size != st.size || s.files[idx].mtimeNs != st.mtimeNs)
            return {};
        putVar(rec, idx);
        putVar(rec, st.extPos);
        rec.push_back(st.known ? 1 : 0);
    }
    putVar(rec, e.totalSize);
    putSigned(rec, e.newestMtimeNs - s.folder.mtimeNs);
    putResources(rec, e.resources);
    return rec;
}

bool ScanIndexWriter::setResources(std::string& record, const KernelResources& resources)
{
    if (record.size() < kResourcesBytes ||
        record[record.size() - kResourcesBytes] != static_cast<char>(KernelResources::State::NotRead))
        return false;
    record.resize(record.size() - kResourcesBytes);
    putResources(record, resources);
    return true;
}

ScanIndexWriter::ScanIndexWriter(std::string dir, ScanIndexKey key)
    : m_dir(std::move(dir))
    , m_key(std::move(key))
    , m_headerSize(headerOf(m_key, 0, 0, 0).size())
{
}

ScanIndexWriter::~ScanIndexWriter()
{
    if (!m_temp.empty() && m_dirFd.valid())
        ::unlinkat(m_dirFd.get(), m_temp.c_str(), 0);
}

void ScanIndexWriter::openTempLocked()
{
    if (m_fd.valid() || m_failed)
        return;
    // The temp name is this process's and serial's own, so removing it later is safe.
    static std::atomic<unsigned> serial{0};
    const std::string path = ScanIndex::filePath(m_dir, m_key.rootRealPath);
    if (!path.empty() && makeFolders(m_dir, false, KL_TEXT("kl::scan", "cannot create index folder %1: %2")))
        m_dirFd = UniqueFd(::open(m_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    m_temp = path.substr(path.rfind('/') + 1) + ".tmp." + std::to_string(::getpid()) + "." +
             std::to_string(serial++);
    if (m_dirFd.valid())
        m_fd = UniqueFd(::openat(m_dirFd.get(), m_temp.c_str(),
                                 O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644));
    if (!m_fd.valid()) {
        m_failed = true;
        m_temp.clear();
    }
}

bool ScanIndexWriter::flushLocked()
{
    for (std::size_t done = 0; !m_failed && done < m_buffer.size();) {
        const ssize_t n = ::pwrite(m_fd.get(), m_buffer.data() + done, m_buffer.size() - done,
                                   static_cast<off_t>(m_headerSize + m_flushed + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            m_failed = true;
        else
            done += static_cast<std::size_t>(n);
    }
    m_flushed += m_buffer.size();
    m_buffer.clear();
    return !m_failed;
}

std::int64_t ScanIndexWriter::addFresh(std::string_view record)
{
    if (record.size() < kResourcesBytes)
        return -1;
    const std::lock_guard lock(m_mutex);
    openTempLocked();
    if (m_failed)
        return -1;
    putVar(m_buffer, record.size());
    m_buffer.append(record);
    ++m_freshCount;
    const std::int64_t handle = static_cast<std::int64_t>(m_flushed + m_buffer.size() - kResourcesBytes);
    if (m_buffer.size() >= (1u << 20))
        flushLocked();
    return m_failed ? -1 : handle;
}

bool ScanIndexWriter::setResources(std::int64_t handle, const KernelResources& resources)
{
    std::string field;
    putResources(field, resources);
    const std::lock_guard lock(m_mutex);
    if (handle < 0 || m_failed)
        return false;
    const auto at = static_cast<std::uint64_t>(handle);
    if (at >= m_flushed) {
        if (at - m_flushed + kResourcesBytes > m_buffer.size())
            return false;
        m_buffer.replace(at - m_flushed, kResourcesBytes, field);
        return true;
    }
    const ssize_t n = ::pwrite(m_fd.get(), field.data(), field.size(), static_cast<off_t>(m_headerSize + at));
    if (n != static_cast<ssize_t>(field.size()))
        m_failed = true;
    return !m_failed;
}

void ScanIndexWriter::addReused(const ScanIndex& source, RecordRef record)
{
    m_source = &source;
    m_kept.push_back(record);
}

bool ScanIndexWriter::commit()
{
    const std::lock_guard lock(m_mutex);
    openTempLocked(); // a root whose records were all kept (some dropped) has none yet
    if (m_failed)
        return false;
    std::string kept;
    for (const RecordRef ref : m_kept) {
        if (!m_source || !m_source->read(ref, kept))
            continue; // unreadable now: left out, read again next time
        putVar(m_buffer, kept.size());
        m_buffer.append(kept);
        ++m_freshCount;
        if (m_buffer.size() >= (1u << 20) && !flushLocked())
            return false;
    }
    m_kept.clear();
    if (!flushLocked())
        return false;
    // The checksum over what was written (fresh records may have been filled in since).
    uLong crc = ::crc32(0L, Z_NULL, 0);
    std::string chunk(1u << 20, '\0');
    for (std::uint64_t at = 0; at < m_flushed;) {
        const std::size_t want =
            static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), m_flushed - at));
        const ssize_t n = ::pread(m_fd.get(), chunk.data(), want, static_cast<off_t>(m_headerSize + at));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        crc = ::crc32(crc, reinterpret_cast<const Bytef*>(chunk.data()), static_cast<uInt>(n));
        at += static_cast<std::uint64_t>(n);
    }
    const std::string header = headerOf(m_key, m_freshCount, m_flushed, static_cast<std::uint32_t>(crc));
    if (::pwrite(m_fd.get(), header.data(), header.size(), 0) != static_cast<ssize_t>(header.size()) ||
        ::close(m_fd.release()) != 0)
        return false;
    const std::string name = m_temp.substr(0, m_temp.find(".tmp."));
    if (::renameat(m_dirFd.get(), m_temp.c_str(), m_dirFd.get(), name.c_str()) != 0)
        return false;
    m_temp.clear();
    return true;
}

} // namespace kl
