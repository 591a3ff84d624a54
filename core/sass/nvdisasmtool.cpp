#include "nvdisasmtool.h"

#include "core/env/tritonversion.h"
#include "core/util/subprocess.h"

#include <algorithm>
#include <dirent.h>
#include <regex>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

std::vector<std::string> splitPath(const std::string& list)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t colon = list.find(':', start);
        if (colon == std::string::npos)
            colon = list.size();
        // An empty PATH element means the working folder, which a disassembler should not come from.
        if (colon > start)
            out.push_back(list.substr(start, colon - start));
        start = colon + 1;
    }
    return out;
}

/// <prefix>/lib/python3.*/site-packages for a Python installed under <prefix> (a venv, or ~/.local).
std::vector<std::string> sitePackagesUnder(const std::string& prefix)
{
    std::vector<std::string> out;
    const std::string lib = prefix + "/lib";
    if (DIR* d = ::opendir(lib.c_str())) {
        while (dirent* e = ::readdir(d)) {
            std::string name = e->d_name;
            if (name.starts_with("python3"))
                out.push_back(lib + "/" + name + "/site-packages");
        }
        ::closedir(d);
    }
    std::sort(out.rbegin(), out.rend()); // the newest Python first
    return out;
}

std::string parentOf(const std::string& path)
{
    auto slash = path.find_last_of('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : path.substr(0, slash);
}

} // namespace

std::vector<std::pair<std::string, std::string>> nvdisasmCandidates(const Environment& env)
{
    std::vector<std::pair<std::string, std::string>> out;
    const std::vector<std::string> path = splitPath(env.get("PATH").value_or(""));
    for (const std::string& dir : path)
        out.emplace_back(dir + "/nvdisasm", "PATH");
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (auto v = env.get(var); v && !v->empty())
            out.emplace_back(*v + "/bin/nvdisasm", "CUDA Toolkit");
    out.emplace_back("/usr/local/cuda/bin/nvdisasm", "CUDA Toolkit");
    out.emplace_back("/opt/cuda/bin/nvdisasm", "CUDA Toolkit");

    // The Python a user runs Triton with: the first python3 on PATH. Its folder's parent is the
    // virtual environment (or /usr); the symlink is not followed, since a venv's python3 points at
    // the system's.
    std::vector<std::string> sites;
    for (const std::string& dir : path) {
        if (isExecutableFile(dir + "/python3")) {
            sites = sitePackagesUnder(parentOf(dir));
            break;
        }
    }
    if (!env.home.empty())
        for (std::string& s : sitePackagesUnder(env.home + "/.local"))
            sites.push_back(std::move(s));
    for (const std::string& site : sites)
        out.emplace_back(site + "/triton/backends/nvidia/bin/nvdisasm", "Triton");
    for (const std::string& site : sites) {
        out.emplace_back(site + "/nvidia/cuda_nvdisasm/bin/nvdisasm", "nvidia-cuda-nvdisasm");
        out.emplace_back(site + "/nvidia/cu13/bin/nvdisasm", "nvidia-cuda-nvdisasm");
    }
    return out;
}

Result<NvdisasmTool> findNvdisasm(const Environment& env)
{
    NvdisasmTool tool;
    if (auto chosen = env.get("KERNELLENS_NVDISASM"); chosen && !chosen->empty()) {
        if (!isExecutableFile(*chosen))
            return fail(
                Text::of(KL_TEXT("kl::sass", "KERNELLENS_NVDISASM names %1, which is not an executable file"),
                         *chosen));
        tool = {*chosen, {}, "KERNELLENS_NVDISASM"};
    } else {
        for (const auto& [candidate, how] : nvdisasmCandidates(env)) {
            if (isExecutableFile(candidate)) {
                tool = {candidate, {}, how};
                break;
            }
        }
    }
    if (tool.path.empty())
        return fail(Text(KL_TEXT("kl::sass",
                                 "nvdisasm not found: install the CUDA Toolkit or Triton (its wheel ships "
                                 "nvdisasm), or pip install nvidia-cuda-nvdisasm, or set "
                                 "KERNELLENS_NVDISASM to its path")));
    ProcessOptions options;
    options.timeoutMs = 10'000;
    ProcessResult v = runProcess({tool.path, "--version"}, options);
    static const std::regex kVersion(R"(, V(\d+\.\d+\.\d+))");
    std::smatch m;
    if (v.started && std::regex_search(v.out, m, kVersion))
        tool.version = m[1];
    return tool;
}

} // namespace kl
