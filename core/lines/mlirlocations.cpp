#include "stagelocations.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>
#include <unordered_map>

namespace kl {

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        out.push_back(text.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

namespace {

using Chains = std::vector<LocationChain>;

// A fused location of fused locations can multiply; what a person reads is the first few.
constexpr std::size_t kMaxChains = 16;
constexpr int kMaxDepth = 64;

/// Reads one MLIR location expression, as printed inside `loc(...)`, resolving `#loc` aliases
/// through `defs` (memoised in `resolved`).
class LocParser {
public:
    LocParser(const std::unordered_map<std::string, std::string_view>& defs,
              std::unordered_map<std::string, Chains>& resolved, std::size_t& unresolved)
        : m_defs(defs)
        , m_resolved(resolved)
        , m_unresolved(unresolved)
    {
    }

    Chains alias(const std::string& name, int depth)
    {
        if (auto it = m_resolved.find(name); it != m_resolved.end())
            return it->second;
        auto def = m_defs.find(name);
        if (def == m_defs.end() || depth > kMaxDepth) {
            ++m_unresolved;
            return {};
        }
        m_resolved[name] = {}; // a cycle resolves to nothing rather than recursing forever
        std::string_view s = def->second;
        Chains c = expr(s, depth + 1);
        m_resolved[name] = c;
        return c;
    }

    Chains expr(std::string_view& s, int depth)
    {
        skipSpaces(s);
        if (depth > kMaxDepth || s.empty())
            return {};
        if (s.front() == '#') {
            std::size_t n = 1;
            while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_' ||
                                    s[n] == '.' || s[n] == '$' || s[n] == '-'))
                ++n;
            std::string name(s.substr(0, n));
            s.remove_prefix(n);
            return alias(name, depth);
        }
        if (eat(s, "unknown"))
            return {};
        if (eat(s, "callsite(")) {
            Chains callee = expr(s, depth + 1);
            skipSpaces(s);
            eat(s, "at");
            Chains caller = expr(s, depth + 1);
            skipSpaces(s);
            eat(s, ")");
            return callsite(callee, caller);
        }
        if (eat(s, "fused")) {
            if (!s.empty() && s.front() == '<')
                skipBalanced(s, '<', '>');
            Chains all;
            if (eat(s, "[")) {
                do {
                    for (LocationChain& c : expr(s, depth + 1))
                        if (all.size() < kMaxChains)
                            all.push_back(std::move(c));
                    skipSpaces(s);
                } while (eat(s, ","));
                eat(s, "]");
            }
            return all;
        }
        if (s.front() == '"') {
            std::string str = quoted(s);
            if (!s.empty() && s.front() == ':') { // FileLineColLoc: "file":line:col [to ...]
                s.remove_prefix(1);
                unsigned line = number(s);
                if (!s.empty() && s.front() == ':') {
                    s.remove_prefix(1);
                    number(s);
                }
                skipRange(s);
                return {LocationChain{SourceLocation{std::move(str), line}}};
            }
            if (!s.empty() && s.front() == '(') { // NameLoc with a child: "name"(loc)
                s.remove_prefix(1);
                Chains child = expr(s, depth + 1);
                skipSpaces(s);
                eat(s, ")");
                return child;
            }
            return {}; // a bare NameLoc holds no place
        }
        // Something this reader does not know (an opaque location): skip it whole.
        skipUnknown(s);
        return {};
    }

private:
    static Chains callsite(const Chains& callee, const Chains& caller)
    {
        if (callee.empty())
            return caller; // code of no place inlined at the call: the call produced it
        if (caller.empty())
            return callee;
        Chains out;
        for (const LocationChain& c : callee)
            for (const LocationChain& d : caller) {
                if (out.size() == kMaxChains)
                    return out;
                LocationChain joined = c;
                joined.insert(joined.end(), d.begin(), d.end());
                out.push_back(std::move(joined));
            }
        return out;
    }

    static void skipSpaces(std::string_view& s)
    {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
            s.remove_prefix(1);
    }

    static bool eat(std::string_view& s, std::string_view word)
    {
        skipSpaces(s);
        if (!s.starts_with(word))
            return false;
        s.remove_prefix(word.size());
        return true;
    }

    static std::string quoted(std::string_view& s)
    {
        std::string out;
        std::size_t i = 1;
        for (; i < s.size() && s[i] != '"'; ++i) {
            if (s[i] == '\\' && i + 1 < s.size()) {
                ++i;
                // MLIR escapes bytes as \XX hex; quotes and backslashes as \" and \\.
                if (i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i])) &&
                    std::isxdigit(static_cast<unsigned char>(s[i + 1]))) {
                    unsigned v = 0;
                    std::from_chars(s.data() + i, s.data() + i + 2, v, 16);
                    out.push_back(static_cast<char>(v));
                    ++i;
                    continue;
                }
            }
            out.push_back(s[i]);
        }
        s.remove_prefix(std::min(s.size(), i + 1));
        return out;
    }

    static unsigned number(std::string_view& s)
    {
        unsigned v = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc())
            return 0;
        s.remove_prefix(static_cast<std::size_t>(end - s.data()));
        return v;
    }

    /// " to 3:4" or " to :4" after a FileLineColLoc: a range, whose start is the location.
    static void skipRange(std::string_view& s)
    {
        std::string_view t = s;
        if (!eat(t, "to"))
            return;
        skipSpaces(t);
        while (!t.empty() && (std::isdigit(static_cast<unsigned char>(t.front())) || t.front() == ':'))
            t.remove_prefix(1);
        s = t;
    }

    static void skipBalanced(std::string_view& s, char open, char close)
    {
        int depth = 0;
        while (!s.empty()) {
            const char c = s.front();
            s.remove_prefix(1);
            if (c == open)
                ++depth;
            else if (c == close && --depth == 0)
                return;
        }
    }

    static void skipUnknown(std::string_view& s)
    {
        int depth = 0;
        while (!s.empty()) {
            const char c = s.front();
            if ((c == ')' || c == ']' || c == ',') && depth == 0)
                return;
            if (c == '(' || c == '[' || c == '<')
                ++depth;
            else if (c == ')' || c == ']' || c == '>')
                --depth;
            s.remove_prefix(1);
        }
    }

    const std::unordered_map<std::string, std::string_view>& m_defs;
    std::unordered_map<std::string, Chains>& m_resolved;
    std::size_t& m_unresolved;
};

/// The expression inside the last `loc(` of `line`, up to its matching parenthesis.
bool lastLoc(std::string_view line, std::string_view& inner)
{
    const std::size_t at = line.rfind("loc(");
    if (at == std::string_view::npos ||
        (at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_')))
        return false;
    inner = line.substr(at + 4);
    return true;
}

} // namespace

StageLocations mlirLocations(std::string_view text)
{
    StageLocations out;
    const std::vector<std::string_view> lines = splitLines(text);
    out.lines.resize(lines.size());
    std::unordered_map<std::string, std::string_view> defs;
    std::vector<bool> isDef(lines.size(), false);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string_view l = lines[i];
        if (!l.starts_with("#loc"))
            continue;
        const std::size_t eq = l.find(" = loc(");
        if (eq == std::string_view::npos)
            continue;
        defs.emplace(std::string(l.substr(0, eq)), l.substr(eq + 7));
        isDef[i] = true;
    }
    std::unordered_map<std::string, Chains> resolved;
    LocParser parser(defs, resolved, out.unresolved);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string_view inner;
        if (isDef[i] || !lastLoc(lines[i], inner))
            continue;
        Chains c = parser.expr(inner, 0);
        if (c.empty())
            continue;
        out.lines[i] = std::move(c);
        ++out.located;
    }
    return out;
}

} // namespace kl
