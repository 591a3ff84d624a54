#pragma once

#include <QSortFilterProxyModel>

namespace kl::gui {

class EntryTableModel;

/// Sorts an EntryTableModel on its SortRole and filters it on its FilterRole (kernel and folder
/// name, case-insensitive), never on display text.
class EntryFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit EntryFilterProxy(QObject* parent = nullptr);

    /// Keep the rows whose kernel or folder name contains `text`; empty shows everything.
    void setFilterText(const QString& text);
    QString filterText() const { return m_filterText; }

    /// Structured filters, each empty for "any": entries that have stage `ext`, whose arch is
    /// shown as `arch` ("sm_90", "gfx90a"), whose status and kind are named so ("complete",
    /// "kernel"; as toString() writes them).
    void setStageFilter(const QString& ext);
    void setArchFilter(const QString& arch);
    void setStatusFilter(const QString& status);
    void setKindFilter(const QString& kind);
    /// Entries last written within [fromNs, toNs] (Unix ns), as a dashboard range selects them;
    /// clearTimeRange() shows every time again.
    void setTimeRange(qint64 fromNs, qint64 toNs);
    void clearTimeRange();
    bool hasTimeRange() const { return m_toNs >= m_fromNs; }

    void setSourceModel(QAbstractItemModel* model) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    /// EntryTableModel's typed comparison when sorting on its SortRole; Qt's otherwise.
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    const EntryTableModel* m_entries = nullptr;
    void refilter();
    QString m_filterText;
    QString m_stage, m_arch, m_status, m_kind;
    qint64 m_fromNs = 0, m_toNs = -1; ///< empty range (to < from): no time filter
};

} // namespace kl::gui
