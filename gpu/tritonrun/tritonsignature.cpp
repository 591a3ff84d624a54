#include "tritonsignature.h"

#include <cctype>

namespace kl {
namespace {

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Where `word` starts as a whole name in `text` from `from` (not inside a longer name), or npos.
std::size_t findName(std::string_view text, std::string_view word, std::size_t from)
{
    for (std::size_t at = text.find(word, from); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const bool startOk = at == 0 || !isNameChar(text[at - 1]);
        const std::size_t end = at + word.size();
        if (startOk && (end == text.size() || !isNameChar(text[end])))
            return at;
    }
    return std::string_view::npos;
}

// Calls `visit(i, c)` for each character of `text` from `from` that is outside a quoted string
// (MLIR's `loc("file")`), until it returns true; returns that index, or npos.
template <class Visit> std::size_t scanUnquoted(std::string_view text, std::size_t from, Visit visit)
{
    bool quoted = false;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (visit(i, c)) {
            return i;
        }
    }
    return std::string_view::npos;
}

// The parenthesis matching the one at `open`; npos when it does not close.
std::size_t closingParen(std::string_view text, std::size_t open)
{
    int depth = 0;
    return scanUnquoted(text, open, [&](std::size_t, char c) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        return c == ')' && depth == 0;
    });
}

// `list` split at the commas outside quotes, (), <>, {} and [].
std::vector<std::string_view> splitTopLevel(std::string_view list)
{
    std::vector<std::string_view> out;
    int depth = 0;
    std::size_t start = 0;
    scanUnquoted(list, 0, [&](std::size_t i, char c) {
        if (c == '(' || c == '<' || c == '{' || c == '[')
            ++depth;
        else if (c == ')' || c == '>' || c == '}' || c == ']')
            --depth;
        else if (c == ',' && depth == 0) {
            out.push_back(list.substr(start, i - start));
            start = i + 1;
        }
        return false;
    });
    if (list.find_first_not_of(" \t\r\n", start) != std::string_view::npos)
        out.push_back(list.substr(start));
    return out;
}

std::string_view trimmed(std::string_view s)
{
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string_view::npos)
        return {};
    const std::size_t b = s.find_last_not_of(" \t\r\n");
    return s.substr(a, b - a + 1);
}

} // namespace

Result<std::vector<TritonParameter>> ttirParameters(std::string_view ttir, const std::string& kernel)
{
    const std::string name = "@" + kernel;
    for (std::size_t at = findName(ttir, name, 0); at != std::string_view::npos;
         at = findName(ttir, name, at + 1)) {
        // The definition, not a call: `tt.func` opens its line.
        const std::size_t lineStart =
            ttir.rfind('\n', at) == std::string_view::npos ? 0 : ttir.rfind('\n', at) + 1;
        if (trimmed(ttir.substr(lineStart, at - lineStart)).substr(0, 7) != "tt.func")
            continue;
        const std::size_t open = at + name.size();
        if (open >= ttir.size() || ttir[open] != '(')
            continue;
        const std::size_t close = closingParen(ttir, open);
        if (close == std::string_view::npos)
            return fail(
                Text::of(KL_TEXT("kl::tritonrun", "the TTIR's `tt.func @%1(` does not close"), kernel));
        std::vector<TritonParameter> out;
        for (std::string_view arg : splitTopLevel(ttir.substr(open + 1, close - open - 1))) {
            arg = trimmed(arg);
            const std::size_t colon = arg.find(':');
            if (arg.empty() || arg[0] != '%' || colon == std::string_view::npos)
                return fail(
                    Text::of(KL_TEXT("kl::tritonrun", "the TTIR's `tt.func @%1` has a parameter KernelLens "
                                                      "cannot read: %2"),
                             kernel, std::string(arg.substr(0, 80))));
            TritonParameter p;
            p.name = std::string(trimmed(arg.substr(1, colon - 1)));
            std::string_view rest = trimmed(arg.substr(colon + 1));
            // The type runs to the first blank outside <> (`!tt.ptr<f32, 1>` holds one).
            int depth = 0;
            std::size_t end = 0;
            for (; end < rest.size(); ++end) {
                if (rest[end] == '<')
                    ++depth;
                else if (rest[end] == '>')
                    --depth;
                else if (depth == 0 && (rest[end] == ' ' || rest[end] == '{'))
                    break;
            }
            p.type = std::string(rest.substr(0, end));
            if (p.type.starts_with("!tt.ptr<")) {
                p.pointer = true;
                std::string_view inner = std::string_view(p.type).substr(8);
                p.element = std::string(trimmed(inner.substr(0, inner.find_first_of(",>"))));
            } else {
                p.element = p.type;
            }
            out.push_back(std::move(p));
        }
        return out;
    }
    return fail(Text::of(KL_TEXT("kl::tritonrun", "the TTIR has no `tt.func @%1`"), kernel));
}

Result<std::size_t> ptxParameterCount(std::string_view ptx, const std::string& kernel)
{
    for (std::size_t at = findName(ptx, kernel, 0); at != std::string_view::npos;
         at = findName(ptx, kernel, at + 1)) {
        const std::size_t lineStart =
            ptx.rfind('\n', at) == std::string_view::npos ? 0 : ptx.rfind('\n', at) + 1;
        if (ptx.substr(lineStart, at - lineStart).find(".entry") == std::string_view::npos)
            continue;
        const std::size_t open = ptx.find_first_not_of(" \t\r\n", at + kernel.size());
        if (open == std::string_view::npos || ptx[open] != '(')
            return std::size_t(0); // `.entry k` with no parameter list
        const std::size_t close = ptx.find(')', open);
        if (close == std::string_view::npos)
            return fail(Text::of(KL_TEXT("kl::tritonrun", "the PTX's `.entry %1(` does not close"), kernel));
        std::size_t count = 0;
        const std::string_view list = ptx.substr(open, close - open);
        for (std::size_t p = findName(list, ".param", 0); p != std::string_view::npos;
             p = findName(list, ".param", p + 1))
            ++count;
        return count;
    }
    return fail(Text::of(KL_TEXT("kl::tritonrun", "the PTX has no `.entry %1`"), kernel));
}

} // namespace kl
