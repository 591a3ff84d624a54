// kl_gen_synthetic_cache: writes a synthetic Triton 3.x kernel cache for benchmarks, and evicts a
// tree from the page cache. Plain C++20 and POSIX; no Qt, no kl_core.
//
//   kl_gen_synthetic_cache [--seed N] [--threads N] ROOT COUNT   write COUNT entries under ROOT
//   kl_gen_synthetic_cache --evict ROOT                         posix_fadvise(DONTNEED) every file
//                                                                and folder under ROOT
//
// Each entry is what Triton 3.9 writes for a CUDA kernel (see resources/demo/triton/cache):
// a 52-character base32 folder named after the metadata hash, and eight files: <k>.source,
// .ttir, .ttgir, .llir, .ptx, .cubin, the metadata <k>.json and __grp__<k>.json mapping the seven
// others to absolute paths under ROOT. Sizes follow the real fixture. Output is deterministic for
// a seed: entry i depends only on (seed, i), whatever the thread count.
#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <ftw.h>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <sys/uio.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

// ---- deterministic randomness ----------------------------------------------------------------

struct Rng {
    std::uint64_t s;
    explicit Rng(std::uint64_t seed)
        : s(seed)
    {
    }
    std::uint64_t next() // splitmix64
    {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return next() % n; }
    // A size around `base`, +-`pct` percent.
    std::size_t around(std::size_t base, unsigned pct)
    {
        std::int64_t spread = static_cast<std::int64_t>(base) * pct / 100;
        std::int64_t d =
            static_cast<std::int64_t>(below(static_cast<std::uint64_t>(2 * spread + 1))) - spread;
        return static_cast<std::size_t>(static_cast<std::int64_t>(base) + d);
    }
};

std::string toHex(const unsigned char* b, std::size_t n)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[b[i] >> 4];
        out += digits[b[i] & 15];
    }
    return out;
}

// RFC 4648 base32, '=' padding stripped: Triton 3.2+ folder names (32 bytes -> 52 characters).
std::string base32NoPad(const unsigned char* b, std::size_t n)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
        buffer = (buffer << 8) | b[i];
        bits += 8;
        while (bits >= 5) {
            out += alphabet[(buffer >> (bits - 5)) & 31];
            bits -= 5;
        }
    }
    if (bits > 0)
        out += alphabet[(buffer << (5 - bits)) & 31];
    return out;
}

// ---- kernels and their file sizes (from the Triton 3.9 fixture) ------------------------------

struct KernelKind {
    const char* name;
    const char* params; // for the IR signatures
    unsigned weight;    // how often it occurs
    std::size_t source, ttir, ttgir, llir, ptx, cubin;
};

// Sizes: add_kernel and _row_softmax_kernel are the fixture's; the others are scaled between them.
constexpr std::array<KernelKind, 6> kKernels{{
    {"add_kernel", "x_ptr, y_ptr, out_ptr, n_elements", 30, 4107, 2734, 3188, 9000, 7500, 9500},
    {"_row_softmax_kernel", "out_ptr, in_ptr, in_stride, out_stride, n_cols", 20, 7790, 4435, 4873, 15500,
     19500, 14000},
    {"matmul_kernel", "a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn", 15, 9800,
     6900, 8200, 21000, 26000, 19500},
    {"_layer_norm_fwd_fused", "X, Y, W, B, Mean, Rstd, stride, N, eps", 10, 6400, 4100, 4700, 12800, 12500,
     11000},
    {"triton_poi_fused_add_mul_0", "in_ptr0, in_ptr1, out_ptr0, xnumel", 15, 3300, 2200, 2600, 7000, 6000,
     6200},
    {"triton_red_fused__softmax_1", "in_ptr0, out_ptr2, xnumel, rnumel", 10, 5200, 3600, 4300, 11200, 10800,
     9800},
}};

const KernelKind& pickKernel(Rng& rng)
{
    unsigned total = 0;
    for (const KernelKind& k : kKernels)
        total += k.weight;
    auto r = static_cast<unsigned>(rng.below(total));
    for (const KernelKind& k : kKernels) {
        if (r < k.weight)
            return k;
        r -= k.weight;
    }
    return kKernels[0];
}

// ---- file bodies -----------------------------------------------------------------------------

// Per kernel, one long plausible text per stage; an entry writes a header naming its hash, then a
// prefix of the text of the size it drew.
struct StageTexts {
    std::string source, ttir, ttgir, llir, ptx;
};

std::string mlirText(const KernelKind& k, bool gpu)
{
    std::string t;
    t += "#loc = loc(\"/home/user/project/kernels.py\":42:0)\n";
    if (gpu)
        t += "#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = "
             "[4], "
             "order = [0]}>\nmodule attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 "
             ": i32, "
             "ttg.target = \"cuda:80\", \"ttg.threads-per-warp\" = 32 : i32} {\n";
    else
        t += "module {\n";
    t += "  tt.func public @";
    t += k.name;
    t += "(";
    t += k.params;
    t += ") attributes {noinline = false} {\n";
    const char* enc = gpu ? ", #blocked" : "";
    for (int i = 0; t.size() < 64 * 1024; ++i) {
        t += "    %offsets_" + std::to_string(i) + " = arith.muli %pid, %c1024_i32 : tensor<1024xi32" + enc +
             "> loc(#loc" + std::to_string(16 + i % 40) + ")\n";
        t += "    %mask_" + std::to_string(i) + " = arith.cmpi slt, %offsets_" + std::to_string(i) +
             ", %n_elements : tensor<1024xi32" + enc + "> loc(#loc" + std::to_string(17 + i % 40) + ")\n";
        t += "    %x_" + std::to_string(i) + " = tt.load %x_ptr_" + std::to_string(i) + ", %mask_" +
             std::to_string(i) + " : tensor<1024x!tt.ptr<f32>" + enc + "> loc(#loc" +
             std::to_string(18 + i % 40) + ")\n";
    }
    return t;
}

std::string llirText(const KernelKind& k)
{
    std::string t = "; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n"
                    "target datalayout = \"e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-"
                    "v16:16-v32:32-n16:32:64\"\n\ndefine ptx_kernel void @";
    t += k.name;
    t += "(ptr addrspace(1) %0, ptr addrspace(1) %1, ptr addrspace(1) %2, i32 %3, ptr addrspace(1) "
         "readnone captures(none) %4) local_unnamed_addr #0 !dbg !5 {\n";
    for (int i = 0; t.size() < 64 * 1024; ++i) {
        std::string n = std::to_string(10 + 3 * i);
        t += "  %" + n + " = tail call i32 asm \"mov.u32 $0, %ctaid.x;\", \"=r\"() #1, !dbg !" +
             std::to_string(8 + i % 30) + "\n";
        t += "  %" + std::to_string(11 + 3 * i) + " = getelementptr float, ptr addrspace(1) %0, i32 %" + n +
             ", !dbg !" + std::to_string(9 + i % 30) + "\n";
        t += "  %" + std::to_string(12 + 3 * i) +
             " = tail call { i32, i32, i32, i32 } asm sideeffect \"mov.u32 $0, "
             "0x0;\\0A\\09ld.global.v4.b32 "
             "{ $0, $1, $2, $3 }, [ $4 + 0 ];\", \"=r,=r,=r,=r,l,b\"(ptr addrspace(1) %" +
             std::to_string(11 + 3 * i) + ", i1 true) #1, !dbg !" + std::to_string(10 + i % 30) + "\n";
    }
    return t;
}

std::string ptxText(const KernelKind& k)
{
    std::string t = "//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 8.8\n.target sm_80\n"
                    ".address_size 64\n\n\t// .globl\t";
    t += k.name;
    t += "\n.visible .entry ";
    t += k.name;
    t += "(\n\t.param .u64 .ptr .global .align 1 ";
    t += k.name;
    t += "_param_0\n)\n.reqntid 128\n{\n";
    for (int i = 0; t.size() < 64 * 1024; ++i) {
        std::string r = std::to_string(i);
        t += "\tmov.u32 \t%r" + r + ", %ctaid.x;\n";
        t += "\tshl.b32 \t%r" + std::to_string(i + 1) + ", %r" + r + ", 10;\n";
        t += "\tmul.wide.s32 \t%rd" + r + ", %r" + std::to_string(i + 1) + ", 4;\n";
        t +=
            "\tadd.s64 \t%rd" + std::to_string(i + 1) + ", %rd" + r + ", %rd" + std::to_string(i + 2) + ";\n";
        t += "\t// begin inline asm\n\tmov.u32 %r" + std::to_string(i + 2) +
             ", 0x0;\n\tld.global.v4.b32 { %r" + std::to_string(i + 3) + ", %r" + std::to_string(i + 4) +
             " }, [ %rd" + std::to_string(i + 1) + " + 0 ];\n\t// end inline asm\n";
    }
    return t;
}

std::string sourceText(const KernelKind& k)
{
    // Triton 3.4+ stores the initial TTIR as .source; it looks like the .ttir with more locations.
    std::string t = mlirText(k, false);
    return "#loc1 = loc(unknown)\n" + t;
}

// Binary filler for the cubins: an ELF header, then pseudo-random bytes.
std::string binaryFiller()
{
    static constexpr unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 0x33, 7, 0,    0, 0, 0,
                                              0,    0,   0,   0,   2, 0, 0xbe, 0, 0x81, 0, 0, 0};
    std::string b(reinterpret_cast<const char*>(elf), sizeof elf);
    Rng rng(0xC0B1Bull);
    while (b.size() < 128 * 1024) {
        std::uint64_t v = rng.next();
        b.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    return b;
}

// ---- metadata ----------------------------------------------------------------------------------

std::string metadataJson(const std::string& hash, const KernelKind& k, Rng& rng)
{
    const bool hopper = rng.below(4) == 0;
    const int arch = hopper ? 90 : 80;
    static constexpr int warps[] = {4, 4, 8, 8, 2, 16};
    const int numWarps = warps[rng.below(6)];
    const int numStages = 2 + static_cast<int>(rng.below(3));
    const bool envVars = rng.below(10) == 0;
    const unsigned shared = static_cast<unsigned>(rng.below(3)) == 0 ? 0 : 32u << rng.below(10);
    std::string j;
    j.reserve(1400);
    j += "{\"hash\": \"" + hash +
         "\", \"target\": {\"backend\": \"cuda\", \"arch\": " + std::to_string(arch) +
         ", \"warp_size\": 32}, \"num_warps\": " + std::to_string(numWarps) +
         ", \"num_ctas\": 1, \"num_stages\": " + std::to_string(numStages) +
         ", \"warp_size\": 32, \"maxnreg\": null, \"ptx_version\": null, \"ptx_options\": null, "
         "\"ir_override\": null, \"enable_fp_fusion\": " +
         (envVars ? "false" : "true") +
         ", \"sched4reg\": false, \"enable_reflect_ftz\": true, \"launch_cooperative_grid\": false, "
         "\"launch_pdl\": false, \"clc\": false, \"supported_fp8_dtypes\": [" +
         (hopper ? "\"fp8e4nv\", \"fp8e5\"" : "\"fp8e4b15\", \"fp8e5\"") +
         "], \"deprecated_fp8_dot_operand_dtypes\": [], \"default_dot_input_precision\": \"tf32\", "
         "\"allowed_dot_input_precisions\": [\"tf32\", \"tf32x3\", \"ieee\", \"bf16x3\", "
         "\"bf16x6\"], "
         "\"max_num_imprecise_acc_default\": " +
         (hopper ? "1073741824" : "0") +
         ", \"extern_libs\": [[\"libdevice\", "
         "\"/home/user/.venv/lib/python3.11/site-packages/triton/backends/nvidia/lib/"
         "libdevice.10.bc\"]], "
         "\"debug\": false, \"backend_name\": \"cuda\", \"sanitize_overflow\": true, \"arch\": "
         "\"sm" +
         std::to_string(arch) +
         "\", \"instrumentation_mode\": \"\", \"fpsan_homomorphic_casts\": false, "
         "\"min_shared_mem\": null, ";
    if (envVars)
        j += "\"TRITON_DEFAULT_FP_FUSION\": \"false\", \"TRITON_F32_DEFAULT\": \"ieee\", ";
    j += "\"triton_version\": \"3.9.0\", \"tensordesc_meta\": [], \"shared\": " + std::to_string(shared) +
         ", \"tmem_size\": 0, \"global_scratch_size\": 0, \"global_scratch_align\": 1, "
         "\"profile_scratch_size\": 0, \"profile_scratch_align\": 1, \"name\": \"" +
         k.name + "\"}";
    return j;
}

// ---- writing -----------------------------------------------------------------------------------

struct Shared {
    std::string root; // absolute, resolved
    std::uint64_t seed = 1;
    std::vector<StageTexts> texts; // per kernel kind
    std::string binary;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
};

bool writeFile(int dirFd, const std::string& name, std::string_view head, std::string_view body)
{
    int fd = ::openat(dirFd, name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot create %s: %s\n", name.c_str(),
                     std::strerror(errno));
        return false;
    }
    iovec iov[2] = {{const_cast<char*>(head.data()), head.size()},
                    {const_cast<char*>(body.data()), body.size()}};
    std::size_t want = head.size() + body.size();
    ssize_t n = ::writev(fd, iov, 2);
    bool ok = n == static_cast<ssize_t>(want);
    if (!ok) {
        // Short write (rare on local disks): fall back to a plain loop over the rest.
        std::string all(head);
        all += body;
        std::size_t done = n > 0 ? static_cast<std::size_t>(n) : 0;
        while (done < all.size()) {
            ssize_t m = ::write(fd, all.data() + done, all.size() - done);
            if (m < 0 && errno == EINTR)
                continue;
            if (m <= 0)
                break;
            done += static_cast<std::size_t>(m);
        }
        ok = done == all.size();
    }
    if (!ok)
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot write %s: %s\n", name.c_str(),
                     std::strerror(errno));
    ::close(fd);
    return ok;
}

bool writeEntry(Shared& sh, std::size_t index)
{
    Rng rng(sh.seed * 0x100000001b3ull ^ (index + 1) * 0x9e3779b97f4a7c15ull);
    unsigned char digest[32];
    for (int i = 0; i < 4; ++i) {
        std::uint64_t v = rng.next();
        std::memcpy(digest + 8 * i, &v, 8);
    }
    const std::string hash = toHex(digest, 32);
    const std::string folder = base32NoPad(digest, 32);
    const std::size_t kindIndex = static_cast<std::size_t>(&pickKernel(rng) - kKernels.data());
    const KernelKind& k = kKernels[kindIndex];
    const StageTexts& t = sh.texts[kindIndex];

    const std::string dirPath = sh.root + "/" + folder;
    if (::mkdir(dirPath.c_str(), 0755) != 0 && errno != EEXIST) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot create %s: %s\n", dirPath.c_str(),
                     std::strerror(errno));
        return false;
    }
    int dirFd = ::open(dirPath.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot open %s: %s\n", dirPath.c_str(),
                     std::strerror(errno));
        return false;
    }
    const std::string name = k.name;
    const std::string header = "// " + name + " " + hash + "\n";
    const std::string llHeader = "; " + name + " " + hash + "\n";
    auto prefix = [&](const std::string& text, std::size_t size) {
        std::size_t body = size > header.size() ? size - header.size() : 0;
        return std::string_view(text).substr(0, std::min(body, text.size()));
    };
    struct Stage {
        const char* ext;
        std::string_view head;
        std::string_view body;
    };
    const std::size_t binOffset = rng.below(sh.binary.size() / 2) & ~std::size_t{7};
    const std::size_t cubinSize = rng.around(k.cubin, 35);
    std::string_view bin(sh.binary);
    const Stage stages[] = {
        {"source", header, prefix(t.source, rng.around(k.source, 10))},
        {"ttir", header, prefix(t.ttir, rng.around(k.ttir, 25))},
        {"ttgir", header, prefix(t.ttgir, rng.around(k.ttgir, 25))},
        {"llir", llHeader, prefix(t.llir, rng.around(k.llir, 30))},
        {"ptx", header, prefix(t.ptx, rng.around(k.ptx, 30))},
        // ELF header, then bytes from a random offset so cubins differ.
        {"cubin", bin.substr(0, 64), bin.substr(64 + binOffset, cubinSize - 64)},
    };
    bool ok = true;
    std::string group = "{\"child_paths\": {";
    for (const Stage& s : stages) {
        const std::string file = name + "." + s.ext;
        ok = ok && writeFile(dirFd, file, s.head, s.body);
        group += "\"" + file + "\": \"" + dirPath + "/" + file + "\", ";
    }
    const std::string metaName = name + ".json";
    ok = ok && writeFile(dirFd, metaName, metadataJson(hash, k, rng), {});
    group += "\"" + metaName + "\": \"" + dirPath + "/" + metaName + "\"}}";
    // Written last, as Triton does: its presence makes the entry a hit.
    ok = ok && writeFile(dirFd, "__grp__" + name + ".json", group, {});
    ::close(dirFd);
    return ok;
}

bool parseNumber(const char* s, std::uint64_t& out)
{
    std::string_view v(s);
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    return ec == std::errc() && p == v.data() + v.size();
}

int generate(const std::string& rootArg, std::uint64_t count, std::uint64_t seed, unsigned threads)
{
    if (::mkdir(rootArg.c_str(), 0755) != 0 && errno != EEXIST) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot create %s: %s\n", rootArg.c_str(),
                     std::strerror(errno));
        return 2;
    }
    char resolved[PATH_MAX];
    if (!::realpath(rootArg.c_str(), resolved)) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot resolve %s: %s\n", rootArg.c_str(),
                     std::strerror(errno));
        return 2;
    }
    Shared sh;
    sh.root = resolved;
    sh.seed = seed;
    for (const KernelKind& k : kKernels)
        sh.texts.push_back(
            StageTexts{sourceText(k), mlirText(k, false), mlirText(k, true), llirText(k), ptxText(k)});
    sh.binary = binaryFiller();

    auto work = [&] {
        for (;;) {
            std::size_t i = sh.next.fetch_add(1, std::memory_order_relaxed);
            if (i >= count || sh.failed.load(std::memory_order_relaxed))
                return;
            if (!writeEntry(sh, i))
                sh.failed = true;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();
    if (sh.failed)
        return 2;
    std::printf("wrote %llu entries (%llu files) under %s\n", static_cast<unsigned long long>(count),
                static_cast<unsigned long long>(count * 8), sh.root.c_str());
    return 0;
}

// ---- eviction ----------------------------------------------------------------------------------

std::size_t g_evicted = 0;
std::size_t g_evictFailed = 0;

int evictOne(const char* path, const struct stat*, int type, struct FTW*)
{
    if (type != FTW_F && type != FTW_D && type != FTW_DP)
        return 0;
    int fd = ::open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        ++g_evictFailed;
        return 0;
    }
    if (::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0)
        ++g_evicted;
    else
        ++g_evictFailed;
    ::close(fd);
    return 0;
}

int evict(const std::string& root)
{
    // Drops the file data pages. Folder blocks, inodes and dentries of a local filesystem live in
    // other caches that fadvise cannot reach, so this is "cold-ish" only.
    if (::nftw(root.c_str(), evictOne, 64, FTW_PHYS | FTW_MOUNT) != 0) {
        std::fprintf(stderr, "kl_gen_synthetic_cache: cannot walk %s: %s\n", root.c_str(),
                     std::strerror(errno));
        return 2;
    }
    std::printf("evicted %zu files and folders under %s (%zu failed)\n", g_evicted, root.c_str(),
                g_evictFailed);
    return 0;
}

int usage()
{
    std::fprintf(stderr, "usage: kl_gen_synthetic_cache [--seed N] [--threads N] ROOT COUNT\n"
                         "       kl_gen_synthetic_cache --evict ROOT\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    std::uint64_t seed = 1;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::string> positional;
    bool evictMode = false;
    for (int i = 1; i < argc; ++i) {
        std::string_view a(argv[i]);
        std::uint64_t v = 0;
        if (a == "--evict") {
            evictMode = true;
        } else if (a == "--seed" && i + 1 < argc && parseNumber(argv[i + 1], v)) {
            seed = v;
            ++i;
        } else if (a == "--threads" && i + 1 < argc && parseNumber(argv[i + 1], v) && v > 0 && v <= 256) {
            threads = static_cast<unsigned>(v);
            ++i;
        } else if (a.starts_with("-")) {
            return usage();
        } else {
            positional.emplace_back(a);
        }
    }
    if (evictMode)
        return positional.size() == 1 ? evict(positional[0]) : usage();
    std::uint64_t count = 0;
    if (positional.size() != 2 || !parseNumber(positional[1].c_str(), count))
        return usage();
    return generate(positional[0], count, seed, threads);
}
