#include "keys/pythonrepr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace kl {
namespace {

bool isCont(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

// Length of the valid UTF-8 sequence at `i` (1-4), or 0 when the byte there starts none. Python's
// strict decoder rejects overlong forms, encoded surrogates and code points above U+10FFFF.
std::size_t validSequenceAt(std::string_view s, std::size_t i, char32_t& cp)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const std::size_t left = s.size() - i;
    const unsigned char c = b(0);
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF && left >= 2 && isCont(b(1))) {
        cp = (char32_t(c & 0x1F) << 6) | (b(1) & 0x3F);
        return 2;
    }
    if (c >= 0xE0 && c <= 0xEF && left >= 3 && isCont(b(1)) && isCont(b(2))) {
        if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) > 0x9F))
            return 0;
        cp = (char32_t(c & 0x0F) << 12) | (char32_t(b(1) & 0x3F) << 6) | (b(2) & 0x3F);
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4 && left >= 4 && isCont(b(1)) && isCont(b(2)) && isCont(b(3))) {
        if ((c == 0xF0 && b(1) < 0x90) || (c == 0xF4 && b(1) > 0x8F))
            return 0;
        cp = (char32_t(c & 0x07) << 18) | (char32_t(b(1) & 0x3F) << 12) | (char32_t(b(2) & 0x3F) << 6) |
             (b(3) & 0x3F);
        return 4;
    }
    return 0;
}

void appendUtf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

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
        if (std::size_t n = validSequenceAt(bytes, i, cp)) {
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
