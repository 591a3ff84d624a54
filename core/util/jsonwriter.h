#pragma once

#include "text.h"

#include <cstdio>
#include <functional>
#include <rapidjson/filewritestream.h>
#include <rapidjson/writer.h>
#include <string>
#include <string_view>
#include <vector>

namespace kl::json {

/// The writer every klens JSON document uses: UTF-8, Infinity/NaN written as Python writes them.
using Writer = rapidjson::Writer<rapidjson::FileWriteStream, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                 rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

/// A string value. File names need not be UTF-8 but JSON strings must: invalid bytes are
/// written as the text \xHH (documented in docs/json-schema.md).
void str(Writer& w, std::string_view s);

/// `key`: the string, or null when it is empty.
void strOrNull(Writer& w, const char* key, std::string_view s);

/// A sentence, in English (JSON is for programs: its text does not follow the GUI's language).
void str(Writer& w, const Text& t);
void strOrNull(Writer& w, const char* key, const Text& t);

/// `key`: an array of strings or sentences.
template <typename T> void strings(Writer& w, const char* key, const std::vector<T>& list)
{
    w.Key(key);
    w.StartArray();
    for (const T& s : list)
        str(w, s);
    w.EndArray();
}

/// Write one document to `out` through a buffer, then a newline, and flush.
void writeDocument(std::FILE* out, const std::function<void(Writer&)>& body);

} // namespace kl::json
