#include "text.h"

namespace kl {

Text::Text(TextSource source, std::vector<Text> args)
    : m_source(true)
    , m_sourceValue(source)
    , m_args(std::move(args))
{
}

Text Text::verbatim(std::string text)
{
    Text t;
    t.m_verbatim = std::move(text);
    return t;
}

std::string Text::format(const std::function<std::string(const TextSource&)>& translate) const
{
    if (!m_source)
        return m_verbatim;
    std::vector<std::string> args;
    args.reserve(m_args.size());
    for (const Text& a : m_args)
        args.push_back(a.format(translate));
    return substitutePlaceholders(translate(m_sourceValue), args);
}

std::string Text::english() const
{
    return format([](const TextSource& s) { return std::string(s.source); });
}

std::string substitutePlaceholders(std::string_view pattern, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(pattern.size() + 16 * args.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            const std::size_t n = static_cast<std::size_t>(pattern[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace kl
