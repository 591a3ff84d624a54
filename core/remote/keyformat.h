#pragma once

#include "core/util/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace kl::remote {

/// Triton's `TRITON_REDIS_KEY_FORMAT`, a Python format string over `{key}` (the entry's folder
/// name) and `{filename}` (one file of the entry), read both ways: to build a Redis key, and to
/// take one apart again when listing a server.
class KeyFormat {
public:
    static constexpr std::string_view kDefault = "triton:{key}:{filename}";
    static constexpr std::string_view kVariable = "TRITON_REDIS_KEY_FORMAT";

    /// Each of `{key}` and `{filename}` exactly once, `{{` and `}}` for literal braces (Python's
    /// rules); any other field, a format spec or a lone brace is refused with the reason.
    static Result<KeyFormat> parse(std::string_view format);

    const std::string& text() const { return m_text; }
    std::string make(std::string_view key, std::string_view filename) const;

    struct Parts {
        std::string key;
        std::string filename;
    };
    /// The key and file name a Redis key was made from, or nothing when it does not fit.
    std::optional<Parts> split(std::string_view redisKey) const;

    /// A SCAN MATCH glob that every key of this format matches.
    std::string scanPattern() const;
    /// The glob for one entry's files.
    std::string entryPattern(std::string_view key) const;
    /// The glob for the files of every entry whose key starts with `prefix`.
    std::string entryPrefixPattern(std::string_view prefix) const;

private:
    std::string m_text;
    std::string m_lit[3]; ///< literal text before, between and after the two fields
    bool m_keyFirst = true;
};

} // namespace kl::remote
