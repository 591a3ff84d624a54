#pragma once

#include "core/model/entry.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One metadata field with its value as JSON text (Infinity/NaN kept as Python wrote them).
struct MetadataField {
    std::string key;
    std::string json;
};

/// A kernel's `<name>.json`, read for every Triton era (2.x, 3.0-3.3, 3.4-3.6, 3.7+).
struct Metadata {
    std::string hash; ///< empty in 2.x, which recorded none
    Target target;
    std::string name;
    std::string tritonVersion;
    std::string format; ///< "2.x", "3.0-3.3", "3.4-3.6", "3.7+"
    std::optional<std::int64_t> numWarps;
    std::optional<std::int64_t> numStages;
    std::optional<std::int64_t> shared;
    std::vector<MetadataField> options; ///< compile options, including keys we do not know
    std::vector<MetadataField> envVars; ///< keys that are cache-invalidating variable names
    std::vector<MetadataField> derived; ///< fields added while lowering (shared, tmem_size, ...)
};

enum class MetadataDetail { Summary, Full };

/// Parse metadata text. With `Summary` the option/env/derived lists stay empty (the scanner's
/// fast path). Says why when the text is not a JSON object.
Result<Metadata> parseMetadata(std::string_view text, MetadataDetail detail);

/// The summary fields only, parsing `text` in place (it is left modified): the scanner's fast path.
Result<Metadata> parseMetadataSummaryInPlace(std::string& text);

} // namespace kl
