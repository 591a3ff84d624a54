#include "overridetry.h"

#include <cstdlib>
#include <regex>

namespace kl {

std::vector<CompileDiagnostic> parseTryLog(std::string_view log, const std::string& file)
{
    // A clean compile says nothing: then the patterns are not even built (std::regex takes
    // about a millisecond to compile these five, a sixth of a quick Try's own work).
    if (log.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {};
    static const std::regex mlirLoc(
        R"re(^loc\("([^"]*)":(\d+):(\d+)\):\s*(error|warning|remark|note):\s*(.*)$)re");
    static const std::regex mlirPlain(
        R"re(^([^:\s][^:]*):(\d+):(\d+):\s*(error|warning|remark|note):\s*(.*)$)re");
    static const std::regex ptxas(
        R"re(^ptxas(?:-[\w]+)?\s+(.*?),\s*line\s+(\d+);\s*(error|warning|fatal|info)\s*:\s*(.*)$)re");
    // "ptxas fatal : (C7602) Insufficient registers (32) to compile instruction at line 320 ..."
    static const std::regex ptxasAtLine(
        R"re(^ptxas(?:-[\w]+)?\s+(error|fatal|warning)\s*:\s*(.*\bat line (\d+)\b.*)$)re");
    static const std::regex llvmParse(R"re(failed to parse IR:\s*(.*?)\s*lineno:\s*(\d+))re");
    std::vector<CompileDiagnostic> out;
    // MLIR names the file it parsed, or (for an op a later pass rejects) the Python line the op
    // came from, which is worth keeping; ptxas names only the copy it was handed.
    auto mlirFile = [&](const std::string& named) {
        const std::string base = file.substr(file.rfind('/') + 1);
        return named == file || named.ends_with("/" + base) || named == base ? file : named;
    };
    std::size_t pos = 0;
    while (pos <= log.size()) {
        auto nl = log.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = log.size();
        std::string line(log.substr(pos, nl - pos));
        pos = nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        std::smatch m;
        CompileDiagnostic d;
        if (std::regex_search(line, m, mlirLoc) || std::regex_search(line, m, mlirPlain)) {
            d.file = mlirFile(m[1].str());
            d.line = std::atoi(m[2].str().c_str());
            d.severity = m[4].str();
            d.message = m[5].str();
        } else if (std::regex_search(line, m, ptxas)) {
            d.file = file;
            d.line = std::atoi(m[2].str().c_str());
            d.severity = m[3].str() == "fatal" ? "error" : m[3].str();
            d.message = m[4].str();
        } else if (std::regex_search(line, m, ptxasAtLine)) {
            d.file = file;
            d.line = std::atoi(m[3].str().c_str());
            d.severity = m[1].str() == "fatal" ? "error" : m[1].str();
            d.message = m[2].str();
        } else if (std::regex_search(line, m, llvmParse)) {
            d.file = file;
            d.line = std::atoi(m[2].str().c_str());
            d.severity = "error";
            d.message = m[1].str();
        } else {
            continue;
        }
        if (d.message.find("Ptx assembly aborted") != std::string::npos)
            continue;
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace kl
