#include "cubininfo.h"

#include "core/util/digest.h"
#include "core/util/filetype.h"
#include "core/util/posixfile.h"
#include "cudaelf.h"
#include "nvinfo.h"

#include <algorithm>
#include <cstring>
#include <gelf.h>
#include <libelf.h>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>

namespace kl {
namespace {

// sm_90 cubins that use shared memory start their .nv.shared.<kernel> section with the 1 KiB the
// driver reserves a block (cudaDevAttrReservedSharedMemoryPerBlock), and reference this symbol.
// Measured on an H100: a section of 3104 bytes is 2080 declared (ptxas -v, Nsight Compute's
// static shared memory, the profiler trace) plus the 1024 (cuobjdump -res-usage counts both).
constexpr std::string_view kReservedSharedSymbol = ".nv.reservedSmem.offset0";
constexpr std::uint64_t kReservedSharedBytes = 1024;

constexpr std::uint64_t kMaxCubinBytes = 256ull << 20;

struct ElfCloser {
    void operator()(Elf* e) const { elf_end(e); }
};

std::string libelfError()
{
    const char* m = elf_errmsg(-1);
    return m ? m : "unknown libelf error";
}

// End of `count` entries of `size` bytes at `offset`, saturating instead of wrapping.
std::uint64_t spanEnd(std::uint64_t offset, std::uint64_t count, std::uint64_t size)
{
    if (count && size > (UINT64_MAX - offset) / count)
        return UINT64_MAX;
    return offset + count * size;
}

Text truncatedAt(Text what, std::uint64_t end, std::uint64_t size)
{
    return Text::of(KL_TEXT("kl::cubin", "truncated: its %1 ends at byte %2 but the file has %3 bytes"),
                    std::move(what), end, size);
}

// The raw bytes of a section that lies inside the image (checked before libelf maps it).
std::span<const std::uint8_t> sectionBytes(std::span<const std::uint8_t> image, const GElf_Shdr& sh)
{
    // An empty section's offset is not checked against the file (any value is valid ELF), so a
    // hostile one must not reach subspan: found by tests/fuzz
    // (regressions/cubin/empty-nvinfo-wild-offset).
    if (sh.sh_size == 0)
        return {};
    return image.subspan(sh.sh_offset, sh.sh_size);
}

// Names point into libelf's copy of the string table (alive as long as the Elf): a hostile file
// can give thousands of sections or symbols one long name, so names are never copied per section.
struct Section {
    std::string_view name;
    GElf_Shdr header{};
};

// A section name for an error message: hostile names can be megabytes long.
std::string shownName(std::string_view name)
{
    constexpr std::size_t kMax = 120;
    return name.size() <= kMax ? std::string(name) : std::string(name.substr(0, kMax)) + "...";
}

// Per-function attributes from the file-wide .nv.info: {uint32 symbol, uint32 value}.
struct SymbolAttrs {
    std::optional<std::uint32_t> regs, frame, minStack, maxStack;
};

std::optional<std::array<std::uint32_t, 3>> threeWords(const NvInfoRecord& r)
{
    std::array<std::uint32_t, 3> v{};
    for (std::size_t i = 0; i < 3; ++i)
        if (!r.word(i, v[i]))
            return std::nullopt;
    return v;
}

} // namespace

CubinResult readCubinInfo(std::span<const std::uint8_t> bytes)
{
    static std::once_flag once;
    std::call_once(once, [] { elf_version(EV_CURRENT); });
    CubinResult r;
    if (bytes.size() > kMaxCubinBytes) {
        r.error =
            Text::of(KL_TEXT("kl::cubin", "%1 bytes: larger than any cubin (limit 256 MiB)"), bytes.size());
        return r;
    }
    if (bytes.size() < sizeof(Elf64_Ehdr)) {
        r.error = Text::of(KL_TEXT("kl::cubin", "only %1 bytes: too short for an ELF header"), bytes.size());
        return r;
    }
    if (std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0) {
        r.error = Text(KL_TEXT("kl::cubin", "not an ELF file (no 7f 45 4c 46 magic)"));
        return r;
    }
    if (bytes[EI_CLASS] != ELFCLASS64 || bytes[EI_DATA] != ELFDATA2LSB) {
        r.error = Text(KL_TEXT("kl::cubin", "not a 64-bit little-endian ELF, as every cubin is"));
        return r;
    }
    // libelf may write to the image it is given; work on a copy so `bytes` stays const.
    std::vector<char> image(bytes.begin(), bytes.end());
    std::unique_ptr<Elf, ElfCloser> elf(elf_memory(image.data(), image.size()));
    GElf_Ehdr eh{};
    if (!elf || elf_kind(elf.get()) != ELF_K_ELF || !gelf_getehdr(elf.get(), &eh)) {
        r.error = Text::of(KL_TEXT("kl::cubin", "not a valid ELF file: %1"), libelfError());
        return r;
    }
    if (eh.e_machine != EM_CUDA) {
        r.error =
            Text::of(KL_TEXT("kl::cubin", "e_machine is %1, not EM_CUDA (190): not a cubin"), eh.e_machine);
        return r;
    }
    const std::uint64_t size = bytes.size();
    if (eh.e_shoff == 0 || eh.e_shnum == 0) {
        r.error = Text::of(KL_TEXT("kl::cubin", "no section header table (e_shnum %1)"), eh.e_shnum);
        return r;
    }
    if (const std::uint64_t end = spanEnd(eh.e_phoff, eh.e_phnum, eh.e_phentsize); eh.e_phnum && end > size) {
        r.error = truncatedAt(Text(KL_TEXT("kl::cubin", "program header table")), end, size);
        return r;
    }
    if (const std::uint64_t end = spanEnd(eh.e_shoff, eh.e_shnum, eh.e_shentsize); end > size) {
        r.error = truncatedAt(Text(KL_TEXT("kl::cubin", "section header table")), end, size);
        return r;
    }
    CubinInfo& info = r.info;
    info.osAbi = bytes[EI_OSABI];
    info.abiVersion = bytes[EI_ABIVERSION];
    info.flags = static_cast<std::uint32_t>(eh.e_flags);
    info.sm = cudaSmFromFlags(info.flags, info.abiVersion);

    std::size_t shstrndx = 0;
    if (elf_getshdrstrndx(elf.get(), &shstrndx) != 0) {
        r.error = Text::of(KL_TEXT("kl::cubin", "section name table unreadable: %1"), libelfError());
        return r;
    }
    std::vector<Section> sections;
    std::optional<GElf_Shdr> symtab;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf.get(), scn))) {
        Section s;
        const std::size_t index = elf_ndxscn(scn);
        if (!gelf_getshdr(scn, &s.header)) {
            r.error =
                Text::of(KL_TEXT("kl::cubin", "section header %1 unreadable: %2"), index, libelfError());
            return r;
        }
        if (s.header.sh_type != SHT_NOBITS && s.header.sh_size &&
            (s.header.sh_offset > size || s.header.sh_size > size - s.header.sh_offset)) {
            r.error = truncatedAt(Text::of(KL_TEXT("kl::cubin", "section %1"), index),
                                  spanEnd(s.header.sh_offset, 1, s.header.sh_size), size);
            return r;
        }
        const char* name = elf_strptr(elf.get(), shstrndx, s.header.sh_name);
        s.name = name ? std::string_view(name) : std::string_view();
        if (s.header.sh_type == SHT_SYMTAB && !symtab)
            symtab = s.header;
        sections.push_back(std::move(s));
    }

    // Symbol names by index, to match the file-wide .nv.info records (keyed by symbol) to kernels.
    std::unordered_map<std::string_view, std::uint32_t> symbolIndex;
    bool reservesShared = false;
    if (symtab && symtab->sh_entsize == sizeof(Elf64_Sym) && symtab->sh_type != SHT_NOBITS) {
        const auto raw = sectionBytes(bytes, *symtab);
        const std::size_t count = raw.size() / sizeof(Elf64_Sym);
        for (std::size_t i = 0; i < count; ++i) {
            Elf64_Sym sym;
            std::memcpy(&sym, raw.data() + i * sizeof sym, sizeof sym);
            const char* name = elf_strptr(elf.get(), symtab->sh_link, sym.st_name);
            if (name && *name && ELF64_ST_TYPE(sym.st_info) == STT_FUNC)
                symbolIndex.emplace(name, static_cast<std::uint32_t>(i));
            if (name && std::string_view(name) == kReservedSharedSymbol)
                reservesShared = true;
        }
    }

    // ptxas never lets sections overlap, so the .nv.info sections together are smaller than the
    // file; a hostile file could point thousands of them at one big block and have it parsed
    // (and copied) thousands of times.
    std::uint64_t nvInfoBytes = 0;
    std::map<std::uint32_t, SymbolAttrs> bySymbol;
    std::unordered_map<std::string_view, std::vector<NvInfoRecord>> perKernel;
    for (const Section& s : sections) {
        const bool global = s.name == ".nv.info";
        if (!global && !s.name.starts_with(".nv.info."))
            continue;
        if (s.header.sh_type == SHT_NOBITS)
            continue;
        if ((nvInfoBytes += s.header.sh_size) > size) {
            r.error =
                Text(KL_TEXT("kl::cubin", "its .nv.info sections add up to more bytes than the file: they "
                                          "overlap, as no cubin's do"));
            return r;
        }
        std::vector<NvInfoRecord> records;
        if (auto parsed = parseNvInfo(sectionBytes(bytes, s.header), records); !parsed) {
            r.error = Text::of(KL_TEXT("kl::cubin", "section %1: %2"), shownName(s.name),
                               std::move(parsed.error()));
            return r;
        }
        if (!global) {
            perKernel[s.name.substr(std::strlen(".nv.info."))] = std::move(records);
            continue;
        }
        for (const NvInfoRecord& rec : records) {
            std::uint32_t sym = 0, value = 0;
            if (rec.format != std::uint8_t(Eifmt::Sval) || !rec.word(0, sym) || !rec.word(1, value))
                continue;
            SymbolAttrs& a = bySymbol[sym];
            switch (static_cast<Eiattr>(rec.attribute)) {
            case Eiattr::RegCount: a.regs = value; break;
            case Eiattr::FrameSize: a.frame = value; break;
            case Eiattr::MinStackSize: a.minStack = value; break;
            case Eiattr::MaxStackSize: a.maxStack = value; break;
            default: break;
            }
        }
    }

    // The shared memory and constant bank sections by kernel name, in one pass: looking them up
    // per kernel would be quadratic in the section count, which a hostile file sets.
    std::unordered_map<std::string_view, std::uint64_t> sharedBytes;
    std::unordered_map<std::string_view, std::vector<std::pair<unsigned, std::uint64_t>>> constantBanks;
    for (const Section& t : sections) {
        if (t.name.starts_with(".nv.shared.")) {
            sharedBytes[t.name.substr(std::strlen(".nv.shared."))] = t.header.sh_size;
        } else if (t.name.starts_with(".nv.constant")) {
            // .nv.constant<N>.<kernel>: the bank is one or two digits, so the first '.' ends it.
            const std::string_view rest = t.name.substr(std::strlen(".nv.constant"));
            const std::size_t dot = rest.find('.');
            const std::string_view bank = rest.substr(0, dot);
            if (dot != std::string_view::npos && !bank.empty() && bank.size() <= 2 &&
                bank.find_first_not_of("0123456789") == std::string_view::npos)
                constantBanks[rest.substr(dot + 1)].emplace_back(std::stoul(std::string(bank)),
                                                                 t.header.sh_size);
        }
    }

    // Per kernel, its name is copied and its .nv.info records and constant banks are walked and
    // copied. With each kernel written once (as ptxas does) all of that together is less than the
    // file's bytes plus its section count; a hostile file can nest names (".text." repeated) or
    // repeat one name thousands of times and multiply it far beyond that: hours, then no memory.
    const std::uint64_t budget = size + sections.size();
    std::uint64_t spent = 0;
    for (const Section& s : sections) {
        if (!s.name.starts_with(".text.") || s.name.size() == std::strlen(".text."))
            continue;
        const std::string_view name = s.name.substr(std::strlen(".text."));
        const auto records = perKernel.find(name);
        const auto banks = constantBanks.find(name);
        // The code is hashed too (codeDigest): overlapping .text sections must not multiply that.
        spent += s.name.size() + (records != perKernel.end() ? records->second.size() : 0) +
                 (banks != constantBanks.end() ? banks->second.size() : 0) +
                 (s.header.sh_type != SHT_NOBITS ? s.header.sh_size : 0);
        if (spent > budget) {
            r.error = Text::of(KL_TEXT("kl::cubin",
                                       "kernel %1: kernel names, code, .nv.info records and constant banks "
                                       "add up to more than the file holds (names or sections are "
                                       "shared, as in no cubin)"),
                               shownName(name));
            return r;
        }
        CubinKernel k;
        k.name = std::string(name);
        k.codeBytes = s.header.sh_size;
        if (s.header.sh_type != SHT_NOBITS) {
            const auto code = sectionBytes(bytes, s.header);
            k.codeDigest =
                xxh128Hex(std::string_view(reinterpret_cast<const char*>(code.data()), code.size()));
        }
        if (auto it = symbolIndex.find(name); it != symbolIndex.end()) {
            if (auto a = bySymbol.find(it->second); a != bySymbol.end()) {
                k.registers = a->second.regs;
                k.frameSize = a->second.frame;
                k.minStackSize = a->second.minStack;
                k.maxStackSize = a->second.maxStack;
            }
        }
        // ptxas also keeps the register count in the top byte of the code section's sh_info.
        if (!k.registers && (s.header.sh_info >> 24))
            k.registers = static_cast<std::uint32_t>(s.header.sh_info >> 24);
        if (records != perKernel.end()) {
            for (const NvInfoRecord& rec : records->second) {
                std::uint32_t w = 0;
                switch (static_cast<Eiattr>(rec.attribute)) {
                case Eiattr::MaxThreads: k.maxThreads = threeWords(rec); break;
                case Eiattr::ReqNtid: k.reqNtid = threeWords(rec); break;
                case Eiattr::MaxRegCount:
                    if (rec.format == std::uint8_t(Eifmt::Hval))
                        k.maxRegisters = rec.value;
                    break;
                case Eiattr::ParamCbank:
                    if (rec.word(1, w))
                        k.paramBytes = w >> 16;
                    break;
                case Eiattr::CudaApiVersion:
                    if (rec.word(0, w))
                        info.cudaApiVersion = w;
                    break;
                default: break;
                }
            }
        }
        if (auto it = sharedBytes.find(name); it != sharedBytes.end()) {
            k.staticSharedBytes = it->second;
            if (reservesShared && k.staticSharedBytes >= kReservedSharedBytes) {
                k.reservedSharedBytes = kReservedSharedBytes;
                k.staticSharedBytes -= kReservedSharedBytes;
            }
        }
        if (banks != constantBanks.end())
            k.constantBanks = banks->second;
        info.kernels.push_back(std::move(k));
    }
    r.ok = true;
    return r;
}

CubinResult readCubinInfo(const std::string& path)
{
    auto read = readFile(path, kMaxCubinBytes);
    if (!read) {
        CubinResult r;
        r.error = std::move(read.error());
        return r;
    }
    return readCubinInfoWithType(*read);
}

CubinResult readCubinInfoWithType(const std::string& data)
{
    CubinResult r = readCubinInfo(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
    FileType type = identifyBuffer(data.data(), data.size());
    r.info.fileType = type.error.empty() ? type.description : std::string();
    // libmagic's cubin description ends in ", " when it has no version to print.
    while (!r.info.fileType.empty() && (r.info.fileType.back() == ',' || r.info.fileType.back() == ' '))
        r.info.fileType.pop_back();
    return r;
}

bool sameCode(const CubinInfo& a, const CubinInfo& b)
{
    if (a.sm != b.sm || a.kernels.size() != b.kernels.size() || a.kernels.empty())
        return false;
    std::vector<std::pair<std::string_view, std::string_view>> x, y;
    for (const CubinKernel& k : a.kernels)
        x.emplace_back(k.name, k.codeDigest);
    for (const CubinKernel& k : b.kernels)
        y.emplace_back(k.name, k.codeDigest);
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y;
}

} // namespace kl
