#include "nvrtclog.h"

#include <charconv>

namespace kl {
namespace {

constexpr std::string_view kSeverities[] = {"catastrophic error", "error", "warning", "remark", "note"};

// "severity", "severity #20-D", "severity #20" followed by ": ".
bool splitSeverity(std::string_view rest, std::string& severity, std::string& message)
{
    for (std::string_view s : kSeverities) {
        if (!rest.starts_with(s))
            continue;
        std::string_view after = rest.substr(s.size());
        if (after.starts_with(" #")) {
            const auto colon = after.find(':');
            if (colon == std::string_view::npos)
                return false;
            after = after.substr(colon);
        }
        if (!after.starts_with(": "))
            return false;
        severity = s;
        message = after.substr(2);
        return true;
    }
    return false;
}

bool parseLine(std::string_view line, CompileDiagnostic& d)
{
    if (line.starts_with("nvrtc: ")) {
        d.file.clear();
        d.line = 0;
        return splitSeverity(line.substr(7), d.severity, d.message);
    }
    // file(line): ... — the file name may itself hold parentheses, so take the last "(N): ".
    for (auto close = line.find("): "); close != std::string_view::npos;
         close = line.find("): ", close + 1)) {
        const auto open = line.rfind('(', close);
        if (open == std::string_view::npos || open == 0)
            continue;
        int n = 0;
        const auto digits = line.substr(open + 1, close - open - 1);
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        if (ec != std::errc() || ptr != digits.data() + digits.size() || digits.empty())
            continue;
        if (!splitSeverity(line.substr(close + 3), d.severity, d.message))
            continue;
        d.file = line.substr(0, open);
        d.line = n;
        return true;
    }
    return false;
}

} // namespace

std::vector<CompileDiagnostic> parseNvrtcLog(std::string_view log)
{
    std::vector<CompileDiagnostic> out;
    std::size_t pos = 0;
    while (pos < log.size()) {
        auto end = log.find('\n', pos);
        if (end == std::string_view::npos)
            end = log.size();
        std::string_view line = log.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        CompileDiagnostic d;
        if (parseLine(line, d))
            out.push_back(std::move(d));
        pos = end + 1;
    }
    return out;
}

bool hasErrors(const std::vector<CompileDiagnostic>& diagnostics)
{
    for (const auto& d : diagnostics)
        if (d.severity == "error" || d.severity == "catastrophic error")
            return true;
    return false;
}

} // namespace kl
