#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kl {

/// The one strict UTF-8 decoder (RFC 3629): decodes the sequence at s[i] into `cp` and returns its
/// length (1-4), or 0 when the bytes there are not one well-formed sequence (overlong forms,
/// surrogates U+D800..U+DFFF, code points above U+10FFFF, truncated), as Python's and
/// QJsonDocument's strict decoders reject them.
std::size_t decodeUtf8(std::string_view s, std::size_t i, char32_t& cp);

/// Appends `cp` encoded as UTF-8 (no checks: callers pass a scalar value).
void appendUtf8(std::string& out, char32_t cp);

/// True when `s` is valid UTF-8.
bool isValidUtf8(std::string_view s);

/// The first `codePoints` characters of UTF-8 text, as Python's s[:n] cuts a str decoded with
/// surrogateescape: each byte that starts no valid sequence counts as one character.
std::string utf8Prefix(std::string_view s, std::size_t codePoints);

/// How many characters `s` holds, counted as utf8Prefix counts them.
std::size_t utf8Length(std::string_view s);

/// The longest prefix of at most `maxBytes` bytes that does not split a UTF-8 sequence.
std::string_view utf8PrefixBytes(std::string_view s, std::size_t maxBytes);

/// Printable form of a file name: invalid UTF-8 bytes and control characters become \xHH.
std::string printableName(std::string_view s);

} // namespace kl
