#include "sassdisasm.h"

#include "core/cubin/cubininfo.h"
#include "core/cubin/cudaelf.h"
#include "core/util/digest.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/subprocess.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <unistd.h>

namespace kl {
namespace {

constexpr std::uint64_t kMaxCubin = 256ull << 20;
constexpr std::size_t kMaxListing = 1ull << 30;
constexpr std::string_view kMagic = "kernellens-sass/1";

/// The first line of a cache file: what wrote the text. Tab-separated, since paths hold spaces.
std::string recordLine(const NvdisasmTool& tool)
{
    return std::string(kMagic) + "\t" + tool.version + "\t" + tool.foundBy + "\t" + tool.path + "\n";
}

bool readRecord(std::string_view head, NvdisasmTool& tool)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (;;) {
        std::size_t tab = head.find('\t', start);
        fields.emplace_back(
            head.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
        if (tab == std::string_view::npos)
            break;
        start = tab + 1;
    }
    if (fields.size() != 4 || fields[0] != kMagic)
        return false;
    tool = {fields[3], fields[1], fields[2]};
    return true;
}

/// Stores the text under a temporary name and renames it into place: a reader sees all or none,
/// and two processes disassembling the same cubin both succeed. A cache that cannot be written
/// only costs the next run its nvdisasm call, so failures are not errors.
void storeInCache(const std::string& dir, const std::string& sha, const NvdisasmTool& tool,
                  const std::string& text)
{
    if (dir.empty() || !makeFolders(dir, false, TextSource{}))
        return;
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!fd.valid())
        return;
    const std::string tmp = "." + sha + "." + uuid4() + ".tmp";
    std::string bytes = recordLine(tool);
    bytes += text;
    if (!writeNewFileAt(fd.get(), tmp, bytes, false))
        return;
    if (::renameat(fd.get(), tmp.c_str(), fd.get(), (sha + ".sass").c_str()) != 0)
        ::unlinkat(fd.get(), tmp.c_str(), 0);
}

std::string firstLine(std::string_view s)
{
    while (!s.empty() && (s.front() == '\n' || s.front() == ' '))
        s.remove_prefix(1);
    s = s.substr(0, s.find('\n'));
    if (s.starts_with("nvdisasm fatal"))
        s.remove_prefix(s.find(':') == std::string_view::npos ? 0 : s.find(':') + 1);
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    return std::string(s);
}

/// The sm arch of a 64-bit little-endian CUDA ELF from its header alone; false when it is not one.
bool cudaSmOfHeader(std::string_view elf, unsigned& sm)
{
    if (elf.size() < 64 ||
        elf.substr(0, 4) != "\x7f"
                            "ELF" ||
        elf[4] != 2 || elf[5] != 1)
        return false;
    auto u16 = [&](std::size_t at) {
        return unsigned(std::uint8_t(elf[at])) | unsigned(std::uint8_t(elf[at + 1])) << 8;
    };
    if (u16(18) != 190) // EM_CUDA
        return false;
    const std::uint32_t flags = u16(48) | std::uint32_t(u16(50)) << 16;
    sm = cudaSmFromFlags(flags, std::uint8_t(elf[8]));
    return true;
}

std::string toolName(const NvdisasmTool& tool)
{
    return "nvdisasm" + (tool.version.empty() ? std::string() : " " + tool.version) + " (" + tool.path + ")";
}

} // namespace

std::string sassCacheDir(const Environment& env)
{
    return ownCacheDir(env, "KERNELLENS_SASS_CACHE", "sass");
}

namespace {

// A cubin held in memory reaches nvdisasm through a private file of its own, removed after.
struct TempCubin {
    std::string path; ///< empty when it could not be written
    int error = 0;    ///< errno then
    explicit TempCubin(std::string_view bytes)
    {
        std::string p = tempDirectory() + "/klens-sass-XXXXXX.cubin";
        UniqueFd fd(::mkostemps(p.data(), 6, O_CLOEXEC));
        if (!fd.valid()) {
            error = errno;
            return;
        }
        for (std::size_t done = 0; done < bytes.size();) {
            const ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                error = n < 0 ? errno : EIO;
                ::unlink(p.c_str());
                return;
            }
            done += static_cast<std::size_t>(n);
        }
        path = std::move(p);
    }
    ~TempCubin()
    {
        if (!path.empty())
            ::unlink(path.c_str());
    }
    TempCubin(const TempCubin&) = delete;
    TempCubin& operator=(const TempCubin&) = delete;
};

// `path` names the cubin in errors; `onDisk` says nvdisasm can read it there.
Result<SassResult> disassemble(const std::string& bytes, const std::string& path, bool onDisk,
                               const Environment& env, const SassOptions& options)
{
    SassResult r;
    r.cubinPath = path;
    r.sha256 = sha256Hex(bytes);
    const std::string cacheDir = options.useCache ? sassCacheDir(env) : std::string();
    // A cache hit is a cubin read in full when its text was stored (the key is its SHA-256): only
    // its arch is taken again, from the ELF header. A reopen then costs reading the text alone.
    std::string cached;
    std::string_view text;
    if (!cacheDir.empty()) {
        if (Result<std::string> read = readFile(cacheDir + "/" + r.sha256 + ".sass", kMaxListing)) {
            const std::size_t nl = read->find('\n');
            if (nl != std::string::npos && readRecord(std::string_view(*read).substr(0, nl), r.tool) &&
                cudaSmOfHeader(bytes, r.sm)) {
                cached = std::move(*read);
                text = std::string_view(cached).substr(nl + 1);
                r.fromCache = true;
            }
        }
    }
    CubinResult info;
    if (!r.fromCache) {
        info = readCubinInfo(
            std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
        if (!info.ok)
            return fail(Text::of(KL_TEXT("kl::sass", "%1 is not a CUDA cubin: %2"), path, info.error));
        r.sm = info.info.sm;
    }
    std::string disassembled;
    if (!r.fromCache) {
        Result<NvdisasmTool> tool = findNvdisasm(env);
        if (!tool)
            return fail(Text::of(KL_TEXT("kl::sass", "cannot disassemble %1: %2"), path, tool.error()));
        r.tool = *tool;
        ProcessOptions run;
        run.timeoutMs = options.timeoutMs;
        run.maxOutput = kMaxListing;
        run.captureStderr = true;
        run.cancel = options.cancel;
        // Written out only now: a cubin whose text the cache holds never touches the disk.
        std::optional<TempCubin> temp;
        if (!onDisk) {
            temp.emplace(bytes);
            if (temp->path.empty())
                return fail(
                    Text::of(KL_TEXT("kl::sass",
                                     "cannot disassemble %1: cannot write a temporary file for nvdisasm: %2"),
                             path, errnoText(temp->error)));
        }
        ProcessResult p = runProcess({r.tool.path, "-c", "-gi", onDisk ? path : temp->path}, run);
        if (!p.started || p.timedOut || (!p.error.empty() && p.exitCode < 0))
            return fail(Text::of(KL_TEXT("kl::sass", "cannot disassemble %1: %2"), path, p.error));
        if (p.exitCode != 0) {
            const std::string why = firstLine(p.err);
            if (why.find("Cannot decode architecture") != std::string::npos ||
                why.find("nsupported") != std::string::npos)
                return fail(
                    Text::of(KL_TEXT("kl::sass", "%1 is older than the sm_%2 code in %3 (%4): use a newer "
                                                 "one, e.g. with KERNELLENS_NVDISASM"),
                             toolName(r.tool), r.sm, path, why));
            return fail(Text::of(KL_TEXT("kl::sass", "%1 failed on %2 with exit code %3: %4"),
                                 toolName(r.tool), path, p.exitCode,
                                 why.empty() ? std::string("no message") : why));
        }
        if (p.truncated)
            return fail(Text::of(KL_TEXT("kl::sass", "the disassembly of %1 is over 1 GiB; not read"), path));
        disassembled = std::move(p.out);
        text = disassembled;
    }
    r.listing = parseNvdisasmText(text);
    if (r.listing.kernels.empty() && !info.info.kernels.empty())
        return fail(Text::of(KL_TEXT("kl::sass", "%1 printed no code for %2"), toolName(r.tool), path));
    // Only text that read as code is kept: an empty answer cached would hide the code for good.
    if (!r.fromCache)
        storeInCache(cacheDir, r.sha256, r.tool, disassembled);
    if (!r.listing.hasLineInfo)
        r.notes.push_back(
            Text::of(KL_TEXT("kl::sass", "%1 has no line info (it was compiled without -lineinfo): "
                                         "instructions cannot be linked to source lines"),
                     path));
    return r;
}

} // namespace

Result<SassResult> disassembleCubin(const std::string& path, const Environment& env,
                                    const SassOptions& options)
{
    Result<std::string> bytes = readFile(path, kMaxCubin);
    if (!bytes)
        return fail(Text::of(KL_TEXT("kl::sass", "cannot read %1: %2"), path, bytes.error()));
    return disassemble(*bytes, path, true, env, options);
}

Result<SassResult> disassembleCubinBytes(const std::string& bytes, const std::string& name,
                                         const Environment& env, const SassOptions& options)
{
    if (bytes.size() > kMaxCubin)
        return fail(Text::of(KL_TEXT("kl::sass", "%1 is larger than 256 MiB: not disassembled"), name));
    return disassemble(bytes, name, false, env, options);
}

} // namespace kl
