#pragma once

// Stage digests kept between runs, as git's index keeps the hashes of files it has seen: a file
// whose device, inode, size, modification and change times are all unchanged is not read again.
// Linking dump and override folders to their entries must otherwise read every stage they might
// share (918 MB for 10,000 of each); with the cache a second link reads none. A file changed
// within two seconds before its stamp was taken is not kept ("racily clean": a coarse clock could
// give a later rewrite the same times). A missing, damaged or foreign file is an empty cache,
// never an error.

#include "core/util/digest.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kl {

class Environment;

struct FileStamp {
    std::uint64_t dev = 0;
    std::uint64_t ino = 0;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0;
    bool operator==(const FileStamp&) const = default;
};

/// $KERNELLENS_DIGEST_CACHE (an absolute path; "off" for none), else
/// <userCacheHome>/kernellens/stage-digests.
std::string stageDigestCachePath(const Environment& env);

class DigestCache {
public:
    /// Loads `path` (empty: a cache that keeps nothing).
    explicit DigestCache(std::string path);

    /// The XXH3-128 recorded for a file with exactly this stamp when the cache was loaded
    /// (thread-safe against add(); not against save()).
    std::optional<Xxh128> find(const FileStamp& stamp) const;
    /// Records a digest (thread-safe). `stampedAtNs`: a time (wall clock, ns) at or before which
    /// the stamp was taken; ignored when the file changed within two seconds before it, as a
    /// rewrite after the stamp could then keep the same times.
    void add(const FileStamp& stamp, const Xxh128& digest, std::int64_t stampedAtNs);
    /// Writes the cache when something was added: to a temporary file renamed over it, so a
    /// reader sees all or nothing. Failure only costs the next run its reads.
    void save();

    std::size_t size() const;
    /// Nothing was loaded (a first link): find() would find nothing, so callers need not look.
    bool loadedNothing() const { return m_digests.empty(); }

private:
    struct Hash {
        std::size_t operator()(const FileStamp& s) const;
    };
    using Digest = Xxh128;
    std::string m_path;
    mutable std::mutex m_mutex;
    std::unordered_map<FileStamp, Digest, Hash> m_digests;
    // Appended, not hashed: a first link adds every stage (100,000 for the bench), and inserting
    // them into a map, under the lock, cost a fifth of that link. Looked up only after a save.
    std::vector<std::pair<FileStamp, Digest>> m_added;
};

} // namespace kl
