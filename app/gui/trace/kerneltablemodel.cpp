#include "kerneltablemodel.h"

#include "app/gui/common/qstrings.h"
#include "app/gui/common/theme.h"
#include "tracetext.h"

#include <QBrush>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

namespace kl::gui {
KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelTableModel::setTraceData(std::shared_ptr<const TraceData> traces)
{
    // A new join of the same traces changes only the cache column: the rows stay, and so do the
    // views' selection and scroll position.
    const bool sameRows = m_data && traces && m_data->report == traces->report;
    if (sameRows) {
        m_data = std::move(traces);
        if (rowCount() > 0)
            emit dataChanged(index(0, 0), index(rowCount() - 1, NUM_COLUMNS - 1));
        return;
    }
    beginResetModel();
    m_data = std::move(traces);
    endResetModel();
}

QModelIndex KernelTableModel::indexOfKernel(std::size_t kernel, int column) const
{
    if (int(kernel) >= rowCount())
        return {};
    return index(int(kernel), column);
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_data || !m_data->report)
        return 0;
    return int(m_data->report->kernels.size());
}

int KernelTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant KernelTableModel::display(const trace::KernelStats& k, std::size_t row, int column) const
{
    switch (column) {
    case KernelColumn: return qs(k.shortName.empty() ? k.name : k.shortName);
    case ClassColumn: return TraceText::kernelClass(k.cls);
    case CallsColumn: return QLocale().toString(qlonglong(k.calls));
    case TotalColumn: return TraceText::duration(k.totalNs);
    case MeanColumn: return TraceText::duration(k.meanNs);
    case P50Column: return TraceText::duration(k.p50Ns);
    case P95Column: return TraceText::duration(k.p95Ns);
    case MaxColumn: return TraceText::duration(k.maxNs);
    case ShareColumn: return TraceText::share(k.share);
    case RegistersColumn: return TraceText::observed(k.registers, false);
    case SharedMemoryColumn: return TraceText::observed(k.sharedMemory, true);
    case CacheColumn: return TraceText::cacheMatch(m_data->cacheMatch(row));
    }
    return {};
}

QVariant KernelTableModel::sortKey(const trace::KernelStats& k, std::size_t row, int column) const
{
    switch (column) {
    case KernelColumn: return qs(k.shortName.empty() ? k.name : k.shortName);
    case ClassColumn: return int(k.cls);
    case CallsColumn: return qlonglong(k.calls);
    case TotalColumn: return qlonglong(k.totalNs);
    case MeanColumn: return qlonglong(k.meanNs);
    case P50Column: return qlonglong(k.p50Ns);
    case P95Column: return qlonglong(k.p95Ns);
    case MaxColumn: return qlonglong(k.maxNs);
    case ShareColumn: return k.share;
    case RegistersColumn: return qlonglong(k.registers.common);
    case SharedMemoryColumn: return qlonglong(k.sharedMemory.common);
    case CacheColumn: return int(m_data->cacheMatch(row));
    }
    return {};
}

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= NUM_COLUMNS)
        return {};
    const std::size_t row = std::size_t(index.row());
    const trace::KernelStats& k = m_data->report->kernels[row];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return display(k, row, column);
    case SortRole: return sortKey(k, row, column);
    case KernelIndexRole: return qulonglong(row);
    case ClassRole: return int(k.cls);
    case CacheMatchRole: return int(m_data->cacheMatch(row));
    case FullNameRole: return qs(k.name);
    case Qt::ToolTipRole:
        if (column == KernelColumn)
            return qs(k.name);
        if (column == CacheColumn)
            return TraceText::matchTooltip(*m_data, row);
        if (column == ClassColumn && !k.classRule.empty())
            return TraceText::tr("Communication by the rule: %1").arg(qs(k.classRule));
        if (column == RegistersColumn || column == SharedMemoryColumn)
            return display(k, row, column);
        return {};
    case Qt::TextAlignmentRole:
        if (column >= CallsColumn && column <= SharedMemoryColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        if (column == KernelColumn)
            return theme::timelineColour(k.cls, QGuiApplication::palette());
        return {};
    case Qt::ForegroundRole:
        if (column == CacheColumn && m_data->cacheMatch(row) == CacheMatch::Mismatch)
            return QBrush(theme::mismatchColour(QGuiApplication::palette()));
        if (column == CacheColumn && m_data->cacheMatch(row) == CacheMatch::Fits)
            return QBrush(theme::matchedColour(QGuiApplication::palette()));
        return {};
    }
    return {};
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CallsColumn: return tr("Launches over every device, stream and rank");
        case TotalColumn: return tr("GPU time summed over every launch");
        case P50Column: return tr("Median launch duration");
        case P95Column: return tr("95th percentile of the launch durations");
        case ShareColumn: return tr("Share of all GPU activity's time");
        case RegistersColumn: return tr("Registers per thread, as the trace recorded them");
        case SharedMemoryColumn: return tr("Shared memory per block, as the trace recorded it");
        case CacheColumn:
            return tr("Whether an opened cache holds the binary that ran: matched, mismatch (an entry "
                      "with that name holds another binary) or none");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KernelColumn: return tr("Kernel");
    case ClassColumn: return tr("Class");
    case CallsColumn: return tr("Calls");
    case TotalColumn: return tr("Total");
    case MeanColumn: return tr("Mean");
    case P50Column: return tr("p50");
    case P95Column: return tr("p95");
    case MaxColumn: return tr("Max");
    case ShareColumn: return tr("Share");
    case RegistersColumn: return tr("Registers");
    case SharedMemoryColumn: return tr("Shared memory");
    case CacheColumn: return tr("Cache entry");
    }
    return {};
}

} // namespace kl::gui
