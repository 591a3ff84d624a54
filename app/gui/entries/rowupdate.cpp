#include "rowupdate.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace kl::gui {
namespace {

// What a row shows or sorts on: if none of it differs, the row needs no update.
bool sameRow(const Entry& a, const Entry& b)
{
    if (a.newestMtimeNs != b.newestMtimeNs || a.totalSize != b.totalSize || a.status != b.status ||
        a.kind != b.kind || a.problems.size() != b.problems.size() || a.stages.size() != b.stages.size() ||
        a.kernel != b.kernel || a.numWarps != b.numWarps || a.numStages != b.numStages ||
        a.shared != b.shared || a.target.arch != b.target.arch || a.target.backend != b.target.backend)
        return false;
    for (std::size_t i = 0; i < a.stages.size(); ++i)
        if (a.stages[i].fileName != b.stages[i].fileName)
            return false;
    return true;
}

} // namespace

RowUpdate computeRowUpdate(std::shared_ptr<const Snapshot> before, const std::vector<int>& rowToEntry,
                           std::shared_ptr<const Snapshot> after)
{
    RowUpdate u;
    u.before = std::move(before);
    u.after = std::move(after);
    const auto& now = u.after->entries;
    std::unordered_map<std::string_view, int> indexOf;
    indexOf.reserve(now.size());
    for (std::size_t i = 0; i < now.size(); ++i)
        indexOf.emplace(now[i].path, int(i));

    const auto& old = u.before->entries;
    const std::size_t rows = rowToEntry.empty() ? old.size() : rowToEntry.size();
    std::vector<char> seen(now.size(), 0);
    for (std::size_t r = 0; r < rows; ++r) {
        const Entry& e = old[rowToEntry.empty() ? r : std::size_t(rowToEntry[r])];
        const auto it = indexOf.find(e.path);
        if (it == indexOf.end()) {
            u.removedRows.push_back(int(r));
            continue;
        }
        seen[std::size_t(it->second)] = 1;
        const Entry& n = now[std::size_t(it->second)];
        if (!sameRow(e, n))
            u.changed.emplace_back(int(u.keptToEntry.size()), EntryTableModel::makeRow(n).text);
        u.keptToEntry.push_back(it->second);
    }
    for (std::size_t i = 0; i < u.removedRows.size(); ++i)
        u.removedRanges += i == 0 || u.removedRows[i] != u.removedRows[i - 1] + 1;
    std::reverse(u.removedRows.begin(), u.removedRows.end());
    for (std::size_t i = 0; i < now.size(); ++i)
        if (!seen[i]) {
            u.addedEntries.push_back(int(i));
            u.addedTexts.push_back(EntryTableModel::makeRow(now[i]).text);
        }
    return u;
}

} // namespace kl::gui
