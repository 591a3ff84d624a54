#include "jsonwriter.h"

#include "utf8.h"

#include <algorithm>
#include <cstring>

namespace kl::json {

void str(Writer& w, std::string_view s)
{
    if (isValidUtf8(s)) {
        w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
        return;
    }
    const std::string p = printableName(s);
    w.String(p.data(), static_cast<rapidjson::SizeType>(p.size()));
}

void strOrNull(Writer& w, const char* key, std::string_view s)
{
    w.Key(key);
    if (s.empty())
        w.Null();
    else
        str(w, s);
}

void str(Writer& w, const Text& t)
{
    str(w, t.english());
}

void strOrNull(Writer& w, const char* key, const Text& t)
{
    strOrNull(w, key, t.english());
}

void FileStream::Write(const char* p, std::size_t n)
{
    while (n > 0) {
        if (m_cur == m_end)
            Flush();
        const std::size_t k = std::min<std::size_t>(n, static_cast<std::size_t>(m_end - m_cur));
        std::memcpy(m_cur, p, k);
        m_cur += k;
        p += k;
        n -= k;
    }
}

void FileStream::Flush()
{
    if (m_cur != m_begin)
        std::fwrite(m_begin, 1, static_cast<std::size_t>(m_cur - m_begin), m_file);
    m_cur = m_begin;
}

bool Writer::String(const char* s, rapidjson::SizeType n, bool copy)
{
    // rapidjson (UTF-8 to UTF-8, default flags) escapes exactly these bytes.
    for (rapidjson::SizeType i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == '"' || c == '\\')
            return BaseWriter::String(s, n, copy);
    }
    Prefix(rapidjson::kStringType);
    os_->Put('"');
    os_->Write(s, n);
    os_->Put('"');
    return EndValue(true);
}

void writeDocument(std::FILE* out, const std::function<void(Writer&)>& body)
{
    char buffer[1 << 16];
    FileStream stream(out, buffer, sizeof buffer);
    Writer w(stream);
    body(w);
    stream.Put('\n');
    stream.Flush();
}

} // namespace kl::json
