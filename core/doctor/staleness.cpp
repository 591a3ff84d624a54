#include "staleness.h"

#include "core/report/entrylabels.h"
#include "gpubinary.h"

#include <algorithm>
#include <charconv>

namespace kl {
namespace {

// (major, minor) of "3.9.0", "3.2.0+git1234"; nothing when it does not start with two numbers.
std::optional<std::pair<int, int>> majorMinor(std::string_view v)
{
    int major = 0, minor = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), major);
    if (ec != std::errc() || p == v.data() + v.size() || *p != '.')
        return std::nullopt;
    auto [q, ec2] = std::from_chars(p + 1, v.data() + v.size(), minor);
    if (ec2 != std::errc() || q == p + 1)
        return std::nullopt;
    return std::make_pair(major, minor);
}

} // namespace

Text staleVersionReason(const Entry& entry, const DoctorContext& ctx)
{
    if (!ctx.tritonVersion || ctx.tritonVersion->empty() || entry.kind != EntryKind::Kernel)
        return {};
    const std::string& current = *ctx.tritonVersion;
    if (!entry.tritonVersion.empty()) {
        if (entry.tritonVersion == current)
            return {};
        return Text::of(KL_TEXT("kl::doctor", "written by Triton %1, not the installed %2"),
                        entry.tritonVersion, current);
    }
    // Triton records its version from 3.2 on: metadata without one comes from an older Triton.
    auto mm = majorMinor(current);
    if (entry.metadataFormat.empty() || !mm || *mm < std::make_pair(3, 2))
        return {};
    return Text::of(KL_TEXT("kl::doctor",
                            "written by a Triton older than 3.2 (its metadata records no version; "
                            "%1 format), not the installed %2"),
                    entry.metadataFormat, current);
}

Text staleArchReason(const Entry& entry, const DoctorContext& ctx)
{
    if (ctx.gpuArchs.empty() || entry.kind != EntryKind::Kernel || entry.target.arch.empty())
        return {};
    const std::string arch = normalizeArch(entry.target.arch);
    std::string have;
    for (const std::string& a : ctx.gpuArchs) {
        if (normalizeArch(a) == arch)
            return {};
        Target t;
        t.arch = normalizeArch(a);
        t.backend = t.arch.find_first_not_of("0123456789") == std::string::npos ? "cuda" : "hip";
        have += (have.empty() ? "" : ", ") + archLabel(t);
    }
    return Text::of(KL_TEXT("kl::doctor", "compiled for %1; this machine's GPUs are %2"),
                    archLabel(entry.target), have);
}

} // namespace kl
