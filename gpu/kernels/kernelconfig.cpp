#include "kernelconfig.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace kl {

Configuration defaultConfiguration(const KernelSpec& spec)
{
    Configuration c;
    for (const auto& p : spec.parameters)
        c.values.push_back(p.defaultValue);
    return c;
}

ExpressionVariables configurationVariables(const KernelSpec& spec, const Configuration& config)
{
    ExpressionVariables vars;
    for (std::size_t i = 0; i < spec.parameters.size() && i < config.values.size(); ++i)
        vars[spec.parameters[i].name] = double(config.values[i]);
    return vars;
}

bool satisfiesConstraints(const KernelSpec& spec, const Configuration& config, std::string* rejectedBy)
{
    const ExpressionVariables vars = configurationVariables(spec, config);
    for (const auto& c : spec.constraints) {
        // The loader checked every constraint against the parameter names, so evaluation only
        // fails on a spec built by hand; treat that as a rejection that names the constraint
        // (with muparser's cause, which is verbatim English).
        const Result<double> v = evaluateExpression(c, vars);
        if (!v || !std::isfinite(*v) || *v == 0) {
            if (rejectedBy)
                *rejectedBy = v ? c : c + " (" + v.error().english() + ")";
            return false;
        }
    }
    return true;
}

std::size_t combinationCount(const KernelSpec& spec)
{
    std::size_t n = 1;
    for (const auto& p : spec.parameters) {
        if (p.values.empty())
            return 0;
        if (n > std::numeric_limits<std::size_t>::max() / p.values.size())
            return std::numeric_limits<std::size_t>::max();
        n *= p.values.size();
    }
    return n;
}

std::vector<Configuration> enumerateConfigurations(const KernelSpec& spec, std::size_t* rejected)
{
    std::vector<Configuration> out;
    std::size_t dropped = 0;
    const std::size_t total = combinationCount(spec);
    const std::size_t np = spec.parameters.size();
    std::vector<std::size_t> index(np, 0);
    for (std::size_t n = 0; n < total; ++n) {
        Configuration c;
        c.values.reserve(np);
        for (std::size_t i = 0; i < np; ++i)
            c.values.push_back(spec.parameters[i].values[index[i]]);
        if (satisfiesConstraints(spec, c))
            out.push_back(std::move(c));
        else
            ++dropped;
        // Odometer step, last parameter fastest.
        for (std::size_t i = np; i-- > 0;) {
            if (++index[i] < spec.parameters[i].values.size())
                break;
            index[i] = 0;
        }
    }
    if (rejected)
        *rejected = dropped;
    return out;
}

std::vector<std::string> configurationDefines(const KernelSpec& spec, const Configuration& config)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < spec.parameters.size() && i < config.values.size(); ++i)
        out.push_back(spec.parameters[i].name + "=" + std::to_string(config.values[i]));
    return out;
}

std::vector<std::string> configurationDefineOptions(const KernelSpec& spec, const Configuration& config)
{
    std::vector<std::string> out = configurationDefines(spec, config);
    for (auto& d : out)
        d.insert(0, "-D");
    return out;
}

std::string configurationLabel(const KernelSpec& spec, const Configuration& config)
{
    std::string out;
    for (const auto& d : configurationDefines(spec, config))
        out += (out.empty() ? "" : " ") + d;
    return out;
}

std::string configurationJson(const KernelSpec& spec, const Configuration& config)
{
    // Parameter names are C identifiers (the loader checks), so they need no escaping.
    std::string out = "{";
    for (std::size_t i = 0; i < spec.parameters.size() && i < config.values.size(); ++i) {
        if (i)
            out += ", ";
        out += "\"" + spec.parameters[i].name + "\": " + std::to_string(config.values[i]);
    }
    return out + "}";
}

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

Result<ProblemSize> resolveProblemSize(const KernelSpec& spec, std::string_view text)
{
    if (spec.sizes.empty())
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: no problem sizes"), spec.path));
    text = trim(text);
    if (text.empty())
        return spec.sizes[spec.defaultSize];
    if (text.find('=') == std::string_view::npos) {
        if (const ProblemSize* s = spec.findSize(text))
            return *s;
        std::string known;
        for (const auto& s : spec.sizes)
            known += (known.empty() ? "" : ", ") + s.name;
        return fail(Text::of(KL_TEXT("kl::kernels", "no problem size `%1` in %2 (sizes: %3)"), text,
                             spec.path, known));
    }
    ProblemSize size = spec.sizes[spec.defaultSize];
    size.name = "custom";
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = trim(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            return fail(Text::of(KL_TEXT("kl::kernels", "size `%1`: expected VARIABLE=VALUE"), item));
        const std::string_view name = trim(item.substr(0, eq));
        const std::string_view value = trim(item.substr(eq + 1));
        std::int64_t v = 0;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size() || v < 0)
            return fail(
                Text::of(KL_TEXT("kl::kernels", "size `%1`: `%2` is not a whole number >= 0"), item, value));
        bool found = false;
        for (auto& [n, val] : size.values) {
            if (n == name) {
                val = v;
                found = true;
            }
        }
        if (!found) {
            std::string known;
            for (const auto& n : spec.problemVariables)
                known += (known.empty() ? "" : ", ") + n;
            return fail(
                Text::of(KL_TEXT("kl::kernels", "size `%1`: `%2` is not a problem variable of %3 (%4)"), item,
                         name, spec.path, known));
        }
    }
    return size;
}

} // namespace kl
