#include "linetable.h"

#include <cstring>
#include <gelf.h>
#include <libelf.h>
#include <memory>
#include <mutex>
#include <string_view>

namespace kl {
namespace {

struct ElfCloser {
    void operator()(Elf* e) const { elf_end(e); }
};

// A bounded reader: every read past the end sets `bad` and yields zeros.
struct Reader {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t at = 0;
    bool bad = false;

    std::uint64_t fixed(int bytes)
    {
        if (size - at < std::size_t(bytes) || at > size) {
            bad = true;
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i)
            v |= std::uint64_t(data[at + i]) << (8 * i);
        at += bytes;
        return v;
    }
    std::uint64_t uleb()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint64_t b = fixed(1);
            if (bad)
                return 0;
            v |= (b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        bad = true;
        return 0;
    }
    std::string cstr()
    {
        const void* end = at < size ? std::memchr(data + at, 0, size - at) : nullptr;
        if (!end) {
            bad = true;
            return {};
        }
        std::string s(reinterpret_cast<const char*>(data + at),
                      static_cast<const std::uint8_t*>(end) - (data + at));
        at += s.size() + 1;
        return s;
    }
};

void readUnits(const std::uint8_t* data, std::size_t size, std::vector<LineTableFile>& out)
{
    std::size_t unit = 0;
    while (unit + 4 <= size) {
        Reader r{data, size, unit};
        const std::uint64_t length = r.fixed(4);
        if (length == 0 || length >= 0xfffffff0u || length > size - unit - 4)
            return; // DWARF64 or damage: not read
        const std::size_t end = unit + 4 + length;
        r.size = end;
        const std::uint64_t version = r.fixed(2);
        if (version < 2 || version > 4)
            return;
        r.fixed(4); // header_length
        r.fixed(1); // minimum_instruction_length
        if (version >= 4)
            r.fixed(1); // maximum_operations_per_instruction
        r.fixed(1);     // default_is_stmt
        r.fixed(1);     // line_base
        r.fixed(1);     // line_range
        const std::uint64_t opcodeBase = r.fixed(1);
        for (std::uint64_t i = 1; i < opcodeBase; ++i)
            r.fixed(1);
        std::vector<std::string> dirs;
        while (!r.bad) {
            std::string d = r.cstr();
            if (d.empty())
                break;
            dirs.push_back(std::move(d));
        }
        while (!r.bad) {
            std::string name = r.cstr();
            if (name.empty() || r.bad)
                break;
            const std::uint64_t dir = r.uleb(), mtime = r.uleb(), fileSize = r.uleb();
            if (r.bad)
                break;
            LineTableFile f;
            f.path = name.front() == '/' || dir == 0 || dir > dirs.size() ? name : dirs[dir - 1] + "/" + name;
            f.mtime = mtime;
            f.size = fileSize;
            out.push_back(std::move(f));
        }
        unit = end;
    }
}

} // namespace

std::vector<LineTableFile> lineTableFiles(std::span<const std::uint8_t> cubin)
{
    static std::once_flag once;
    std::call_once(once, [] { elf_version(EV_CURRENT); });
    std::vector<LineTableFile> out;
    std::vector<char> image(cubin.begin(), cubin.end()); // libelf may write to what it is given
    std::unique_ptr<Elf, ElfCloser> elf(elf_memory(image.data(), image.size()));
    std::size_t shstrndx = 0;
    if (!elf || elf_kind(elf.get()) != ELF_K_ELF || elf_getshdrstrndx(elf.get(), &shstrndx) != 0)
        return out;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf.get(), scn))) {
        GElf_Shdr h{};
        if (!gelf_getshdr(scn, &h) || h.sh_type == SHT_NOBITS)
            continue;
        const char* name = elf_strptr(elf.get(), shstrndx, h.sh_name);
        if (!name || std::string_view(name) != ".debug_line")
            continue;
        if (h.sh_offset > image.size() || h.sh_size > image.size() - h.sh_offset)
            continue;
        readUnits(reinterpret_cast<const std::uint8_t*>(image.data()) + h.sh_offset, h.sh_size, out);
    }
    return out;
}

std::string ptxWithRecordedFileStamps(const std::string& ptx, const std::vector<LineTableFile>& files)
{
    if (files.empty())
        return ptx;
    std::string out;
    out.reserve(ptx.size() + 64);
    std::size_t line = 0;
    while (line < ptx.size()) {
        std::size_t next = ptx.find('\n', line);
        next = next == std::string::npos ? ptx.size() : next + 1;
        std::string_view text(ptx.data() + line, next - line);
        out.append(text);
        // `.file 1 "path"` alone on its line; one that already has a timestamp is left as it is.
        const std::size_t dot = text.find_first_not_of(" \t");
        if (dot != std::string_view::npos && text.substr(dot).starts_with(".file")) {
            const std::size_t open = text.find('"'), close = text.rfind('"');
            std::string_view rest = text.substr(close == std::string_view::npos ? text.size() : close + 1);
            const bool bare = rest.find_first_not_of(" \t\r\n") == std::string_view::npos;
            if (open != std::string_view::npos && close > open && bare) {
                const std::string path(text.substr(open + 1, close - open - 1));
                for (const auto& f : files)
                    if (f.path == path && f.mtime) {
                        out.resize(out.size() - rest.size());
                        out += ", " + std::to_string(f.mtime) + ", " + std::to_string(f.size);
                        out.append(rest);
                        break;
                    }
            }
        }
        line = next;
    }
    return out;
}

} // namespace kl
