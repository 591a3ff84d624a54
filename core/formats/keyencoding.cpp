#include "keyencoding.h"

#include <algorithm>
#include <cctype>

namespace kl {
namespace {

bool isLowerHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}
bool isBase32(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '2' && c <= '7');
}
bool isBase64Url(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

template <typename Pred> bool all(std::string_view s, Pred p)
{
    return std::all_of(s.begin(), s.end(), p);
}

} // namespace

KeyEra classifyFolderName(std::string_view name)
{
    if (name.size() == 32 && all(name, isLowerHex))
        return KeyEra::Md5Hex;
    if (name.size() == 64 && all(name, isLowerHex))
        return KeyEra::Sha256Hex;
    if (name.size() == 52 && all(name, isBase32))
        return KeyEra::Base32;
    // 43 characters is 32 bytes of base64 without its one '=' of padding.
    if (name.size() == 43 && all(name, isBase64Url))
        return KeyEra::Base64Url;
    return KeyEra::None;
}

std::optional<std::string> hexToBytes(std::string_view hex)
{
    if (hex.size() % 2 != 0)
        return std::nullopt;
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    std::string out;
    out.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
        if (hi < 0 || lo < 0)
            return std::nullopt;
        out.push_back(static_cast<char>((hi << 4) | lo));
    }
    return out;
}

std::string base32NoPad(std::string_view bytes)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    std::string out;
    out.reserve((bytes.size() * 8 + 4) / 5);
    unsigned buffer = 0;
    int bits = 0;
    for (unsigned char b : bytes) {
        buffer = (buffer << 8) | b;
        bits += 8;
        while (bits >= 5) {
            out.push_back(alphabet[(buffer >> (bits - 5)) & 31]);
            bits -= 5;
        }
    }
    if (bits > 0)
        out.push_back(alphabet[(buffer << (5 - bits)) & 31]);
    return out;
}

std::optional<std::string> decodeBase32KeyFolder(std::string_view folder)
{
    if (folder.size() != 52 || classifyFolderName(folder) != KeyEra::Base32)
        return std::nullopt;
    std::string bytes;
    unsigned buffer = 0;
    int bits = 0;
    for (char c : folder) {
        const unsigned v =
            c >= 'A' && c <= 'Z' ? static_cast<unsigned>(c - 'A') : static_cast<unsigned>(c - '2' + 26);
        buffer = (buffer << 5) | v;
        bits += 5;
        if (bits >= 8) {
            bytes.push_back(static_cast<char>((buffer >> (bits - 8)) & 0xff));
            bits -= 8;
        }
    }
    // 52 characters carry 260 bits: the 4 left over must be zero, as an encoder writes them.
    if (bytes.size() != 32 || (buffer & ((1u << bits) - 1)) != 0)
        return std::nullopt;
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

std::string base64UrlNoPad(std::string_view bytes)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    unsigned buffer = 0;
    int bits = 0;
    for (unsigned char b : bytes) {
        buffer = (buffer << 8) | b;
        bits += 8;
        while (bits >= 6) {
            out.push_back(alphabet[(buffer >> (bits - 6)) & 63]);
            bits -= 6;
        }
    }
    if (bits > 0)
        out.push_back(alphabet[(buffer << (6 - bits)) & 63]);
    return out;
}

std::optional<std::string> decodeKeyFolder(std::string_view folder)
{
    const KeyEra era = classifyFolderName(folder);
    switch (era) {
    case KeyEra::Md5Hex:
    case KeyEra::Sha256Hex: {
        std::string out(folder);
        std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
        return out;
    }
    case KeyEra::Base32: return decodeBase32KeyFolder(folder);
    case KeyEra::Base64Url: {
        static constexpr std::string_view alphabet =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        static constexpr char hex[] = "0123456789abcdef";
        std::string out;
        unsigned buffer = 0;
        int bits = 0;
        for (char c : folder) {
            const auto v = alphabet.find(c);
            if (v == std::string_view::npos)
                return std::nullopt;
            buffer = (buffer << 6) | static_cast<unsigned>(v);
            bits += 6;
            if (bits >= 8) {
                const unsigned b = (buffer >> (bits - 8)) & 0xff;
                out += hex[b >> 4];
                out += hex[b & 15];
                bits -= 8;
            }
        }
        // Encoding it back must give the same name (the spare bits were zero).
        if (encodeKeyFolder(out, era) != std::optional<std::string>(std::string(folder)))
            return std::nullopt;
        return out;
    }
    case KeyEra::None: break;
    }
    return std::nullopt;
}

std::optional<std::string> encodeKeyFolder(std::string_view hexDigest, KeyEra era)
{
    if (hexDigest.size() != 64)
        return std::nullopt;
    auto bytes = hexToBytes(hexDigest);
    if (!bytes)
        return std::nullopt;
    switch (era) {
    case KeyEra::Sha256Hex: {
        std::string lower(hexDigest);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return lower;
    }
    case KeyEra::Base32: return base32NoPad(*bytes);
    case KeyEra::Base64Url: return base64UrlNoPad(*bytes);
    case KeyEra::Md5Hex:
    case KeyEra::None: return std::nullopt;
    }
    return std::nullopt;
}

} // namespace kl
