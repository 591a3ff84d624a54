#include "packrewrite.h"

#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "packfolder.h"
#include "packformat.h"
#include "packindex.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

using Outcome = PackedKeyRemoval::Result;

bool copyRange(int from, int to, std::uint64_t offset, std::uint64_t length, std::string& buffer)
{
    while (length > 0) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(length, 1u << 20));
        buffer.resize(n);
        std::size_t got = 0;
        while (got < n) {
            const ssize_t r = ::pread(from, buffer.data() + got, n - got, static_cast<off_t>(offset + got));
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
                if (r == 0)
                    errno = EIO; // shorter than when it was walked, under our lock: not ours to guess
                return false;
            }
            got += static_cast<std::size_t>(r);
        }
        for (std::size_t put = 0; put < n;) {
            const ssize_t w = ::write(to, buffer.data() + put, n - put);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return false;
            put += static_cast<std::size_t>(w);
        }
        offset += n;
        length -= n;
    }
    return true;
}

class PackRewriter {
public:
    PackRewriter(const PackFolderListing& folder, const std::map<std::string, std::size_t>& wanted,
                 std::vector<PackedKeyRemoval>& out, const PackRewriteOptions& options)
        : m_folder(folder)
        , m_wanted(wanted)
        , m_out(out)
        , m_options(options)
    {
    }

    void rewrite(const std::string& name)
    {
        const std::string path = joinPath(m_folder.path, name);
        auto opened = PackFile::open(m_folder.fd.get(), m_folder.path, name, true);
        if (!opened)
            return failAll(name, Outcome::Failed, std::move(opened.error()), nullptr);
        PackFile& pack = *opened;
        // A first look without the lock: most packs hold none of the keys.
        if (!holdsWanted(pack.walk(PackRead::Indexed, m_folder.fd.get())))
            return;
        int err = pack.tryLock();
        for (int i = 0; i < m_options.lockTries && (err == EACCES || err == EAGAIN); ++i) {
            ::usleep(100000);
            err = pack.tryLock();
        }
        if (err != 0)
            return failAll(name, err == EACCES || err == EAGAIN ? Outcome::Busy : Outcome::Failed,
                           err == EACCES || err == EAGAIN
                               ? Text::of(KL_TEXT("kl::pack", "%1 is held by a writer (its lock is taken); "
                                                              "run klens clean again once it is done"),
                                          printableName(path))
                               : Text::of(KL_TEXT("kl::pack", "cannot lock %1: %2"), printableName(path),
                                          errnoText(err)),
                           &pack);
        if (!pack.stillNamedIn(m_folder.fd.get()))
            return; // removed or rewritten since it was listed: what is there now was listed too
        if (auto r = pack.refreshSize(); !r)
            return failAll(name, Outcome::Failed, std::move(r.error()), &pack);
        // Under the lock the pack holds still: every record is checked in full.
        const PackWalk walk = pack.walk(PackRead::Full);
        if (walk.header.state != PackHeaderState::Current || !walk.error.empty())
            return failAll(name, Outcome::Failed, walk.error.empty() ? walk.header.why : walk.error, &pack);
        std::vector<const PackRecord*> drop;
        std::map<std::string, bool> young;
        for (const PackRecord& r : walk.records)
            if (m_wanted.count(r.key)) {
                drop.push_back(&r);
                young[r.key] = young[r.key] || r.timeNs >= m_options.youngFromNs;
            }
        // A young key keeps all its records in this pack.
        std::erase_if(drop, [&](const PackRecord* r) { return young[r->key]; });
        for (const auto& [key, isYoung] : young)
            if (isYoung)
                set(key, Outcome::Young,
                    Text::of(KL_TEXT("kl::pack", "%1 holds a record of it written within the grace period"),
                             printableName(path)),
                    0);
        if (drop.empty())
            return;
        write(pack, walk, drop);
    }

private:
    bool holdsWanted(const PackWalk& w) const
    {
        return std::any_of(w.records.begin(), w.records.end(),
                           [&](const PackRecord& r) { return m_wanted.count(r.key) > 0; });
    }

    void set(const std::string& key, Outcome result, Text detail, std::uint64_t bytes)
    {
        PackedKeyRemoval& k = m_out[m_wanted.at(key)];
        // Failed, Busy and Young override Removed: one copy left means the entry is still there.
        if (result == Outcome::Removed) {
            if (k.result == Outcome::Vanished)
                k.result = Outcome::Removed;
            k.bytesFreed += bytes;
            return;
        }
        k.result = result;
        k.detail = std::move(detail);
    }

    void failAll(const std::string& name, Outcome result, Text why, const PackFile* pack)
    {
        // Only the keys this pack holds (as far as can be seen) are marked.
        const PackWalk w = pack ? pack->walk(PackRead::Indexed, m_folder.fd.get()) : PackWalk{};
        for (const PackRecord& r : w.records)
            if (m_wanted.count(r.key))
                set(r.key, result, why, 0);
        if (!pack)
            for (const auto& [key, at] : m_wanted)
                set(key, result,
                    Text::of(KL_TEXT("kl::pack", "%1: %2"), printableName(joinPath(m_folder.path, name)),
                             why),
                    0);
    }

    void write(const PackFile& pack, const PackWalk& walk, const std::vector<const PackRecord*>& drop)
    {
        const std::string temp = pack.name() + ".rewrite." + std::to_string(::getpid()) + ".tmp";
        const std::string path = pack.path();
        auto failed = [&](int err) {
            ::unlinkat(m_folder.fd.get(), temp.c_str(), 0);
            for (const PackRecord* r : drop)
                set(r->key, Outcome::Failed,
                    Text::of(KL_TEXT("kl::pack", "cannot rewrite %1: %2"), printableName(path),
                             errnoText(err)),
                    0);
        };
        std::uint64_t kept = walk.records.size() - drop.size() + walk.otherKinds.size() + walk.damage.size();
        if (walk.validEnd < walk.size)
            ++kept; // a torn tail: a writer's, left for it to cut
        if (kept == 0) {
            // Nothing else in it: the pack goes, then its index (as klens unpack does).
            if (::unlinkat(m_folder.fd.get(), pack.name().c_str(), 0) != 0)
                return failed(errno);
            ::unlinkat(m_folder.fd.get(), pack::indexNameOf(pack.name()).c_str(), 0);
            if (m_options.fsync)
                (void)::fsync(m_folder.fd.get());
            for (const PackRecord* r : drop)
                set(r->key, Outcome::Removed, {}, r->length);
            return;
        }
        struct stat st {};
        ::fstat(pack.fd(), &st);
        UniqueFd out(::openat(m_folder.fd.get(), temp.c_str(),
                              O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0777));
        if (!out.valid())
            return failed(errno);
        (void)::fchmod(out.get(), st.st_mode & 0777); // the umask narrowed it
        // Every byte but the dropped records', in order; index lines for the records kept.
        std::string buffer, index(pack::kIndexHeader);
        std::uint64_t at = 0, shift = 0;
        std::vector<const PackRecord*> all;
        for (const PackRecord& r : walk.records)
            all.push_back(&r);
        for (const PackRecord& r : walk.otherKinds)
            all.push_back(&r);
        std::sort(all.begin(), all.end(),
                  [](const PackRecord* a, const PackRecord* b) { return a->offset < b->offset; });
        for (const PackRecord* r : all) {
            const bool dropped = std::find(drop.begin(), drop.end(), r) != drop.end();
            if (!dropped) {
                index += pack::indexLine(r->offset - shift, r->length, r->key);
                continue;
            }
            if (!copyRange(pack.fd(), out.get(), at, r->offset - at, buffer))
                return failed(errno);
            at = r->offset + r->length;
            shift += r->length;
        }
        if (!copyRange(pack.fd(), out.get(), at, walk.size - at, buffer) ||
            (m_options.fsync && ::fsync(out.get()) != 0))
            return failed(errno);
        out = UniqueFd();
        // The index first: a reader that meets the old pack with the new index distrusts it and
        // walks the pack whole; the other way round the same. Then the pack, atomically.
        const std::string indexName = pack::indexNameOf(pack.name());
        const std::string indexTemp = indexName + ".tmp." + std::to_string(::getpid());
        if (!writeNewFileAt(m_folder.fd.get(), indexTemp, index, m_options.fsync) ||
            ::renameat(m_folder.fd.get(), indexTemp.c_str(), m_folder.fd.get(), indexName.c_str()) != 0)
            ::unlinkat(m_folder.fd.get(), indexTemp.c_str(), 0); // advisory: readers walk without it
        if (::renameat(m_folder.fd.get(), temp.c_str(), m_folder.fd.get(), pack.name().c_str()) != 0)
            return failed(errno);
        if (m_options.fsync)
            (void)::fsync(m_folder.fd.get());
        for (const PackRecord* r : drop)
            set(r->key, Outcome::Removed, {}, r->length);
    }

    const PackFolderListing& m_folder;
    const std::map<std::string, std::size_t>& m_wanted;
    std::vector<PackedKeyRemoval>& m_out;
    const PackRewriteOptions& m_options;
};

} // namespace

std::vector<PackedKeyRemoval> removeFromPacks(int rootFd, const std::string& rootPath,
                                              const std::vector<std::string>& keys,
                                              const PackRewriteOptions& options)
{
    std::vector<PackedKeyRemoval> out(keys.size());
    std::map<std::string, std::size_t> wanted;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        out[i].key = keys[i];
        wanted.emplace(keys[i], i);
    }
    auto listing = listPackFolder(rootFd, rootPath);
    if (!listing || !listing->exists) {
        for (PackedKeyRemoval& k : out)
            if (!listing) {
                k.result = Outcome::Failed;
                k.detail = listing.error();
            }
        return out;
    }
    PackRewriter rewriter(*listing, wanted, out, options);
    for (const std::string& name : listing->packs)
        rewriter.rewrite(name);
    return out;
}

} // namespace kl
