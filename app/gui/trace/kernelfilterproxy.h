#pragma once

#include <QSortFilterProxyModel>

namespace kl::gui {

/// The kernel table's filter and sort: a text that matches the short or the full name (all
/// words, any order, case-insensitive), a class and a cache state; sorting by the model's
/// SortRole, so durations and counts sort as numbers.
class KernelFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT

public:
    /// Any class / any cache state.
    static constexpr int Any = -1;

    explicit KernelFilterProxy(QObject* parent = nullptr);

    void setText(const QString& text);
    /// A trace::KernelClass as int, or Any.
    void setClassFilter(int cls);
    /// A CacheMatch as int, or Any.
    void setCacheFilter(int match);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QStringList m_words;
    int m_class = Any;
    int m_cache = Any;
};

} // namespace kl::gui
