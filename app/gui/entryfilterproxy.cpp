#include "entryfilterproxy.h"

#include "entrytablemodel.h"

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

void EntryFilterProxy::setFilterText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_filterText)
        return;
    m_filterText = trimmed;
    setFilterFixedString(trimmed);
}

} // namespace kl::gui
