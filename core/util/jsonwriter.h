#pragma once

#include "text.h"

#include <cstdio>
#include <cstring>
#include <functional>
#include <rapidjson/writer.h>
#include <string>
#include <string_view>
#include <vector>

namespace kl::json {

/// rapidjson's output stream concept over a FILE*, through a buffer, with a bulk Write for the
/// strings Writer copies whole.
class FileStream {
public:
    using Ch = char;
    FileStream(std::FILE* file, char* buffer, std::size_t size)
        : m_file(file)
        , m_begin(buffer)
        , m_end(buffer + size)
        , m_cur(buffer)
    {
    }
    void Put(char c)
    {
        if (m_cur == m_end)
            Flush();
        *m_cur++ = c;
    }
    void Write(const char* p, std::size_t n);
    void Flush();
    // Input side of the concept: never used on an output stream.
    char Peek() const { return 0; }
    char Take() { return 0; }
    std::size_t Tell() const { return 0; }
    char* PutBegin() { return nullptr; }
    std::size_t PutEnd(char*) { return 0; }

private:
    std::FILE* m_file;
    char* m_begin;
    char* m_end;
    char* m_cur;
};

using BaseWriter = rapidjson::Writer<FileStream, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                     rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

/// The writer every klens JSON document uses: UTF-8, Infinity/NaN written as Python writes them.
/// Strings and keys with nothing to escape (no control character, quote or backslash: nearly all
/// of them) are copied at once instead of byte by byte through rapidjson's escape table, which
/// took a fifth of `klens sass --json`; the bytes written are the same.
class Writer : public BaseWriter {
public:
    using BaseWriter::BaseWriter;
    bool String(const char* s, rapidjson::SizeType n, bool copy = false);
    bool String(const char* s) { return String(s, static_cast<rapidjson::SizeType>(std::strlen(s))); }
    bool String(const std::string& s) { return String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
    bool Key(const char* s, rapidjson::SizeType n, bool copy = false) { return String(s, n, copy); }
    bool Key(const char* s) { return String(s); }
    bool Key(const std::string& s) { return String(s); }
};

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
