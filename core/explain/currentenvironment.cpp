#include "currentenvironment.h"

#include "commandprobe.h"
#include "core/env/tritonversion.h"
#include "core/formats/envvars.h"

#include <cctype>

namespace kl {
namespace {

std::string trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return std::string(s);
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        if (std::string line = trim(std::string_view(text).substr(start, end - start)); !line.empty())
            out.push_back(std::move(line));
        start = end + 1;
    }
    return out;
}

void probeTriton(CurrentEnvironment& now, const Environment& env, const ProbeOptions& o)
{
    TritonVersion v = detectTritonVersion(env, std::chrono::milliseconds(o.timeoutMs));
    const std::string python = v.python.empty() ? "python3" : v.python;
    if (v.found) {
        now.tritonVersion = v.version;
        now.tritonVersionSource = Text::verbatim(python + " -c 'import triton; print(triton.__version__)'");
    } else {
        now.tritonVersionSource = std::move(v.error);
    }
}

void probeGpus(CurrentEnvironment& now, const ProbeOptions& o)
{
    const std::vector<std::string> argv{o.nvidiaSmi, "--query-gpu=compute_cap", "--format=csv,noheader"};
    CommandResult r = runCommand(argv, o.timeoutMs, o.cancel);
    const std::string asked = o.nvidiaSmi + " --query-gpu=compute_cap --format=csv,noheader";
    if (!r.error.empty()) {
        now.gpuSource = std::move(r.error);
        return;
    }
    if (r.exitCode != 0) {
        now.gpuSource = Text::of(KL_TEXT("kl::explain", "%1 failed (exit %2)"), asked, r.exitCode);
        return;
    }
    for (const std::string& line : lines(r.out)) {
        auto arch = archFromComputeCap(line);
        if (!arch) {
            now.gpuArchs.clear();
            now.gpuSource = Text::of(KL_TEXT("kl::explain", "%1 printed \"%2\", not a compute capability"),
                                     o.nvidiaSmi, line);
            return;
        }
        now.gpuArchs.push_back(*arch);
    }
    now.gpuSource = now.gpuArchs.empty() ? Text::of(KL_TEXT("kl::explain", "%1 lists no GPU"), o.nvidiaSmi)
                                         : Text::verbatim(asked);
}

} // namespace

std::optional<std::string> archFromComputeCap(std::string_view cap)
{
    const auto dot = cap.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 >= cap.size())
        return std::nullopt;
    for (std::size_t i = 0; i < cap.size(); ++i)
        if (i != dot && !std::isdigit(static_cast<unsigned char>(cap[i])))
            return std::nullopt;
    std::string major(cap.substr(0, dot)), minor(cap.substr(dot + 1));
    while (major.size() > 1 && major.front() == '0')
        major.erase(0, 1);
    return major + minor;
}

CurrentEnvironment probeCurrentEnvironment(const Environment& env, const ProbeOptions& options)
{
    CurrentEnvironment now;
    if (env.get) {
        for (const CacheEnvVar& v : cacheInvalidatingEnvVars()) {
            auto value = env.get(std::string(v.name));
            if (value && !value->empty())
                now.envVars.emplace_back(std::string(v.name), *value);
        }
    }
    probeTriton(now, env, options);
    probeGpus(now, options);
    return now;
}

} // namespace kl
