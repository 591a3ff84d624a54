#include "entryresources.h"

#include "core/util/posixfile.h"
#include "occupancy.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

// Triton's cubins are tens to hundreds of KB; a larger file is read by klens cubin, not the scan.

} // namespace

KernelResources resourcesOf(const CubinResult& cubin, const Entry& entry)
{
    KernelResources r;
    if (!cubin.ok) {
        r.state = KernelResources::State::Unreadable;
        return r;
    }
    r.state = KernelResources::State::Read;
    r.kernels = static_cast<std::uint16_t>(std::min<std::size_t>(cubin.info.kernels.size(), 0xffff));
    const LaunchShape launch = launchShapeOf(entry);
    for (const CubinKernel& k : cubin.info.kernels) {
        r.registers =
            std::max<std::uint16_t>(r.registers, static_cast<std::uint16_t>(k.registers.value_or(0)));
        r.localBytes = std::max(r.localBytes, k.frameSize.value_or(0));
        const OccupancyResult o = kernelOccupancy(cubin.info.sm, k, launch);
        if (!o.ok)
            continue;
        const auto permille = static_cast<std::uint16_t>(std::lround(o.value.occupancy * 1000));
        if (!r.hasOccupancy || permille < r.occupancyPermille) {
            r.hasOccupancy = true;
            r.occupancyPermille = permille;
            r.limitedBy = o.value.limits;
        }
    }
    return r;
}

KernelResources readEntryResources(int rootFd, const Entry& entry)
{
    KernelResources r;
    if (entry.kind != EntryKind::Kernel || rootFd < 0 || entry.packed() || entry.folderName.empty() ||
        entry.folderName.find('/') != std::string::npos)
        return r;
    const Stage* stage = entry.stage("cubin");
    if (!stage) {
        r.state = KernelResources::State::NoCubin;
        return r;
    }
    r.state = KernelResources::State::Unreadable;
    if (stage->size == 0 || stage->size > kMaxScanCubinBytes)
        return r;
    UniqueFd fd = openBeneath(rootFd, entry.folderName, stage->fileName, O_RDONLY | O_NONBLOCK);
    struct stat st {};
    if (!fd.valid() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) ||
        static_cast<std::uint64_t>(st.st_size) > kMaxScanCubinBytes)
        return r;
    // The size as it is now: the file may have been replaced since the folder was listed.
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::pread(fd.get(), bytes.data() + got, bytes.size() - got, off_t(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return r;
        got += static_cast<std::size_t>(n);
    }
    return resourcesOf(readCubinInfo(bytes), entry);
}

} // namespace kl
