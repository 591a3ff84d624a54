#include "kernellibrary.h"

#include "core/util/dirlist.h"
#include "core/util/posixfile.h"

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

bool isDirectory(const std::string& path)
{
    struct stat st {};
    return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

} // namespace

std::string kernelLibraryDir()
{
    // The same order as the GUI's demo cache: an installed copy wins over the source tree.
    if (const std::string bin = executableDir(); !bin.empty()) {
        const std::string installed = absoluteClean(bin + "/../share/kernellens/kernels");
        if (isDirectory(installed))
            return installed;
    }
    const std::string source = KL_KERNELS_SOURCE_DIR;
    return isDirectory(source) ? source : std::string();
}

std::vector<std::string> listKernelSpecs(const std::string& dir)
{
    std::vector<std::string> out;
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::vector<DirName> names;
    int err = 0;
    if (!fd.valid() || !listDirectory(fd.get(), names, err))
        return out;
    for (const auto& n : names) {
        if (n.name.size() > 5 && n.name.ends_with(".json") && n.name[0] != '.')
            out.push_back(joinPath(dir, n.name));
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace kl
