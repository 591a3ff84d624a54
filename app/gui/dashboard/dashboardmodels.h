#pragma once

// Table models behind the dashboard's charts and tables, one per chart, each filled from
// compile events (setEvents) or from figures already computed on a worker thread (set...).
// DisplayRole is what a person reads; EditRole is the raw value (numbers, UTC ISO times) that
// the CSV export writes.

#include "dashboarddata.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace kl::gui {

class DashboardTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    virtual int rows() const = 0;
    virtual QStringList headers() const = 0;
    virtual QVariant value(int row, int column) const = 0;
    virtual QVariant display(int row, int column) const { return value(row, column); }
};

/// Hits, misses, hit rate and compiled bytes per time bucket.
class TimelineModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Start, Hits, Misses, HitRate, Bytes, CumulativeBytes };
    using DashboardTableModel::DashboardTableModel;

    void setEvents(const std::vector<CompileEvent>& events) { setTimeline(computeTimeline(events)); }
    void setTimeline(Timeline timeline);
    const Timeline& timeline() const { return m_timeline; }

protected:
    int rows() const override { return static_cast<int>(m_timeline.buckets.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;
    QVariant display(int row, int column) const override;

private:
    Timeline m_timeline;
};

/// The slowest compile of each of the slowest kernels, one column per stage.
class StageBreakdownModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Kernel, Origin, Arch, Total, FirstStage };
    using DashboardTableModel::DashboardTableModel;

    void setEvents(const std::vector<CompileEvent>& events) { setBreakdown(computeStageBreakdown(events)); }
    void setBreakdown(StageBreakdown breakdown);
    const StageBreakdown& breakdown() const { return m_breakdown; }

protected:
    int rows() const override { return static_cast<int>(m_breakdown.rows.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;

private:
    StageBreakdown m_breakdown;
};

/// How many compiles took how long.
class CompileHistogramModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Range, From, To, Compiles };
    using DashboardTableModel::DashboardTableModel;

    void setEvents(const std::vector<CompileEvent>& events) { setBins(computeCompileHistogram(events)); }
    void setBins(std::vector<HistogramBin> bins);
    const std::vector<HistogramBin>& bins() const { return m_bins; }
    /// "1–2 ms", "≥ 100 s".
    static QString rangeLabel(const HistogramBin& bin);

protected:
    int rows() const override { return static_cast<int>(m_bins.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;

private:
    std::vector<HistogramBin> m_bins;
};

/// Core's slowest kernels (as `klens stats` lists them).
class SlowestKernelsModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Kernel, Origin, Compiles, Slowest, Median, Sum, Arch, Key };
    using DashboardTableModel::DashboardTableModel;

    void setEvents(const std::vector<CompileEvent>& events);
    void setKernels(std::vector<KernelCompileTimes> kernels);
    const std::vector<KernelCompileTimes>& kernels() const { return m_kernels; }

protected:
    int rows() const override { return static_cast<int>(m_kernels.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;
    QVariant display(int row, int column) const override;

private:
    std::vector<KernelCompileTimes> m_kernels;
};

/// Events, hits and misses per origin (nvrtc, triton).
class OriginModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Origin, Events, Hits, Misses, HitRate, Bytes };
    using DashboardTableModel::DashboardTableModel;

    void setEvents(const std::vector<CompileEvent>& events)
    {
        setOrigins(computeEventStats(events).byOrigin);
    }
    void setOrigins(std::vector<OriginStats> origins);
    const std::vector<OriginStats>& origins() const { return m_origins; }

protected:
    int rows() const override { return static_cast<int>(m_origins.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;
    QVariant display(int row, int column) const override;

private:
    std::vector<OriginStats> m_origins;
};

/// Compiled bytes per kernel or per arch.
class SizeShareModel : public DashboardTableModel {
    Q_OBJECT

public:
    enum Column { Name, Bytes, Compiles };
    explicit SizeShareModel(SizeKey key, QObject* parent = nullptr);

    void setEvents(const std::vector<CompileEvent>& events) { setShares(computeSizeShares(events, m_key)); }
    void setShares(std::vector<SizeShare> shares);
    const std::vector<SizeShare>& shares() const { return m_shares; }
    SizeKey key() const { return m_key; }
    /// The name as shown ("unknown" for an empty arch).
    QString shownName(int row) const;

protected:
    int rows() const override { return static_cast<int>(m_shares.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;
    QVariant display(int row, int column) const override;

private:
    SizeKey m_key;
    std::vector<SizeShare> m_shares;
};

/// Bytes as people read them ("1.5 MiB").
QString humanBytes(std::uint64_t bytes);

} // namespace kl::gui
