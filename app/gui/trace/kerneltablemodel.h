#pragma once

#include "tracedata.h"

#include <QAbstractTableModel>
#include <memory>

namespace kl::gui {

/// One row per kernel name of the opened traces (TraceReport order: longest total first).
/// Display texts are formatted; SortRole holds the number behind them so the proxy sorts
/// durations and counts as numbers.
class KernelTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        KernelColumn,
        ClassColumn,
        CallsColumn,
        TotalColumn,
        MeanColumn,
        P50Column,
        P95Column,
        MaxColumn,
        ShareColumn,
        RegistersColumn,
        SharedMemoryColumn,
        CacheColumn,
        NUM_COLUMNS
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        KernelIndexRole, ///< index into TraceReport::kernels
        ClassRole,       ///< trace::KernelClass as int
        CacheMatchRole,  ///< CacheMatch as int
        FullNameRole,    ///< the name as recorded
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    void setTraceData(std::shared_ptr<const TraceData> traces);
    const std::shared_ptr<const TraceData>& traceData() const { return m_data; }
    /// The model row of report kernel `kernel` (rows are report order).
    QModelIndex indexOfKernel(std::size_t kernel, int column = 0) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const trace::KernelStats& k, std::size_t row, int column) const;
    QVariant sortKey(const trace::KernelStats& k, std::size_t row, int column) const;

    std::shared_ptr<const TraceData> m_data;
};

} // namespace kl::gui
