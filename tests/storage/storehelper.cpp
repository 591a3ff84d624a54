// Child process of tst_storetorture (plain C++, no Qt).
//   kl_store_helper hammer <root> <worker> <iterations> <keys> <fsync 0|1>
//       puts then gets on keys shared with the other workers; verifies every hit; prints
//       "puts=N gets=N hits=N misses=N errors=N torn=N", exits 1 on any error or torn read.
//   kl_store_helper writer <root> <seed> <fsync 0|1> <sharedKeys>
//       writes "R" to stdout, then puts forever (half on shared keys, half on fresh ones) until killed.
#include "checkedcontent.h"
#include "core/storage/cachestore.h"

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <unistd.h>

using namespace kltest;

namespace {

kl::StoreFiles entryFiles(std::uint64_t index, const std::string& writer, std::mt19937_64& rng)
{
    const std::string key = keyFor(index), kernel = kernelFor(index), stem = stemOf(kernel);
    kl::StoreFiles files;
    for (const std::string& ext : extsFor(index)) {
        const std::string name = stem + "." + ext;
        files[name] = makeCheckedFile(name, key, kernel, writer, rng, 4096);
    }
    return files;
}

// Empty when every file of a hit is whole and the set of names is the one written for the key.
std::string checkHit(std::uint64_t index, const kl::Lookup& g)
{
    const std::string key = keyFor(index), stem = stemOf(kernelFor(index));
    std::set<std::string> expected;
    for (const std::string& ext : extsFor(index))
        expected.insert(stem + "." + ext);
    std::set<std::string> got;
    for (const auto& [name, bytes] : g.files) {
        got.insert(name);
        std::string why;
        if (!verifyCheckedFile(name, key, bytes, why))
            return g.entryPath + "/" + why;
    }
    return got == expected ? std::string() : g.entryPath + ": a hit with the wrong set of files";
}

int hammer(const std::string& root, int worker, int iterations, int keys, bool fsync)
{
    kl::CacheStore store(root, kl::StoreOptions{fsync, 1ull << 30});
    std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(worker));
    int puts = 0, gets = 0, hits = 0, misses = 0, errors = 0, torn = 0;
    for (int i = 0; i < iterations; ++i) {
        const std::uint64_t k = rng() % static_cast<std::uint64_t>(keys);
        const std::string writer = "w" + std::to_string(worker) + "." + std::to_string(i);
        kl::PutResult p = store.put(keyFor(k), kernelFor(k), entryFiles(k, writer, rng));
        ++puts;
        if (!p && ++errors <= 5)
            std::fprintf(stderr, "put error: %s\n", p.error().english().c_str());
        const std::uint64_t q = rng() % static_cast<std::uint64_t>(keys);
        kl::GetResult g = store.get(keyFor(q));
        ++gets;
        if (!g) {
            if (++errors <= 5)
                std::fprintf(stderr, "get error: %s\n", g.error().english().c_str());
        } else if (!g->hit) {
            ++misses;
        } else {
            ++hits;
            if (std::string why = checkHit(q, *g); !why.empty() && ++torn <= 5)
                std::fprintf(stderr, "torn read: %s\n", why.c_str());
        }
    }
    std::printf("puts=%d gets=%d hits=%d misses=%d errors=%d torn=%d\n", puts, gets, hits, misses, errors,
                torn);
    return errors == 0 && torn == 0 ? 0 : 1;
}

int writer(const std::string& root, unsigned long seed, bool fsync, int sharedKeys)
{
    kl::CacheStore store(root, kl::StoreOptions{fsync, 1ull << 30});
    std::mt19937_64 rng(seed);
    if (::write(STDOUT_FILENO, "R", 1) != 1)
        return 2;
    // Fresh keys get indices no other run uses, so an interrupted first put leaves an entry
    // without a group file; shared keys exercise replacing a complete entry.
    for (std::uint64_t n = 0;; ++n) {
        const std::uint64_t k =
            rng() % 2 ? rng() % static_cast<std::uint64_t>(sharedKeys) : 1000000 + seed * 100000 + n;
        kl::PutResult p = store.put(keyFor(k), kernelFor(k), entryFiles(k, "s" + std::to_string(seed), rng));
        if (!p) {
            std::fprintf(stderr, "put error: %s\n", p.error().english().c_str());
            return 1;
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "hammer" && argc == 7)
        return hammer(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]), argv[6][0] == '1');
    if (mode == "writer" && argc == 6)
        return writer(argv[2], std::strtoul(argv[3], nullptr, 10), argv[4][0] == '1', std::atoi(argv[5]));
    std::fprintf(stderr,
                 "usage: %s hammer <root> <worker> <iterations> <keys> <fsync 0|1>\n"
                 "       %s writer <root> <seed> <fsync 0|1> <sharedKeys>\n",
                 argv[0], argv[0]);
    return 2;
}
