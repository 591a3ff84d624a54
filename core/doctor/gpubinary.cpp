#include "gpubinary.h"

#include "core/util/posixfile.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <gelf.h>
#include <libelf.h>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace kl {
namespace {

// Code objects are kilobytes to a few megabytes; a larger "cubin" is not worth a buffer this size.
constexpr std::uint64_t kMaxCheckedSize = 256ull << 20;
// The first read: the ELF header and, in practice, the program headers.
constexpr std::uint64_t kHeadBytes = 4096;

void initLibelf()
{
    static std::once_flag once;
    std::call_once(once, [] { elf_version(EV_CURRENT); });
}

class ElfHandle {
public:
    explicit ElfHandle(Elf* e)
        : m_elf(e)
    {
    }
    ElfHandle(const ElfHandle&) = delete;
    ElfHandle& operator=(const ElfHandle&) = delete;
    ~ElfHandle() { reset(nullptr); }
    void reset(Elf* e)
    {
        if (m_elf)
            elf_end(m_elf);
        m_elf = e;
    }
    Elf* get() const { return m_elf; }

private:
    Elf* m_elf = nullptr;
};

std::string libelfError()
{
    return elf_errmsg(-1) ? elf_errmsg(-1) : "unknown libelf error";
}

// Reads [offset, offset + n) into buf + offset. A short read means the file shrank after fstat.
// Where the binary's bytes come from: an open file, or bytes already read (a pack's record).
struct Source {
    int fd = -1;
    std::string_view bytes;
};

bool readAt(const Source& src, std::vector<char>& buf, std::uint64_t offset, std::uint64_t n,
            std::string& error)
{
    if (src.fd < 0) {
        if (offset > src.bytes.size() || n > src.bytes.size() - offset) {
            error = "file shrank while being read";
            return false;
        }
        std::copy_n(src.bytes.data() + offset, n, buf.data() + offset);
        return true;
    }
    const int fd = src.fd;
    std::uint64_t done = 0;
    while (done < n) {
        const ssize_t r =
            ::pread(fd, buf.data() + offset + done, n - done, static_cast<off_t>(offset + done));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            error = "cannot read: " + errnoText(errno);
            return false;
        }
        if (r == 0) {
            error = "file shrank while being read";
            return false;
        }
        done += static_cast<std::uint64_t>(r);
    }
    return true;
}

// End of a table of `count` entries of `size` bytes at `offset`, saturating instead of wrapping.
std::uint64_t tableEnd(std::uint64_t offset, std::uint64_t count, std::uint64_t size)
{
    if (count && size > (UINT64_MAX - offset) / count)
        return UINT64_MAX;
    return offset + count * size;
}

std::string truncatedAt(const char* what, std::uint64_t end, std::uint64_t fileSize)
{
    return "truncated: its " + std::string(what) + " ends at byte " + std::to_string(end) +
           " but the file has " + std::to_string(fileSize) + " bytes";
}

// The header as libelf translates it, for files libelf will not open (their tables lie past the end).
bool translateHeader(const std::vector<char>& buf, GElf_Ehdr& out)
{
    Elf64_Ehdr raw{};
    Elf_Data src{}, dst{};
    src.d_buf = const_cast<char*>(buf.data());
    src.d_type = ELF_T_EHDR;
    src.d_size = sizeof raw;
    src.d_version = EV_CURRENT;
    dst.d_buf = &raw;
    dst.d_size = sizeof raw;
    dst.d_version = EV_CURRENT;
    if (!elf64_xlatetom(&dst, &src, ELFDATA2LSB))
        return false;
    out = raw;
    return true;
}

std::string headerTablesProblem(const GElf_Ehdr& eh, std::uint64_t fileSize)
{
    if (eh.e_phnum) {
        const std::uint64_t end = tableEnd(eh.e_phoff, eh.e_phnum, eh.e_phentsize);
        if (end > fileSize)
            return truncatedAt("program header table", end, fileSize);
    }
    if (eh.e_shoff) {
        const std::uint64_t end =
            tableEnd(eh.e_shoff, std::max<std::uint64_t>(eh.e_shnum, 1), eh.e_shentsize);
        if (end > fileSize)
            return truncatedAt("section header table", end, fileSize);
    }
    return {};
}

std::string archLabelFor(bool cuda, const std::string& arch)
{
    return cuda ? "sm_" + arch : arch;
}

} // namespace

std::string_view amdgpuMachName(unsigned mach)
{
    // EF_AMDGPU_MACH values (LLVM's AMDGPUUsage "AMDGPU EF_AMDGPU_MACH Values").
    struct Mach {
        unsigned value;
        std::string_view name;
    };
    static constexpr Mach machs[] = {
        {0x020, "gfx600"},  {0x021, "gfx601"},  {0x022, "gfx700"},  {0x023, "gfx701"},  {0x024, "gfx702"},
        {0x025, "gfx703"},  {0x026, "gfx704"},  {0x028, "gfx801"},  {0x029, "gfx802"},  {0x02a, "gfx803"},
        {0x02b, "gfx810"},  {0x02c, "gfx900"},  {0x02d, "gfx902"},  {0x02e, "gfx904"},  {0x02f, "gfx906"},
        {0x030, "gfx908"},  {0x031, "gfx909"},  {0x032, "gfx90c"},  {0x033, "gfx1010"}, {0x034, "gfx1011"},
        {0x035, "gfx1012"}, {0x036, "gfx1030"}, {0x037, "gfx1031"}, {0x038, "gfx1032"}, {0x039, "gfx1033"},
        {0x03a, "gfx602"},  {0x03b, "gfx705"},  {0x03c, "gfx805"},  {0x03d, "gfx1035"}, {0x03e, "gfx1034"},
        {0x03f, "gfx90a"},  {0x040, "gfx940"},  {0x041, "gfx1100"}, {0x042, "gfx1013"}, {0x043, "gfx1150"},
        {0x044, "gfx1103"}, {0x045, "gfx1036"}, {0x046, "gfx1101"}, {0x047, "gfx1102"}, {0x048, "gfx1200"},
        {0x04a, "gfx1151"}, {0x04b, "gfx941"},  {0x04c, "gfx942"},  {0x04e, "gfx1201"}, {0x04f, "gfx950"},
    };
    for (const Mach& m : machs)
        if (m.value == mach)
            return m.name;
    return {};
}

std::string normalizeArch(std::string_view arch)
{
    std::string a(arch.substr(0, arch.find(':')));
    std::transform(a.begin(), a.end(), a.begin(), [](unsigned char c) { return std::tolower(c); });
    if (a.starts_with("sm_"))
        a.erase(0, 3);
    else if (a.starts_with("compute_"))
        a.erase(0, 8);
    // sm_90a is the same silicon as sm_90; Triton records capability 90 for both.
    if (!a.empty() && std::isdigit(static_cast<unsigned char>(a.front())) &&
        std::isalpha(static_cast<unsigned char>(a.back())))
        a.pop_back();
    return a;
}

namespace {

GpuBinaryCheck checkSource(const Source& fd, std::uint64_t fileSize, std::string_view ext,
                           const Target& expected)
{
    initLibelf();
    GpuBinaryCheck r;
    const bool cuda = ext == "cubin";
    const unsigned wantMachine = cuda ? EM_CUDA : EM_AMDGPU;
    const char* wantName = cuda ? "EM_CUDA (190)" : "EM_AMDGPU (224)";
    if (fileSize < sizeof(Elf64_Ehdr)) {
        r.problem = "only " + std::to_string(fileSize) + " bytes: too short for an ELF header";
        return r;
    }
    if (fileSize > kMaxCheckedSize) {
        r.ok = true; // not checked: far larger than any code object
        return r;
    }
    thread_local std::vector<char> buf;
    buf.assign(fileSize, 0);
    const std::uint64_t head = std::min(fileSize, kHeadBytes);
    if (!readAt(fd, buf, 0, head, r.problem))
        return r;
    if (std::memcmp(buf.data(), ELFMAG, SELFMAG) != 0) {
        static constexpr char hex[] = "0123456789abcdef";
        std::string start;
        for (int i = 0; i < 4; ++i) {
            const auto b = static_cast<unsigned char>(buf[static_cast<std::size_t>(i)]);
            start += {hex[b >> 4], hex[b & 15], ' '};
        }
        start.pop_back();
        r.problem = "not an ELF file (starts with " + start + ", not 7f 45 4c 46)";
        return r;
    }
    if (buf[EI_CLASS] != ELFCLASS64) {
        r.problem = buf[EI_CLASS] == ELFCLASS32 ? "a 32-bit ELF; GPU code objects are 64-bit"
                                                : "invalid ELF class " + std::to_string(int(buf[EI_CLASS]));
        return r;
    }
    if (buf[EI_VERSION] != EV_CURRENT) {
        r.problem = "ELF identification version " + std::to_string(int(buf[EI_VERSION])) +
                    ", not 1: not a valid ELF file";
        return r;
    }
    if (buf[EI_DATA] != ELFDATA2LSB) {
        r.problem = "not a little-endian ELF; GPU code objects are little-endian";
        return r;
    }

    // The image has the file's size with only the head read in: libelf checks every table
    // against that size, and the section headers are read into place below.
    ElfHandle elf(elf_memory(buf.data(), fileSize));
    if (!elf.get() || elf_kind(elf.get()) != ELF_K_ELF) {
        GElf_Ehdr eh{};
        std::string tables = translateHeader(buf, eh) ? headerTablesProblem(eh, fileSize) : std::string();
        r.problem = !tables.empty() ? tables : "not a valid ELF file: " + libelfError();
        return r;
    }
    GElf_Ehdr eh{};
    if (!gelf_getehdr(elf.get(), &eh)) {
        r.problem = "ELF header unreadable: " + libelfError();
        return r;
    }
    if (eh.e_machine != wantMachine) {
        r.problem = "e_machine is " + std::to_string(eh.e_machine) + ", not " + wantName + ": not a " +
                    std::string(ext) + " for this backend";
        return r;
    }
    if (cuda) {
        const unsigned sm = cudaSmFromFlags(static_cast<std::uint32_t>(eh.e_flags),
                                            static_cast<unsigned char>(buf[EI_ABIVERSION]));
        r.arch = sm ? std::to_string(sm) : std::string();
        if (!sm) {
            char flags[16];
            std::snprintf(flags, sizeof flags, "%x", static_cast<unsigned>(eh.e_flags));
            r.problem = "e_flags 0x" + std::string(flags) + " name no sm architecture";
            return r;
        }
    } else {
        r.arch = std::string(amdgpuMachName(static_cast<unsigned>(eh.e_flags) & 0xffu));
    }
    const std::string want = normalizeArch(expected.arch);
    if (!want.empty() && !r.arch.empty() && normalizeArch(r.arch) != want) {
        r.problem = "the " + std::string(ext) + " is for " + archLabelFor(cuda, r.arch) +
                    " but the entry's target is " +
                    archLabelFor(cuda && std::isdigit(static_cast<unsigned char>(want.front())), want);
        return r;
    }
    if (std::string tables = headerTablesProblem(eh, fileSize); !tables.empty()) {
        r.problem = tables;
        return r;
    }

    if (eh.e_shoff) {
        std::size_t count = eh.e_shnum;
        for (int pass = 0; pass < 2; ++pass) {
            // e_shnum 0 with a table means extended numbering: the count is in section 0.
            const std::uint64_t tableBytes = tableEnd(0, std::max<std::uint64_t>(count, 1), eh.e_shentsize);
            const std::uint64_t from = std::max(eh.e_shoff, head);
            const std::uint64_t to = eh.e_shoff + tableBytes;
            if (to > from && !readAt(fd, buf, from, to - from, r.problem))
                return r;
            elf.reset(elf_memory(buf.data(), fileSize));
            if (!elf.get() || elf_getshdrnum(elf.get(), &count) != 0) {
                r.problem = "section header table unreadable: " + libelfError();
                return r;
            }
            if (tableEnd(eh.e_shoff, count, eh.e_shentsize) > fileSize) {
                r.problem = truncatedAt("section header table", tableEnd(eh.e_shoff, count, eh.e_shentsize),
                                        fileSize);
                return r;
            }
            if (eh.e_shnum != 0 || count <= 1)
                break;
        }
        Elf_Scn* scn = nullptr;
        while ((scn = elf_nextscn(elf.get(), scn))) {
            GElf_Shdr sh{};
            if (!gelf_getshdr(scn, &sh)) {
                r.problem =
                    "section header " + std::to_string(elf_ndxscn(scn)) + " unreadable: " + libelfError();
                return r;
            }
            if (sh.sh_type == SHT_NOBITS || sh.sh_size == 0)
                continue;
            if (sh.sh_offset > fileSize || sh.sh_size > fileSize - sh.sh_offset) {
                r.problem = truncatedAt(("section " + std::to_string(elf_ndxscn(scn))).c_str(),
                                        tableEnd(sh.sh_offset, 1, sh.sh_size), fileSize);
                return r;
            }
        }
    }
    r.ok = true;
    return r;
}

} // namespace

GpuBinaryCheck checkGpuBinary(int fd, std::uint64_t fileSize, std::string_view ext, const Target& expected)
{
    return checkSource(Source{fd, {}}, fileSize, ext, expected);
}

GpuBinaryCheck checkGpuBinary(std::string_view bytes, std::string_view ext, const Target& expected)
{
    return checkSource(Source{-1, bytes}, bytes.size(), ext, expected);
}

} // namespace kl
