#include "traceanalysis.h"

#include <vector>

namespace kl::trace {

namespace {

constexpr std::string_view kAnonymous = "(anonymous namespace)";

/// The qualified name's components, with the return type, template arguments and parameter
/// list gone: "void a::(anonymous namespace)::b<int>(int)" -> {"a", "(anonymous namespace)", "b"}.
std::vector<std::string> components(std::string_view name)
{
    // A demangled kernel starts with its return type, always void for __global__.
    if (name.starts_with("void "))
        name.remove_prefix(5);
    std::vector<std::string> parts;
    std::string current;
    int angle = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '(' && name.substr(i).starts_with(kAnonymous)) {
            if (angle == 0)
                current += kAnonymous;
            i += kAnonymous.size() - 1;
            continue;
        }
        if (c == '<') {
            ++angle;
            continue;
        }
        if (c == '>') {
            if (angle > 0)
                --angle;
            continue;
        }
        if (angle > 0)
            continue;
        if (c == '(')
            break; // the parameter list
        if (c == ':' && i + 1 < name.size() && name[i + 1] == ':') {
            parts.push_back(std::move(current));
            current.clear();
            ++i;
            continue;
        }
        current += c;
    }
    parts.push_back(std::move(current));
    std::vector<std::string> kept;
    for (std::string& p : parts)
        if (!p.empty())
            kept.push_back(std::move(p));
    return kept;
}

} // namespace

/// Only C++ names are taken apart: "Memcpy HtoD (Pageable -> Device)" stays as it is.
bool looksDemangled(std::string_view name)
{
    return name.starts_with("void ") || name.find("::") != std::string_view::npos ||
           name.find('<') != std::string_view::npos;
}

std::string shortenKernelName(std::string_view name)
{
    if (!looksDemangled(name))
        return std::string(name);
    std::vector<std::string> parts = components(name);
    std::vector<std::string> named;
    for (std::string& p : parts)
        if (p != kAnonymous)
            named.push_back(std::move(p));
    if (named.empty())
        return std::string(name);
    if (named.size() == 1)
        return named.back();
    return named[named.size() - 2] + "::" + named.back();
}

std::string baseKernelName(std::string_view name)
{
    if (!looksDemangled(name)) {
        // "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)" has '<'; a
        // plain C name with a parameter list ends at its '('.
        const std::size_t paren = name.find('(');
        return std::string(name.substr(0, paren));
    }
    std::vector<std::string> parts = components(name);
    return parts.empty() ? std::string(name) : parts.back();
}

} // namespace kl::trace
