#pragma once

#include "text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kl {

/// "10G", "500M", "1.5GiB", "4096": bytes, with K/M/G/T as powers of 1024 (as du -h prints them).
/// Nothing, with `error` set, for anything else.
std::optional<std::uint64_t> parseSize(std::string_view text, Text& error);

/// "7d", "12h", "30m", "45s", "2w", "1h30m", "0": nanoseconds. Units are required except for 0.
std::optional<std::int64_t> parseDuration(std::string_view text, Text& error);

} // namespace kl
