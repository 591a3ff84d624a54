#include "traceanalysis.h"

#include <algorithm>
#include <unordered_map>
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

/// The template arguments of the kernel's own name (the last '<...>' before the parameter list,
/// not a namespace's): "void cutlass::device_kernel<cutlass::GemmUniversal<A>, B>(P)" ->
/// {"cutlass::GemmUniversal<A>", " B"}. One pass; a bracket that never closes ends at the end.
std::vector<std::string_view> templateArguments(std::string_view name)
{
    int depth = 0;
    std::size_t start = std::string_view::npos;
    std::vector<std::string_view> args, open;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '(' && depth == 0) {
            if (name.substr(i).starts_with(kAnonymous)) {
                i += kAnonymous.size() - 1;
                continue;
            }
            break;
        }
        if (c == '<') {
            if (depth == 0) {
                open.clear(); // a later '<...>' at the top is the kernel's own
                start = i + 1;
            }
            ++depth;
        } else if (c == '>' && depth > 0) {
            if (depth == 1 && start != std::string_view::npos) {
                open.push_back(name.substr(start, i - start));
                args = std::move(open);
                open.clear();
                start = std::string_view::npos;
            }
            --depth;
        } else if (c == ',' && depth == 1 && start != std::string_view::npos) {
            open.push_back(name.substr(start, i - start));
            start = i + 1;
        }
    }
    if (start != std::string_view::npos) { // never closed
        open.push_back(name.substr(start));
        args = std::move(open);
    }
    return args;
}

/// A template argument's named components, its own template arguments dropped
/// ("cutlass::gemm::GemmUniversal<A>" -> {"cutlass", "gemm", "GemmUniversal"}); its text when it
/// has none (a number).
std::vector<std::string> argumentParts(std::string_view arg)
{
    while (!arg.empty() && arg.front() == ' ')
        arg.remove_prefix(1);
    while (!arg.empty() && arg.back() == ' ')
        arg.remove_suffix(1);
    for (std::string_view word : {"const ", "struct ", "class ", "enum "})
        if (arg.starts_with(word))
            arg.remove_prefix(word.size());
    std::vector<std::string> parts = components(arg);
    if (parts.empty())
        parts.emplace_back(arg);
    return parts;
}

/// The last `keep` parts joined with "::", at most 60 characters.
std::string lastParts(const std::vector<std::string>& parts, std::size_t keep)
{
    std::string out;
    for (std::size_t i = parts.size() - std::min(keep, parts.size()); i < parts.size(); ++i)
        out += (out.empty() ? "" : "::") + parts[i];
    if (out.size() > 60)
        out = out.substr(0, 57) + "...";
    return out;
}

} // namespace

void makeShortNamesUnique(std::vector<KernelStats>& kernels)
{
    auto groups = [&] {
        std::unordered_map<std::string, std::vector<std::size_t>> byShort;
        for (std::size_t i = 0; i < kernels.size(); ++i)
            byShort[kernels[i].shortName].push_back(i);
        return byShort;
    };
    for (const auto& [shortName, members] : groups()) {
        if (members.size() < 2)
            continue;
        // The first template argument in which the kernels of the group differ, each shortened
        // to the fewest trailing parts no other kernel of the group shares at that length
        // (FlashAttnBwd, fp8_ptp128c::GemmKernel, m_grouped_fp8_ptp128c::GemmKernel).
        std::vector<std::vector<std::string_view>> args;
        std::size_t most = 0;
        for (std::size_t i : members) {
            args.push_back(templateArguments(kernels[i].name));
            most = std::max(most, args.back().size());
        }
        auto argOf = [&](std::size_t m, std::size_t a) {
            return a < args[m].size() ? args[m][a] : std::string_view();
        };
        std::size_t a = 0;
        for (; a < most; ++a) {
            bool differ = false;
            for (std::size_t m = 1; m < members.size() && !differ; ++m)
                differ = argOf(m, a) != argOf(0, a);
            if (differ)
                break;
        }
        if (a == most)
            continue;
        std::vector<std::vector<std::string>> parts;
        for (std::size_t m = 0; m < members.size(); ++m)
            parts.push_back(argOf(m, a).empty() ? std::vector<std::string>() : argumentParts(argOf(m, a)));
        for (std::size_t m = 0; m < members.size(); ++m) {
            if (parts[m].empty())
                continue;
            auto sharedAt = [&](std::size_t keep) {
                for (std::size_t o = 0; o < members.size(); ++o)
                    if (o != m && !parts[o].empty() && lastParts(parts[o], keep) == lastParts(parts[m], keep))
                        return true;
                return false;
            };
            std::size_t keep = 1;
            while (keep < parts[m].size() && sharedAt(keep))
                ++keep;
            if (sharedAt(keep))
                keep = 1; // alike however long: the number below tells them apart
            kernels[members[m]].shortName += "<" + lastParts(parts[m], keep) + ">";
        }
    }
    // Still alike: numbered in report order (longest first), the first keeping its name.
    for (auto [shortName, members] : groups()) {
        if (members.size() < 2)
            continue;
        std::sort(members.begin(), members.end());
        for (std::size_t k = 1; k < members.size(); ++k)
            kernels[members[k]].shortName += " #" + std::to_string(k + 1);
    }
}

/// Only C++ names are taken apart: "Memcpy HtoD (Pageable -> Device)" stays as it is.
bool looksDemangled(std::string_view name)
{
    return name.starts_with("void ") || name.find("::") != std::string_view::npos ||
           name.find('<') != std::string_view::npos;
}

std::string shortenKernelName(std::string_view name)
{
    if (!looksDemangled(name)) {
        // A C kernel with its parameter list ("ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*,
        // ...)") loses the list; "Memcpy HtoD (Pinned -> Device)" is words, and stays.
        const std::size_t paren = name.find('(');
        if (paren != std::string_view::npos && paren > 0 &&
            name.substr(0, paren).find(' ') == std::string_view::npos)
            return std::string(name.substr(0, paren));
        return std::string(name);
    }
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
