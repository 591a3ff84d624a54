#include "digestcache.h"

#include "core/env/environment.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace kl {
namespace {

constexpr char kMagic[16] = "KLDIGESTS v2\n";
constexpr std::size_t kRecord = 5 * 8 + 16;
// Beyond this many records a save keeps only those this run added: the files of roots no longer
// linked do not pile up.
constexpr std::size_t kMaxRecords = 1'000'000;
constexpr std::int64_t kRacyNs = 2'000'000'000;

void put64(std::string& out, std::uint64_t v)
{
    char bytes[8];
    for (int i = 0; i < 8; ++i)
        bytes[i] = static_cast<char>(v >> (8 * i));
    out.append(bytes, 8);
}

std::uint64_t get64(const char* p)
{
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | static_cast<std::uint8_t>(p[i]);
    return v;
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
        m_digests.emplace(s, Digest{get64(p + 40), get64(p + 48)});
    }
}

std::optional<Xxh128> DigestCache::find(const FileStamp& stamp) const
{
    // What was loaded is only read until save(): no lock, so the linking threads never wait.
    auto it = m_digests.find(stamp);
    if (it == m_digests.end())
        return std::nullopt;
    return it->second;
}

void DigestCache::add(const FileStamp& stamp, const Xxh128& digest, std::int64_t stampedAtNs)
{
    if (m_path.empty())
        return;
    const std::int64_t racy = stampedAtNs - kRacyNs;
    if (stamp.mtimeNs > racy || stamp.ctimeNs > racy)
        return;
    std::lock_guard lock(m_mutex);
    m_added.emplace_back(stamp, digest);
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
        put64(out, d.high);
        put64(out, d.low);
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
