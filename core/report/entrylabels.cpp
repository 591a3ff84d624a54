#include "entrylabels.h"

#include "core/util/utf8.h"

#include <cstdio>

namespace kl {

std::string archLabel(const Target& t)
{
    const bool numeric = !t.arch.empty() && t.arch.find_first_not_of("0123456789") == std::string::npos;
    if (t.backend == "cuda" && numeric)
        return "sm_" + t.arch;
    return t.arch.empty() ? t.backend : t.arch;
}

std::string stageList(const Entry& e)
{
    std::string s;
    for (const Stage& st : e.stages) {
        if (st.ext() == "json" && e.kind == EntryKind::Kernel)
            continue;
        if (!s.empty())
            s += ' ';
        s += st.known ? printableName(st.ext()) : "?" + printableName(st.ext());
    }
    return s;
}

std::string humanSize(std::uint64_t bytes)
{
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

std::string displayName(const Entry& e)
{
    return e.kernel.empty() ? "(" + printableName(e.folderName) + ")" : printableName(e.kernel);
}

ResourceLabels resourceLabels(const KernelResources& r)
{
    ResourceLabels l;
    if (r.state == KernelResources::State::Unreadable)
        l.registers = l.spills = l.occupancy = "?";
    if (r.state != KernelResources::State::Read)
        return l;
    l.registers = std::to_string(r.registers);
    l.spills = std::to_string(r.spills());
    if (r.hasOccupancy)
        l.occupancy = std::to_string((r.occupancyPermille + 5) / 10) + "%";
    return l;
}

std::string folderLabel(const Entry& e, const std::string& home)
{
    std::string_view dir(e.path);
    const std::size_t slash = dir.rfind('/');
    dir = slash == std::string_view::npos ? std::string_view() : dir.substr(0, slash == 0 ? 1 : slash);
    if (!home.empty() && home != "/" && dir.starts_with(home) &&
        (dir.size() == home.size() || dir[home.size()] == '/'))
        return "~" + printableName(dir.substr(home.size()));
    return printableName(dir);
}

} // namespace kl
