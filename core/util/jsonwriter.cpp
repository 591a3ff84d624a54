#include "jsonwriter.h"

#include "utf8.h"

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

void writeDocument(std::FILE* out, const std::function<void(Writer&)>& body)
{
    char buffer[1 << 16];
    rapidjson::FileWriteStream stream(out, buffer, sizeof buffer);
    Writer w(stream);
    body(w);
    stream.Put('\n');
    stream.Flush();
}

} // namespace kl::json
