#include "stagetarget.h"

#include <cctype>

namespace kl {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

// "128, 1, 1" -> 128; nothing when a number is missing or absurd.
std::optional<std::uint64_t> threadProduct(std::string_view args)
{
    std::uint64_t product = 1;
    int count = 0;
    std::size_t i = 0;
    while (i < args.size() && count < 3) {
        while (i < args.size() && (isSpace(args[i]) || args[i] == ','))
            ++i;
        std::uint64_t v = 0;
        std::size_t digits = 0;
        while (i < args.size() && std::isdigit(static_cast<unsigned char>(args[i])) && digits < 9) {
            v = v * 10 + static_cast<std::uint64_t>(args[i] - '0');
            ++i;
            ++digits;
        }
        if (digits == 0)
            break;
        product *= v;
        ++count;
    }
    if (count == 0)
        return std::nullopt;
    return product;
}

} // namespace

PtxHeader parsePtxHeader(std::string_view ptx)
{
    PtxHeader h;
    std::size_t pos = 0;
    while (pos < ptx.size()) {
        std::size_t end = ptx.find('\n', pos);
        if (end == std::string_view::npos)
            end = ptx.size();
        std::string_view line = ptx.substr(pos, end - pos);
        pos = end + 1;
        if (auto c = line.find("//"); c != std::string_view::npos)
            line = line.substr(0, c);
        while (!line.empty() && isSpace(line.front()))
            line.remove_prefix(1);
        auto directive = [&](std::string_view name) {
            return line.starts_with(name) && line.size() > name.size() && isSpace(line[name.size()]);
        };
        if (directive(".target") && h.target.empty()) {
            std::string_view rest = line.substr(7);
            while (!rest.empty() && isSpace(rest.front()))
                rest.remove_prefix(1);
            std::size_t n = 0;
            while (n < rest.size() && !isSpace(rest[n]) && rest[n] != ',')
                ++n;
            h.target = std::string(rest.substr(0, n));
        } else if (directive(".reqntid")) {
            if (auto p = threadProduct(line.substr(8)))
                h.requiredThreads.push_back(*p);
        } else if (directive(".maxntid")) {
            if (auto p = threadProduct(line.substr(8)))
                h.maxThreads.push_back(*p);
        }
    }
    return h;
}

std::string smArchDigits(std::string_view arch)
{
    if (arch.starts_with("sm_"))
        arch.remove_prefix(3);
    std::size_t n = 0;
    while (n < arch.size() && std::isdigit(static_cast<unsigned char>(arch[n])))
        ++n;
    if (n == 0 || (n < arch.size() && !(n + 1 == arch.size() && (arch[n] == 'a' || arch[n] == 'f'))))
        return {};
    return std::string(arch.substr(0, n));
}

} // namespace kl
