#pragma once

#include <string>
#include <string_view>

namespace kl {

/// Decode bytes as Python decodes os.environ and file names (UTF-8, surrogateescape): every
/// byte that is not part of a valid UTF-8 sequence becomes the code point U+DC80..U+DCFF.
std::u32string decodeSurrogateEscape(std::string_view bytes);

/// Encode code points as UTF-8; lone surrogates (which Python's repr always escapes) are written
/// back as the byte they escape when in U+DC80..U+DCFF, else as U+FFFD.
std::string encodeUtf8(std::u32string_view text);

/// Python's str.isprintable() for one code point, from the Unicode database of the Python that
/// generated pythonprintable.cpp (see pythonUnicodeVersion()).
bool pythonIsPrintable(char32_t cp);
std::string_view pythonUnicodeVersion();

/// repr() of the Python str whose text is `text` (bytes as decodeSurrogateEscape reads them),
/// byte for byte as CPython writes it: quote choice, \\ \n \r \t, \xNN, \uNNNN, \UNNNNNNNN.
std::string pythonStrRepr(std::string_view text);

/// The order Python's sorted() gives two str values: by code point.
bool pythonStrLess(std::string_view a, std::string_view b);

/// repr() (and str()) of a Python float: shortest round-trip digits, "1.0", "1e-05", "1e+16",
/// "inf", "nan".
std::string pythonFloatRepr(double value);

} // namespace kl
