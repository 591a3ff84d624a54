#pragma once

#include <QSortFilterProxyModel>

namespace kl::gui {

/// Sorts an EntryTableModel on its SortRole and filters it on its FilterRole (kernel and folder
/// name, case-insensitive), never on display text.
class EntryFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit EntryFilterProxy(QObject* parent = nullptr);

    /// Keep the rows whose kernel or folder name contains `text`; empty shows everything.
    void setFilterText(const QString& text);
    QString filterText() const { return m_filterText; }

private:
    QString m_filterText;
};

} // namespace kl::gui
