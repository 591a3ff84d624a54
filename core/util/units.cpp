#include "units.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace kl {

std::optional<std::uint64_t> parseSize(std::string_view text, Text& error)
{
    const std::string t(text);
    double value = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (ec != std::errc() || p == t.data() || value < 0 || !std::isfinite(value)) {
        error = Text::of(KL_TEXT("kl::clean", "\"%1\" is not a size (e.g. 10G, 500M, 4096)"), t);
        return std::nullopt;
    }
    std::string unit(p, t.data() + t.size());
    for (char& c : unit)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (unit.ends_with("IB"))
        unit.erase(unit.size() - 2);
    else if (unit.size() > 1 && unit.back() == 'B')
        unit.pop_back();
    double scale = 1;
    if (unit.empty() || unit == "B")
        scale = 1;
    else if (unit == "K")
        scale = 1024.0;
    else if (unit == "M")
        scale = 1024.0 * 1024;
    else if (unit == "G")
        scale = 1024.0 * 1024 * 1024;
    else if (unit == "T")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else {
        error = Text::of(KL_TEXT("kl::clean", "\"%1\": unknown size unit (use K, M, G or T)"), t);
        return std::nullopt;
    }
    const double bytes = value * scale;
    if (bytes >= 18446744073709551615.0) {
        error = Text::of(KL_TEXT("kl::clean", "\"%1\" is too large"), t);
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(std::llround(bytes));
}

std::optional<std::int64_t> parseDuration(std::string_view text, Text& error)
{
    const std::string t(text);
    auto bad = [&] {
        error = Text::of(KL_TEXT("kl::clean", "\"%1\" is not a duration (e.g. 7d, 12h, 30m, 45s, 1h30m)"), t);
        return std::nullopt;
    };
    if (t == "0")
        return 0;
    if (t.empty())
        return bad();
    long double total = 0;
    const char* p = t.data();
    const char* end = t.data() + t.size();
    while (p < end) {
        double v = 0;
        auto [q, ec] = std::from_chars(p, end, v);
        if (ec != std::errc() || q == p || q == end || v < 0)
            return bad();
        long double unit = 0;
        switch (*q) {
        case 's': unit = 1; break;
        case 'm': unit = 60; break;
        case 'h': unit = 3600; break;
        case 'd': unit = 86400; break;
        case 'w': unit = 7 * 86400; break;
        default: return bad();
        }
        total += static_cast<long double>(v) * unit;
        p = q + 1;
    }
    if (total * 1e9L > 9.2e18L) {
        error = Text::of(KL_TEXT("kl::clean", "\"%1\" is too long"), t);
        return std::nullopt;
    }
    return static_cast<std::int64_t>(total * 1e9L);
}

} // namespace kl
