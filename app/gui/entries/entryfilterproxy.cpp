#include "entryfilterproxy.h"

#include "entrytablemodel.h"
#include "entrytext.h"

namespace kl::gui {

EntryFilterProxy::EntryFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(EntryTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setFilterRole(EntryTableModel::FilterRole);
    setFilterKeyColumn(EntryTableModel::KernelColumn);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void EntryFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    m_entries = qobject_cast<const EntryTableModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool EntryFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (m_entries && sortRole() == EntryTableModel::SortRole && !isSortLocaleAware() &&
        left.column() == right.column())
        return m_entries->sortsBefore(left.row(), right.row(), left.column(), sortCaseSensitivity());
    return QSortFilterProxyModel::lessThan(left, right);
}

void EntryFilterProxy::setFilterText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_filterText)
        return;
    m_filterText = trimmed;
    setFilterFixedString(trimmed);
}

void EntryFilterProxy::setStageFilter(const QString& ext)
{
    if (std::exchange(m_stage, ext) != ext)
        refilter();
}

void EntryFilterProxy::setArchFilter(const QString& arch)
{
    if (std::exchange(m_arch, arch) != arch)
        refilter();
}

void EntryFilterProxy::setStatusFilter(const QString& status)
{
    if (std::exchange(m_status, status) != status)
        refilter();
}

void EntryFilterProxy::setKindFilter(const QString& kind)
{
    if (std::exchange(m_kind, kind) != kind)
        refilter();
}

void EntryFilterProxy::setTimeRange(qint64 fromNs, qint64 toNs)
{
    m_fromNs = fromNs;
    m_toNs = toNs;
    refilter();
}

void EntryFilterProxy::clearTimeRange()
{
    if (hasTimeRange()) {
        m_fromNs = 0;
        m_toNs = -1;
        refilter();
    }
}

void EntryFilterProxy::refilter()
{
    // Qt 6.4 has no begin/endFilterChange; invalidateFilter() re-runs filterAcceptsRow.
    invalidateFilter();
}

bool EntryFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return false;
    if (m_stage.isEmpty() && m_arch.isEmpty() && m_status.isEmpty() && m_kind.isEmpty() && !hasTimeRange())
        return true;
    const auto* model = static_cast<const EntryTableModel*>(sourceModel());
    const Entry* e = model->entry(model->index(sourceRow, 0, sourceParent));
    if (!e)
        return false;
    if (!m_stage.isEmpty() && !e->stage(m_stage.toStdString()))
        return false;
    if (!m_arch.isEmpty() && EntryText::arch(e->target) != m_arch)
        return false;
    if (!m_status.isEmpty() && QString::fromUtf8(toString(e->status).data()) != m_status)
        return false;
    if (!m_kind.isEmpty() && QString::fromUtf8(toString(e->kind).data()) != m_kind)
        return false;
    if (hasTimeRange() && (e->newestMtimeNs < m_fromNs || e->newestMtimeNs > m_toNs))
        return false;
    return true;
}

} // namespace kl::gui
