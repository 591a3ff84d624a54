#include "kernelfilterproxy.h"

#include "kerneltablemodel.h"

namespace kl::gui {

KernelFilterProxy::KernelFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(KernelTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    // The cache column changes on a new join: rows must move to stay sorted and filtered.
    setDynamicSortFilter(true);
}

void KernelFilterProxy::setText(const QString& text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateRowsFilter();
}

void KernelFilterProxy::setClassFilter(int cls)
{
    if (cls == m_class)
        return;
    m_class = cls;
    invalidateRowsFilter();
}

void KernelFilterProxy::setCacheFilter(int match)
{
    if (match == m_cache)
        return;
    m_cache = match;
    invalidateRowsFilter();
}

bool KernelFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, KernelTableModel::KernelColumn, sourceParent);
    if (m_class != Any && i.data(KernelTableModel::ClassRole).toInt() != m_class)
        return false;
    if (m_cache != Any && i.data(KernelTableModel::CacheMatchRole).toInt() != m_cache)
        return false;
    if (m_words.isEmpty())
        return true;
    const QString shortName = i.data(Qt::DisplayRole).toString();
    const QString fullName = i.data(KernelTableModel::FullNameRole).toString();
    for (const QString& w : m_words)
        if (!shortName.contains(w, Qt::CaseInsensitive) && !fullName.contains(w, Qt::CaseInsensitive))
            return false;
    return true;
}

} // namespace kl::gui
