#pragma once

// A rescan applied to the rows on screen as a difference instead of a model reset: rows of
// entries that are gone are removed, new entries are appended, changed ones are updated, and the
// rest stay where they are (selection, scroll and sort survive). Computed off the UI thread:
// a reset of 100,000 rows took about a second there.

#include "core/model/snapshot.h"
#include "entrytablemodel.h"

#include <memory>
#include <vector>

namespace kl::gui {

struct RowUpdate {
    std::shared_ptr<const Snapshot> before; ///< the snapshot the rows were computed from
    std::shared_ptr<const Snapshot> after;
    std::vector<int> removedRows;  ///< rows of `before` to remove, descending
    std::size_t removedRanges = 0; ///< contiguous runs in removedRows (one model signal each)
    /// For each row left after the removals, in order: its entry's index in `after`.
    std::vector<int> keptToEntry;
    /// Rows (after the removals) whose entry changed, with their new texts.
    std::vector<std::pair<int, EntryTableModel::RowText>> changed;
    std::vector<int> addedEntries; ///< indexes in `after` of new entries, appended in this order
    std::vector<EntryTableModel::RowText> addedTexts;
};

/// The difference between the rows showing `before` (row r is before->entries[rowToEntry[r]], or
/// entries[r] when rowToEntry is empty) and `after`. Entries are matched by path.
RowUpdate computeRowUpdate(std::shared_ptr<const Snapshot> before, const std::vector<int>& rowToEntry,
                           std::shared_ptr<const Snapshot> after);

} // namespace kl::gui
