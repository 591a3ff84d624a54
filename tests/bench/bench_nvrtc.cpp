// The NVRTC cache's hit path against a real NVRTC compile of the same kernel, in one run.
// Prints medians and the ratio; see RESULTS.md. Usage: bench_nvrtc [FILE.cu [ARCH [REPEATS]]]
#include "core/nvrtc/nvrtccache.h"
#include "core/util/posixfile.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kVectorAdd = "extern \"C\" __global__ void vector_add(const float* a, const float* b, "
                                   "float* c, int n)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                   "    if (i < n)\n        c[i] = a[i] + b[i];\n}\n";

double micros(Clock::time_point t0)
{
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

} // namespace

int main(int argc, char** argv)
{
    const kl::ToolkitInfo& tk = kl::toolkitInfo();
    if (!tk.nvrtc) {
        std::fprintf(stderr, "bench_nvrtc: %s\n", tk.whyUnavailable.english().c_str());
        return 2;
    }
    kl::NvrtcRequest req;
    req.name = "vector_add";
    req.source = kVectorAdd;
    if (argc > 1 && argv[1][0] != '\0') { // "" keeps the built-in kernel
        auto source = kl::readFile(argv[1], 64 << 20);
        if (!source) {
            std::fprintf(stderr, "bench_nvrtc: %s: %s\n", argv[1], source.error().english().c_str());
            return 2;
        }
        req.source = std::move(*source);
        req.sourcePath = argv[1];
        req.name.clear();
    }
    req.options.arch = argc > 2 ? argv[2] : "sm_90";
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 7;

    char tmpl[] = "/tmp/kl-bench-nvrtc-XXXXXX";
    if (!::mkdtemp(tmpl))
        return 2;
    const std::string root = tmpl;
    const kl::NvrtcCache cache(root);

    // The first compile of the process also loads NVRTC's builtins: report it on its own.
    auto t0 = Clock::now();
    auto first = cache.compile(req);
    const double firstUs = micros(t0);
    if (!first.ok) {
        std::fprintf(stderr, "bench_nvrtc: %s\n", first.error.english().c_str());
        return 2;
    }
    std::vector<double> compileUs;
    req.alwaysCompile = true;
    for (int i = 0; i < repeats; ++i) {
        t0 = Clock::now();
        const auto r = cache.compile(req);
        compileUs.push_back(micros(t0));
        if (!r.ok || r.hit)
            return 2;
    }
    req.alwaysCompile = false;
    std::vector<double> hitUs;
    for (int i = 0; i < 2000; ++i) {
        t0 = Clock::now();
        const auto r = cache.compile(req);
        hitUs.push_back(micros(t0));
        if (!r.hit)
            return 2;
    }
    // What a hit cannot beat: reading the cubin file alone.
    const std::string cubinPath = first.entryPath + "/" + kl::nvrtcEntryName(req) + ".cubin";
    std::vector<double> readUs;
    for (int i = 0; i < 2000; ++i) {
        t0 = Clock::now();
        const auto bytes = kl::readFile(cubinPath, 1 << 30);
        readUs.push_back(micros(t0));
    }
    std::filesystem::remove_all(root);

    const double hit = median(hitUs), compile = median(compileUs), read = median(readUs);
    std::printf("kernel %s, %s, NVRTC %s, cubin %zu bytes\n", kl::nvrtcEntryName(req).c_str(),
                req.options.arch.c_str(), tk.nvrtcVersion.c_str(), first.cubin.size());
    std::printf("first compile in process  %10.1f us\n", firstUs);
    std::printf("compile (median of %d)    %10.1f us\n", repeats, compile);
    std::printf("hit: lookup + load + verify (median of 2000) %8.1f us (p90 %.1f us)\n", hit,
                percentile(hitUs, 0.9));
    std::printf("plain read of the cubin file (median of 2000) %7.1f us\n", read);
    std::printf("ratio compile / hit = %.0f   (target >= 200)\n", compile / hit);
    std::printf("ratio hit / plain read = %.1f\n", hit / read);
    std::printf("hit median %s 1 ms target\n", hit <= 1000 ? "meets" : "MISSES");
    return 0;
}
