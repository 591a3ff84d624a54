#pragma once

#include "core/util/result.h"

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
/// reads a few integer and string fields: doubles come from RapidJSON's fast conversion (not
/// full precision), and the writer of toText recurses: do not pass such a document to it.
Status parseInPlace(rapidjson::Document& doc, std::string& text);

/// A document for the scanner's per-file parses. RapidJSON's default allocator takes a 64 KiB
/// chunk from malloc for every document, and freeing a chunk that large makes glibc consolidate
/// its heap each time; this one keeps the values of a small file in a buffer of the calling
/// thread. One at a time per thread: a second one alive on the same thread allocates as usual.
class ScratchDocument {
public:
    ScratchDocument();
    ~ScratchDocument();
    ScratchDocument(const ScratchDocument&) = delete;
    ScratchDocument& operator=(const ScratchDocument&) = delete;
    rapidjson::Document& get() { return m_doc; }

private:
    bool m_borrowed;
    rapidjson::MemoryPoolAllocator<> m_pool;
    rapidjson::Document m_doc;
};

/// A value as compact JSON text, keeping Infinity/NaN as Python writes them.
std::string toText(const rapidjson::Value& value);

/// Small typed readers that return false when the member is absent or of another type.
bool getString(const rapidjson::Value& obj, const char* key, std::string& out);
bool getInt(const rapidjson::Value& obj, const char* key, std::int64_t& out);

} // namespace kl::json
