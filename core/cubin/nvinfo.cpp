#include "nvinfo.h"

namespace kl {

bool NvInfoRecord::word(std::size_t i, std::uint32_t& out) const
{
    if (payload.size() < (i + 1) * 4)
        return false;
    const std::uint8_t* p = payload.data() + i * 4;
    out = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
          std::uint32_t(p[3]) << 24;
    return true;
}

Status parseNvInfo(std::span<const std::uint8_t> data, std::vector<NvInfoRecord>& out)
{
    std::size_t pos = 0;
    while (pos < data.size()) {
        if (data.size() - pos < 4)
            return fail(Text::of(KL_TEXT("kl::cubin", "record at offset %1 is cut short"), pos));
        NvInfoRecord r;
        r.format = data[pos];
        r.attribute = data[pos + 1];
        r.value = static_cast<std::uint16_t>(data[pos + 2] | data[pos + 3] << 8);
        pos += 4;
        switch (static_cast<Eifmt>(r.format)) {
        case Eifmt::Nval:
        case Eifmt::Bval:
        case Eifmt::Hval: break;
        case Eifmt::Sval:
            if (data.size() - pos < r.value)
                return fail(Text::of(
                    KL_TEXT("kl::cubin", "record at offset %1 claims %2 bytes but the section ends after %3"),
                    pos - 4, r.value, data.size() - pos));
            r.payload.assign(data.begin() + static_cast<std::ptrdiff_t>(pos),
                             data.begin() + static_cast<std::ptrdiff_t>(pos + r.value));
            pos += r.value;
            break;
        default:
            return fail(Text::of(KL_TEXT("kl::cubin", "record at offset %1 has unknown format %2"), pos - 4,
                                 r.format));
        }
        out.push_back(std::move(r));
    }
    return {};
}

} // namespace kl
