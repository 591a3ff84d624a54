#pragma once

// The grouped view: the rows of a flat entry model (the filter proxy, so filters apply) as a tree
// with one parent per kernel name and its specialisations below. A parent summarises its children
// (how many, which archs, total size, newest write); a child shows the flat model's cells.
// Rebuilt whenever the flat model resets, re-sorts or changes rows: O(rows) with one hash lookup each.

#include <QAbstractItemModel>
#include <QPointer>
#include <QTimer>
#include <QVector>

namespace kl::gui {

class KernelGroupModel : public QAbstractItemModel {
    Q_OBJECT
public:
    explicit KernelGroupModel(QObject* parent = nullptr);

    /// A flat model with EntryTableModel's columns and roles.
    void setSourceModel(QAbstractItemModel* flat);
    QAbstractItemModel* sourceModel() const { return m_flat; }

    /// The flat model's index for a child row (invalid for a kernel row).
    QModelIndex mapToSource(const QModelIndex& index) const;
    QModelIndex mapFromSource(const QModelIndex& flatIndex) const;
    /// Inserted or removed flat rows are regrouped after this pause (resets and re-sorts at once).
    static constexpr int RegroupDelayMs = 150;
    bool isGroup(const QModelIndex& index) const { return index.isValid() && index.internalId() == 0; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    struct Group {
        QString kernel;
        QVector<int> rows; ///< flat rows, in the flat model's order
        QStringList archs;
        qulonglong size = 0;
        qint64 newest = -1;
    };
    QPointer<QAbstractItemModel> m_flat;
    QTimer m_regroup;
    QVector<Group> m_groups;
    QVector<int> m_groupOfRow; ///< flat row -> group
    QVector<int> m_posOfRow;   ///< flat row -> position inside its group
};

} // namespace kl::gui
