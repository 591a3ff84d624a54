#include "unifieddiff.h"

#include <algorithm>

namespace kl {
namespace {

// One shown line: ' ', '-' or '+', with its index in a or b.
struct Row {
    char mark;
    std::size_t a; ///< index in a (the line for ' ' and '-'; the position for '+')
    std::size_t b;
};

} // namespace

std::string unifiedDiff(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                        const LineDiff& diff, const UnifiedOptions& o)
{
    if (diff.identical())
        return {};
    // Flatten to rows, then cut hunks: a run of more than 2*context unchanged rows splits them.
    std::vector<Row> rows;
    for (const DiffOp& op : diff.ops) {
        const char mark = op.kind == DiffOpKind::Equal ? ' ' : op.kind == DiffOpKind::Delete ? '-' : '+';
        for (std::size_t i = 0; i < op.count; ++i) {
            if (op.kind == DiffOpKind::Equal)
                rows.push_back({mark, op.aStart + i, op.bStart + i});
            else if (op.kind == DiffOpKind::Delete)
                rows.push_back({mark, op.aStart + i, op.bStart});
            else
                rows.push_back({mark, op.aStart, op.bStart + i});
        }
    }
    std::string out = "--- " + o.aLabel + "\n+++ " + o.bLabel + "\n";
    const std::size_t ctx = static_cast<std::size_t>(std::max(0, o.context));
    std::size_t i = 0;
    while (i < rows.size()) {
        // The next change.
        while (i < rows.size() && rows[i].mark == ' ')
            ++i;
        if (i == rows.size())
            break;
        std::size_t start = i >= ctx ? i - ctx : 0;
        while (start < i && rows[start].mark != ' ')
            ++start;
        // Extend over changes closer than 2*ctx unchanged rows apart.
        std::size_t end = i;
        for (;;) {
            while (end < rows.size() && rows[end].mark != ' ')
                ++end;
            std::size_t same = 0;
            while (end + same < rows.size() && rows[end + same].mark == ' ')
                ++same;
            if (end + same < rows.size() && same <= 2 * ctx) {
                end += same;
                continue;
            }
            end += std::min(same, ctx);
            break;
        }
        std::size_t aCount = 0, bCount = 0;
        for (std::size_t r = start; r < end; ++r) {
            aCount += rows[r].mark != '+';
            bCount += rows[r].mark != '-';
        }
        // Hunk starts: the first a (b) line shown, or for an empty side the line before it.
        auto first = [&](char skip, bool isA) -> std::size_t {
            for (std::size_t r = start; r < end; ++r)
                if (rows[r].mark != skip)
                    return (isA ? rows[r].a : rows[r].b) + 1;
            return isA ? rows[start].a : rows[start].b;
        };
        out += "@@ -" + std::to_string(first('+', true)) + (aCount == 1 ? "" : "," + std::to_string(aCount)) +
               " +" + std::to_string(first('-', false)) + (bCount == 1 ? "" : "," + std::to_string(bCount)) +
               " @@\n";
        for (std::size_t r = start; r < end; ++r) {
            out += rows[r].mark;
            out += rows[r].mark == '+' ? b[rows[r].b] : a[rows[r].a];
            out += '\n';
        }
        i = end;
    }
    return out;
}

} // namespace kl
