#include "pythonrepr.h"

#include "core/util/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace kl {
namespace {

void appendHex(std::string& out, char prefix, char32_t cp, int digits)
{
    static constexpr char hex[] = "0123456789abcdef"; // CPython writes lower-case escapes
    out += '\\';
    out += prefix;
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        out += hex[(cp >> shift) & 0xF];
}

} // namespace

std::u32string decodeSurrogateEscape(std::string_view bytes)
{
    std::u32string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        char32_t cp = 0;
        if (std::size_t n = decodeUtf8(bytes, i, cp)) {
            out += cp;
            i += n;
        } else {
            out += char32_t(0xDC00 + static_cast<unsigned char>(bytes[i]));
            ++i;
        }
    }
    return out;
}

std::string encodeUtf8(std::u32string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (char32_t cp : text) {
        if (cp >= 0xDC80 && cp <= 0xDCFF)
            out += static_cast<char>(cp - 0xDC00);
        else if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            appendUtf8(out, 0xFFFD);
        else
            appendUtf8(out, cp);
    }
    return out;
}

std::string pythonStrRepr(std::string_view text)
{
    const std::u32string s = decodeSurrogateEscape(text);
    const bool hasSingle = s.find(U'\'') != std::u32string::npos;
    const bool hasDouble = s.find(U'"') != std::u32string::npos;
    const char32_t quote = hasSingle && !hasDouble ? U'"' : U'\'';
    std::string out;
    out.reserve(text.size() + 2);
    out += static_cast<char>(quote);
    for (char32_t c : s) {
        if (c == quote || c == U'\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == U'\t') {
            out += "\\t";
        } else if (c == U'\n') {
            out += "\\n";
        } else if (c == U'\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7F) {
            appendHex(out, 'x', c, 2);
        } else if (c < 0x7F) {
            out += static_cast<char>(c);
        } else if (pythonIsPrintable(c)) {
            appendUtf8(out, c);
        } else if (c <= 0xFF) {
            appendHex(out, 'x', c, 2);
        } else if (c <= 0xFFFF) {
            appendHex(out, 'u', c, 4);
        } else {
            appendHex(out, 'U', c, 8);
        }
    }
    out += static_cast<char>(quote);
    return out;
}

bool pythonStrLess(std::string_view a, std::string_view b)
{
    return decodeSurrogateEscape(a) < decodeSurrogateEscape(b);
}

std::string pythonFloatRepr(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    // Shortest round-trip digits, then CPython's float_repr_style "short" layout: fixed notation
    // when the decimal point falls within [-4, 16), scientific with a 2-digit exponent otherwise.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    std::string out;
    if (sci[0] == '-') {
        out = "-";
        sci.erase(0, 1);
    }
    const auto e = sci.find('e');
    std::string digits = sci.substr(0, e);
    const int exponent = std::stoi(sci.substr(e + 1));
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    const int decpt = exponent + 1; // digits "d1d2..." mean 0.d1d2... * 10^decpt
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            out += "0." + std::string(static_cast<std::size_t>(-decpt), '0') + digits;
        } else if (static_cast<std::size_t>(decpt) >= digits.size()) {
            out += digits + std::string(static_cast<std::size_t>(decpt) - digits.size(), '0') + ".0";
        } else {
            out += digits.substr(0, static_cast<std::size_t>(decpt)) + "." +
                   digits.substr(static_cast<std::size_t>(decpt));
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1)
        out += "." + digits.substr(1);
    const int exp10 = decpt - 1;
    std::snprintf(buf, sizeof buf, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    return out + buf;
}

} // namespace kl
