#pragma once

#include <string_view>

namespace kl {

/// `s` without leading spaces and tabs, and without trailing spaces, tabs and '\r' (a CRLF
/// line's end): how compiler output and IR lines are compared and read.
inline std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

} // namespace kl
