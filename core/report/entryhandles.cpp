#include "entryhandles.h"

#include <algorithm>
#include <numeric>

namespace kl {
namespace {

std::size_t commonPrefix(const std::string& a, const std::string& b)
{
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

} // namespace

std::vector<std::string> entryHandles(const Snapshot& snap, std::size_t minimum)
{
    const std::vector<Entry>& e = snap.entries;
    std::vector<std::size_t> order(e.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return e[a].folderName < e[b].folderName; });
    // Sorted, the names sharing the longest start with one are its neighbours.
    std::vector<std::string> out(e.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::string& name = e[order[k]].folderName;
        std::size_t shared = 0;
        if (k > 0)
            shared = std::max(shared, commonPrefix(name, e[order[k - 1]].folderName));
        if (k + 1 < order.size())
            shared = std::max(shared, commonPrefix(name, e[order[k + 1]].folderName));
        out[order[k]] = name.substr(0, std::min(name.size(), std::max(minimum, shared + 1)));
    }
    return out;
}

} // namespace kl
