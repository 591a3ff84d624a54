#pragma once

#include "model/snapshot.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QString>
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
        StagesColumn,
        NumWarpsColumn,
        NumStagesColumn,
        SharedColumn,
        SizeColumn,
        ModifiedColumn,
        StatusColumn,
        NUM_COLUMNS
    };

    enum Roles {
        /// Typed value to sort on: numbers as numbers, sizes in bytes, times in ns, absent as -1.
        SortRole = Qt::UserRole,
        /// Text a search matches: the kernel name and the entry's folder name (any column).
        FilterRole,
        /// Row of the entry in the snapshot (int), the same for every column.
        EntryIndexRole,
        /// Number of problems recorded for the entry (int).
        ProblemCountRole,
    };

    explicit EntryTableModel(QObject* parent = nullptr);
    ~EntryTableModel() override;

    /// Show `snapshot` (null for nothing). The only way the model's data changes.
    void resetSnapshot(std::shared_ptr<const Snapshot> snapshot);
    const std::shared_ptr<const Snapshot>& snapshot() const { return m_snapshot; }

    /// The entry shown at `index` (any column), or null.
    const Entry* entry(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct RowText {
        QString kernel;
        QString kernelSortKey; ///< named kernels first, then entries shown by folder name
        QString arch;
        QString archSortKey;
        QString stages;
        QString filter;
    };

    QVariant display(const Entry& entry, const RowText& text, int column) const;
    QVariant sortValue(const Entry& entry, const RowText& text, int column) const;

    std::shared_ptr<const Snapshot> m_snapshot;
    std::vector<RowText> m_text;
    QIcon m_warningIcon;
};

} // namespace kl::gui
