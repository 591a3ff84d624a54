#pragma once

#include "core/model/snapshot.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QString>
#include <deque>
#include <memory>
#include <vector>

namespace kl::gui {

/// The entries of one scan as a flat table. The snapshot is read-only and shared with whoever
/// else shows it; the model only caches the texts it needs to sort and filter quickly.
class EntryTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Columns {
        KernelColumn,
        KindColumn,
        ArchColumn,
        RegistersColumn, ///< from the cubin (Entry::resources), filled in after the rows appear
        SpillsColumn,
        OccupancyColumn,
        NumWarpsColumn,
        NumStagesColumn,
        SharedColumn,
        StagesColumn,
        SizeColumn,
        ModifiedColumn,
        StatusColumn,
        TritonColumn,
        FolderColumn, ///< the cache folder the entry is in, home as ~
        NUM_COLUMNS
    };

    enum Roles {
        /// Typed value to sort on: numbers as numbers, sizes in bytes, times in ns, absent as -1.
        SortRole = Qt::UserRole,
        /// Text a search matches: the kernel name and the entry's folder name (any column).
        FilterRole,
        /// Index of the entry in snapshot()->entries (int), the same for every column; while
        /// streaming (no snapshot yet) the row.
        EntryIndexRole,
        /// Number of problems recorded for the entry (int).
        ProblemCountRole,
    };

    /// What a row shows and sorts on, computed once per entry (on any thread).
    struct RowText {
        QString kernel;
        QString kernelSortKey; ///< named kernels first, then entries shown by folder name
        QString arch;
        QString archSortKey;
        QString stages;
        QString triton;
        QString folder;
        QString filter;
    };
    struct Row {
        Entry entry;
        RowText text;
    };
    /// Thread-safe: the scan's workers prepare streamed rows so the UI thread only inserts them.
    static Row makeRow(const Entry& entry);

    explicit EntryTableModel(QObject* parent = nullptr);
    ~EntryTableModel() override;

    /// Show `snapshot` (null for nothing).
    void resetSnapshot(std::shared_ptr<const Snapshot> snapshot);
    /// While a first scan streams: append rows (snapshot() stays null until adoptSnapshot).
    void appendRows(std::vector<Row> rows);
    /// The streamed scan ended: keep the rows as they are and serve them from `snapshot`, where
    /// row n is `snapshot->entries[rowToEntry[n]]`. No reset: the view keeps its sort, scroll
    /// and selection. Returns false (and changes nothing) when the two do not match.
    bool adoptSnapshot(std::shared_ptr<const Snapshot> snapshot, const std::vector<int>& rowToEntry);
    /// Row r shows snapshot()->entries[rowToEntry()[r]]; empty when row r shows entries[r].
    std::vector<int> rowToEntry() const { return m_mapped ? m_rowToEntry : std::vector<int>(); }
    /// Apply a rescan computed by computeRowUpdate against snapshot(): removals, then the
    /// changed rows, then the new ones appended. Returns false (nothing changed) when the update
    /// was computed against another snapshot.
    bool applyUpdate(const struct RowUpdate& update);
    const std::shared_ptr<const Snapshot>& snapshot() const { return m_snapshot; }

    /// The order QSortFilterProxyModel's default lessThan gives the SortRole values of rows `a`
    /// and `b` in `column` (strings compared with `cs`, not locale-aware), without making a
    /// QVariant per comparison: sorting 100,000 streamed rows compares some 1.7 million pairs.
    bool sortsBefore(int a, int b, int column, Qt::CaseSensitivity cs) const;

    /// The entry shown at `index` (any column), or null.
    const Entry* entry(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const Entry& entry, const RowText& text, int column) const;
    QVariant sortValue(const Entry& entry, const RowText& text, int column) const;
    const Entry* entryAt(int row) const;

    static RowText makeText(const Entry& e);

    std::shared_ptr<const Snapshot> m_snapshot;
    // Deques: appending never moves the rows already there (a vector's regrowth would, all at once).
    std::deque<Entry> m_streamed;  ///< rows appended while streaming, before adoptSnapshot
    std::vector<int> m_rowToEntry; ///< when m_mapped: row -> index in m_snapshot->entries
    bool m_mapped = false;         ///< rows are not in snapshot order (streamed, or updated)
    std::deque<RowText> m_text;
    QIcon m_warningIcon;
};

} // namespace kl::gui
