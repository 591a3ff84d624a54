#include "kernelgroupmodel.h"

#include "entrytablemodel.h"
#include "entrytext.h"

#include <QFont>
#include <QHash>

namespace kl::gui {

KernelGroupModel::KernelGroupModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    m_regroup.setSingleShot(true);
    m_regroup.setInterval(RegroupDelayMs);
    connect(&m_regroup, &QTimer::timeout, this, &KernelGroupModel::rebuild);
}

void KernelGroupModel::setSourceModel(QAbstractItemModel* flat)
{
    if (m_flat)
        disconnect(m_flat, nullptr, this, nullptr);
    m_flat = flat;
    if (flat) {
        connect(flat, &QAbstractItemModel::modelReset, this, &KernelGroupModel::rebuild);
        connect(flat, &QAbstractItemModel::layoutChanged, this, &KernelGroupModel::rebuild);
        // Rows streaming in arrive in many small batches: regroup once they pause.
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(flat, signal, &m_regroup, qOverload<>(&QTimer::start));
        connect(flat, &QAbstractItemModel::dataChanged, &m_regroup, qOverload<>(&QTimer::start));
    }
    rebuild();
}

void KernelGroupModel::rebuild()
{
    m_regroup.stop();
    beginResetModel();
    m_groups.clear();
    m_groupOfRow.clear();
    m_posOfRow.clear();
    if (m_flat) {
        const int n = m_flat->rowCount();
        m_groupOfRow.resize(n);
        m_posOfRow.resize(n);
        QHash<QString, int> byName;
        for (int r = 0; r < n; ++r) {
            const QString kernel = m_flat->index(r, EntryTableModel::KernelColumn).data().toString();
            auto it = byName.find(kernel);
            if (it == byName.end()) {
                it = byName.insert(kernel, int(m_groups.size()));
                m_groups.push_back({kernel, {}, {}, 0, -1});
            }
            Group& g = m_groups[*it];
            m_groupOfRow[r] = *it;
            m_posOfRow[r] = int(g.rows.size());
            g.rows.push_back(r);
            const QString arch = m_flat->index(r, EntryTableModel::ArchColumn).data().toString();
            if (!arch.isEmpty() && !g.archs.contains(arch))
                g.archs << arch;
            const QVariant size =
                m_flat->index(r, EntryTableModel::SizeColumn).data(EntryTableModel::SortRole);
            g.size += size.toLongLong() > 0 ? size.toULongLong() : 0;
            g.newest = std::max(g.newest, m_flat->index(r, EntryTableModel::ModifiedColumn)
                                              .data(EntryTableModel::SortRole)
                                              .toLongLong());
        }
        for (Group& g : m_groups)
            g.archs.sort();
    }
    endResetModel();
}

QModelIndex KernelGroupModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount())
        return {};
    if (!parent.isValid())
        return row < m_groups.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (!isGroup(parent) || row >= m_groups[parent.row()].rows.size())
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex KernelGroupModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int KernelGroupModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || !isGroup(parent))
        return 0;
    return int(m_groups[parent.row()].rows.size());
}

int KernelGroupModel::columnCount(const QModelIndex&) const
{
    return EntryTableModel::NUM_COLUMNS;
}

QModelIndex KernelGroupModel::mapToSource(const QModelIndex& index) const
{
    if (!m_flat || !index.isValid() || isGroup(index))
        return {};
    const Group& g = m_groups[int(index.internalId() - 1)];
    return m_flat->index(g.rows[index.row()], index.column());
}

QModelIndex KernelGroupModel::mapFromSource(const QModelIndex& flatIndex) const
{
    if (!flatIndex.isValid() || flatIndex.model() != m_flat || flatIndex.row() >= m_groupOfRow.size())
        return {};
    const int g = m_groupOfRow[flatIndex.row()];
    return createIndex(m_posOfRow[flatIndex.row()], flatIndex.column(), quintptr(g + 1));
}

QVariant KernelGroupModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    if (!isGroup(index))
        return mapToSource(index).data(role);
    const Group& g = m_groups[index.row()];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case EntryTableModel::KernelColumn:
            return tr("%1 (%2)")
                .arg(g.kernel.isEmpty() ? tr("(no kernel name)") : g.kernel)
                .arg(g.rows.size());
        case EntryTableModel::ArchColumn:
            return g.archs.size() <= 2 ? g.archs.join(QLatin1String(", "))
                                       : tr("%n archs", nullptr, int(g.archs.size()));
        case EntryTableModel::SizeColumn: return EntryText::size(g.size);
        case EntryTableModel::ModifiedColumn: return g.newest > 0 ? EntryText::time(g.newest) : QString();
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        return tr("%1: %n specialisation(s) for %2", nullptr, int(g.rows.size()))
            .arg(g.kernel, g.archs.join(QLatin1String(", ")));
    }
    if (role == Qt::FontRole && index.column() == EntryTableModel::KernelColumn) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == EntryTableModel::SortRole) {
        switch (index.column()) {
        case EntryTableModel::KernelColumn: return g.kernel;
        case EntryTableModel::SizeColumn: return qlonglong(g.size);
        case EntryTableModel::ModifiedColumn: return g.newest;
        default: return data(index, Qt::DisplayRole);
        }
    }
    return {};
}

QVariant KernelGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return m_flat ? m_flat->headerData(section, orientation, role) : QVariant();
}

} // namespace kl::gui
