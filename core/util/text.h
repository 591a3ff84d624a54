#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

/// Marks an English sentence for translation where it is written and expands to a kl::TextSource.
/// lupdate reads it as QT_TRANSLATE_NOOP(context, source) (scripts/update-translations.sh passes
/// -tr-function-alias QT_TRANSLATE_NOOP+=KL_TEXT), so the GUI's .ts files hold core's sentences
/// while core itself stays free of Qt.
#define KL_TEXT(context, source)                                                                             \
    ::kl::TextSource                                                                                         \
    {                                                                                                        \
        context, source                                                                                      \
    }

namespace kl {

/// A template with %1..%9 placeholders, in English, and the context translators see it in. Both
/// point to string literals.
struct TextSource {
    const char* context = "";
    const char* source = "";

    bool empty() const { return !source || !*source; }
    std::string_view english() const { return source ? source : ""; }
};

/// A sentence for people, kept as a template and its arguments so that the CLI and the JSON
/// print it in English while the GUI formats the same sentence through its translators. An
/// argument is either verbatim (a path, a number, a cause the OS or a parser gave) or a sentence.
class Text {
public:
    Text() = default;
    explicit Text(TextSource source, std::vector<Text> args = {});

    /// Text that is never translated: a path, a name, a number.
    static Text verbatim(std::string text);

    /// A sentence with its arguments: Texts stay sentences, strings and numbers are verbatim.
    template <typename... Args> static Text of(TextSource source, Args&&... args)
    {
        std::vector<Text> list;
        list.reserve(sizeof...(args));
        (list.push_back(arg(std::forward<Args>(args))), ...);
        return Text(source, std::move(list));
    }

    bool empty() const { return !m_source && m_verbatim.empty(); }
    /// The template, or null for verbatim text.
    const TextSource* source() const { return m_source ? &m_sourceValue : nullptr; }
    const std::vector<Text>& args() const { return m_args; }

    /// The sentence as `translate` words each template (it gets the template, returns UTF-8).
    std::string format(const std::function<std::string(const TextSource&)>& translate) const;
    /// The sentence in English, as the CLI and the JSON print it.
    std::string english() const;

private:
    static Text arg(Text t) { return t; }
    static Text arg(std::string s) { return verbatim(std::move(s)); }
    static Text arg(std::string_view s) { return verbatim(std::string(s)); }
    static Text arg(const char* s) { return verbatim(s); }
    template <typename N>
    requires std::is_integral_v<N>
    static Text arg(N n) { return verbatim(std::to_string(n)); }

    bool m_source = false;
    TextSource m_sourceValue;
    std::string m_verbatim;
    std::vector<Text> m_args;
};

/// Replaces %1..%9 in `pattern` by `args` in one pass, so an argument's own '%' signs stay as they
/// are; a placeholder without an argument stays as written.
std::string substitutePlaceholders(std::string_view pattern, const std::vector<std::string>& args);

} // namespace kl
