#include "digestcache.h"

#include "core/env/environment.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"

#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace kl {
namespace {

constexpr char kMagic[16] = "KLDIGESTS v1\n";
constexpr std::size_t kRecord = 5 * 8 + 16;
// Beyond this many records a save keeps only those this run added: the files of roots no longer
// linked do not pile up.
constexpr std::size_t kMaxRecords = 1'000'000;
constexpr std::int64_t kRacyNs = 2'000'000'000;

int hexValue(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

void put64(std::string& out, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>(v >> (8 * i)));
}

std::uint64_t get64(const char* p)
{
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | static_cast<std::uint8_t>(p[i]);
    return v;
}

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

std::string stageDigestCachePath(const Environment& env)
{
    return ownCacheDir(env, "KERNELLENS_DIGEST_CACHE", "stage-digests");
}

std::size_t DigestCache::Hash::operator()(const FileStamp& s) const
{
    // splitmix64's finaliser over each field: inodes are sequential and times close together,
    // which a plain xor-shift combination leaves clustered in the buckets.
    auto mix = [](std::uint64_t x) {
        x += 0x9E3779B97F4A7C15ull;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        return x ^ (x >> 31);
    };
    std::uint64_t h = mix(s.ino);
    h = mix(h ^ s.dev);
    h = mix(h ^ static_cast<std::uint64_t>(s.mtimeNs));
    h = mix(h ^ s.size);
    return static_cast<std::size_t>(h);
}

DigestCache::DigestCache(std::string path)
    : m_path(std::move(path))
{
    if (m_path.empty())
        return;
    Result<std::string> bytes = readFile(m_path, 256ull << 20);
    if (!bytes || bytes->size() < sizeof kMagic || std::memcmp(bytes->data(), kMagic, sizeof kMagic) != 0 ||
        (bytes->size() - sizeof kMagic) % kRecord != 0)
        return;
    const std::size_t n = (bytes->size() - sizeof kMagic) / kRecord;
    m_digests.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const char* p = bytes->data() + sizeof kMagic + i * kRecord;
        FileStamp s{get64(p), get64(p + 8), get64(p + 16), static_cast<std::int64_t>(get64(p + 24)),
                    static_cast<std::int64_t>(get64(p + 32))};
        Digest d;
        std::memcpy(d.data(), p + 40, 16);
        m_digests.emplace(s, d);
    }
}

std::optional<std::string> DigestCache::find(const FileStamp& stamp) const
{
    // What was loaded is only read until save(): no lock, so the linking threads never wait.
    auto it = m_digests.find(stamp);
    if (it == m_digests.end())
        return std::nullopt;
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex(32, '0');
    for (std::size_t i = 0; i < 16; ++i) {
        hex[2 * i] = kHex[it->second[i] >> 4];
        hex[2 * i + 1] = kHex[it->second[i] & 15];
    }
    return hex;
}

void DigestCache::add(const FileStamp& stamp, const std::string& hex)
{
    if (m_path.empty() || hex.size() != 32)
        return;
    const std::int64_t racy = nowNs() - kRacyNs;
    if (stamp.mtimeNs > racy || stamp.ctimeNs > racy)
        return;
    Digest d;
    for (std::size_t i = 0; i < 16; ++i) {
        const int hi = hexValue(hex[2 * i]), lo = hexValue(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return;
        d[i] = static_cast<std::uint8_t>(hi << 4 | lo);
    }
    std::lock_guard lock(m_mutex);
    m_added.emplace_back(stamp, d);
}

std::size_t DigestCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_digests.size() + m_added.size();
}

void DigestCache::save()
{
    std::lock_guard lock(m_mutex);
    if (m_path.empty() || m_added.empty())
        return;
    // Past the limit the old records go; what this run added stays. find() keeps answering from
    // what was loaded, and a second save writes the same records again.
    if (m_digests.size() + m_added.size() > kMaxRecords)
        m_digests.clear();
    // A stamp added was not found among those loaded, so none is written twice (two names of one
    // file may be; loading keeps the first).
    std::string out(kMagic, sizeof kMagic);
    out.reserve(sizeof kMagic + (m_digests.size() + m_added.size()) * kRecord);
    auto put = [&out](const FileStamp& s, const Digest& d) {
        put64(out, s.dev);
        put64(out, s.ino);
        put64(out, s.size);
        put64(out, static_cast<std::uint64_t>(s.mtimeNs));
        put64(out, static_cast<std::uint64_t>(s.ctimeNs));
        out.append(reinterpret_cast<const char*>(d.data()), d.size());
    };
    for (const auto& [s, d] : m_digests)
        put(s, d);
    for (const auto& [s, d] : m_added)
        put(s, d);

    const auto slash = m_path.rfind('/');
    const std::string dir = slash == 0 ? "/" : m_path.substr(0, slash);
    if (!makeFolders(dir, false, TextSource{}))
        return;
    const UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0)
        return;
    const std::string name = m_path.substr(slash + 1);
    const std::string tmp = "." + name + "." + uuid4() + ".tmp";
    if (!writeNewFileAt(fd.get(), tmp, out, false))
        return;
    if (::renameat(fd.get(), tmp.c_str(), fd.get(), name.c_str()) != 0)
        ::unlinkat(fd.get(), tmp.c_str(), 0);
}

} // namespace kl
