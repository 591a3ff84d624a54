// Throughput of CacheStore::put with fsync on and off, and of get, on entries shaped like a real
// Triton CUDA compile (7 files, about 50 KB). Prints plain text; see tests/bench/RESULTS.md.
//   bench_store [folder] [puts with fsync off] [puts with fsync on]
#include "core/storage/cachestore.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unistd.h>

namespace {

std::string keyFor(unsigned long long i)
{
    std::string out;
    std::mt19937_64 rng(i * 0x9E3779B97F4A7C15ull + 1);
    for (int k = 0; k < 4; ++k) {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(rng()));
        out += buf;
    }
    return out;
}

kl::StoreFiles entryFiles(const std::string& key)
{
    // Sizes of a small real kernel (add_kernel in resources/demo/triton), rounded up.
    const std::pair<const char*, std::size_t> stages[] = {{"source", 2000}, {"ttir", 3000}, {"ttgir", 5000},
                                                          {"llir", 9000},   {"ptx", 12000}, {"cubin", 16000}};
    kl::StoreFiles f;
    for (const auto& [ext, size] : stages)
        f[std::string("add_kernel.") + ext] = std::string(size, ext[0]);
    f["add_kernel.json"] = "{\"hash\": \"" + key + "\", \"name\": \"add_kernel\"}";
    return f;
}

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

int run(const std::string& root, bool fsync, int count, unsigned long long firstKey)
{
    if (count <= 0)
        return 0;
    kl::CacheStore store(root, kl::StoreOptions{fsync, 1ull << 30});
    std::size_t bytes = 0;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) {
        const std::string key = keyFor(firstKey + static_cast<unsigned long long>(i));
        const kl::StoreFiles files = entryFiles(key);
        for (const auto& f : files)
            bytes += f.second.size();
        kl::PutResult r = store.put(key, "add_kernel", files);
        if (!r) {
            std::fprintf(stderr, "bench_store: %s\n", r.error().english().c_str());
            return 1;
        }
    }
    const double putSec = seconds(start);
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) {
        if (auto g = store.get(keyFor(firstKey + static_cast<unsigned long long>(i))); !g || !g->hit) {
            std::fprintf(stderr, "bench_store: entry %d missing after put\n", i);
            return 1;
        }
    }
    const double getSec = seconds(start);
    std::printf("fsync %-3s: %5d puts in %6.2f s = %8.1f puts/s (%6.1f MB/s, %.2f ms/put); gets %8.1f/s\n",
                fsync ? "on" : "off", count, putSec, count / putSec, bytes / putSec / 1e6,
                1000 * putSec / count, count / getSec);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::string root = argc > 1 ? argv[1] : "/tmp/kl-bench-store-" + std::to_string(::getpid());
    const int offCount = argc > 2 ? std::atoi(argv[2]) : 2000;
    const int onCount = argc > 3 ? std::atoi(argv[3]) : 200;
    std::printf(
        "bench_store: entries of 7 files, %zu bytes, into %s\n",
        [] {
            std::size_t n = 0;
            for (const auto& f : entryFiles(keyFor(0)))
                n += f.second.size();
            return n;
        }(),
        root.c_str());
    if (run(root, false, offCount, 0) != 0 || run(root, true, onCount, 1000000) != 0)
        return 1;
    std::printf("(remove %s when done)\n", root.c_str());
    return 0;
}
