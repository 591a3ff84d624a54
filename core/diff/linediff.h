#pragma once

// Line diff of two texts: lines are compared in their normalised form (irnormalise.h) and
// matched with the histogram algorithm (git's `--histogram`: anchors on the rarest common lines,
// recursing between them), with Myers' O(ND) algorithm for regions where every common line is
// too frequent to anchor on. Memory is linear in the number of lines. Regions are worked through
// on an explicit stack, so no input can recurse deep, and Myers runs only on regions small enough
// for the memory it keeps (every step's diagonals); a larger anchorless region stays one change.

#include "irnormalise.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

/// A text split into lines (without their '\n'); views into `text`.
struct TextLines {
    std::string text;
    std::vector<std::string_view> lines;
};

/// Takes ownership of `text` and splits it; a final line without '\n' counts, a trailing '\n'
/// does not start another line.
TextLines splitLines(std::string text);

enum class DiffOpKind { Equal, Delete, Insert };

/// A run of lines: `Equal` covers a[aStart, aStart+count) and b[bStart, bStart+count); `Delete`
/// lines of a (at aStart, before b's bStart); `Insert` lines of b (at bStart, after a's aStart).
/// Lines left out by ignoreLocations belong to no run.
struct DiffOp {
    DiffOpKind kind = DiffOpKind::Equal;
    std::size_t aStart = 0;
    std::size_t bStart = 0;
    std::size_t count = 0;
};

struct LineDiff {
    std::vector<DiffOp> ops; ///< in order; Delete before Insert where both replace one place
    std::size_t deleted = 0;
    std::size_t inserted = 0;
    bool cancelled = false;
    bool identical() const { return deleted == 0 && inserted == 0; }
    /// Line indices of a and b taking part (all of them unless ignoreLocations dropped some).
    std::vector<std::uint32_t> aLines;
    std::vector<std::uint32_t> bLines;
};

/// Diffs two texts' lines. `cancel` (may be null) is polled; a cancelled diff is incomplete.
LineDiff diffLines(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                   const DiffOptions& options = {}, const std::atomic<bool>* cancel = nullptr);

/// One row of a side-by-side view: a line of a, of b, or both.
struct AlignedRow {
    enum Kind { Same, Changed, Deleted, Inserted };
    Kind kind = Same;
    std::int64_t a = -1; ///< line index in a, -1 when the row has none
    std::int64_t b = -1;
};

/// The rows of a side-by-side view: equal runs side by side; in a place where lines were both
/// deleted and inserted, deleted and inserted lines pair up as Changed rows (the rest stand alone).
std::vector<AlignedRow> alignRows(const LineDiff& diff);

/// The changed middle of two lines that differ (common prefix and suffix trimmed), as
/// [begin, end) byte ranges in each: what a side-by-side view highlights within the lines.
struct IntraLine {
    std::pair<std::size_t, std::size_t> a;
    std::pair<std::size_t, std::size_t> b;
};
IntraLine intraLineChange(std::string_view a, std::string_view b);

} // namespace kl
