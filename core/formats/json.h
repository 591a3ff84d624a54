#pragma once

#include "util/result.h"

#include <rapidjson/document.h>
#include <string>
#include <string_view>

namespace kl::json {

/// Parse JSON as Python's json.dumps writes it: Infinity, -Infinity and NaN are accepted.
/// The error is "<cause> at byte <offset>" as the parser words it, verbatim: callers put it into
/// their own sentence naming the file or field.
Status parse(rapidjson::Document& doc, std::string_view text);

/// Parse `text` in place (it must stay alive and unchanged while `doc` is used) without
/// recursion, so any nesting depth is safe to parse. The fast path of the scanner, which only
/// reads a few fields: do not pass such a document to toText, whose writer recurses.
Status parseInPlace(rapidjson::Document& doc, std::string& text);

/// A value as compact JSON text, keeping Infinity/NaN as Python writes them.
std::string toText(const rapidjson::Value& value);

/// Small typed readers that return false when the member is absent or of another type.
bool getString(const rapidjson::Value& obj, const char* key, std::string& out);
bool getInt(const rapidjson::Value& obj, const char* key, std::int64_t& out);

} // namespace kl::json
