#pragma once

#include "app/gui/common/backgroundjob.h"
#include "dashboarddata.h"
#include "diskfigures.h"

#include <QDateTime>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

class QAbstractItemModel;
class QChart;
class QGroupBox;
class QLabel;
class QPushButton;

namespace kl::gui {

class EventSource;
class RangeChartView;
class TimelineModel;
class StageBreakdownModel;
class CompileHistogramModel;
class SlowestKernelsModel;
class OriginModel;
class SizeShareModel;

/// Charts of the compile events: hit rate and cache size over time, compile time per stage and
/// its distribution, the slowest kernels, events per origin, compiled bytes per kernel and arch.
/// The figures come from table models computed on a worker thread; the logs are followed live.
/// Dragging across the hit-rate chart selects a time range (timeRangeSelected).
class DashboardPage : public QWidget {
    Q_OBJECT

public:
    enum class Panel {
        HitRate,
        CacheSize,
        StageTimes,
        Distribution,
        Slowest,
        Origins,
        SizeByKernel,
        SizeByArch
    };

    explicit DashboardPage(QWidget* parent = nullptr);
    ~DashboardPage() override;

    /// Read and follow these events logs (each with its rotated generations); an empty list
    /// stops. Missing logs are waited for; unreadable ones are named in the status.
    void setEventLogPaths(const QStringList& paths);
    QStringList eventLogPaths() const;
    /// The cache on screen: its size over time by the entries' own times, and per kernel and
    /// arch, next to what the events say was compiled (computed on a worker; null clears).
    void setCacheSnapshot(std::shared_ptr<const Snapshot> snapshot);
    /// The on-disk figures of the last snapshot (empty before one was computed).
    const DiskFigures& diskFigures() const { return m_disk; }
    /// Show these events (no log is followed). Computed at once on this thread: for tests and
    /// small lists.
    void setEvents(std::vector<CompileEvent> events);

    /// Events the charts show now (the logs may hold more that are still being computed).
    int eventCount() const { return m_shownEvents; }
    int corruptLines() const;
    int partialLines() const;
    /// "12,345 events · 3 corrupt lines skipped": for the main window's status bar.
    QString statusText() const { return m_status; }

    /// Shade [from, to] on the hit-rate chart and emit timeRangeSelected.
    void selectTimeRange(const QDateTime& from, const QDateTime& to);
    /// Remove the shading and emit timeRangeCleared (when there was a range).
    void clearTimeRange();
    bool hasTimeRange() const;

    QWidget* panelView(Panel panel) const;
    QAbstractItemModel* panelModel(Panel panel) const;
    TimelineModel* timelineModel() const { return m_timeline; }
    StageBreakdownModel* stageModel() const { return m_stages; }
    CompileHistogramModel* histogramModel() const { return m_histogram; }
    SlowestKernelsModel* slowestModel() const { return m_slowest; }
    OriginModel* originModel() const { return m_origins; }
    SizeShareModel* kernelSizeModel() const { return m_byKernel; }
    SizeShareModel* archSizeModel() const { return m_byArch; }

    /// Save a panel as an image or its model as CSV; false with `error` (path and cause).
    bool exportPng(Panel panel, const QString& path, QString* error = nullptr) const;
    bool exportSvg(Panel panel, const QString& path, QString* error = nullptr) const;
    bool exportCsv(Panel panel, const QString& path, QString* error = nullptr) const;

signals:
    void timeRangeSelected(const QDateTime& from, const QDateTime& to);
    void timeRangeCleared();
    void statusChanged(const QString& text);
    /// The charts were redrawn with new figures.
    void refreshed();

private:
    struct PanelInfo {
        QString title;
        QGroupBox* box = nullptr;
        QWidget* view = nullptr;
        QAbstractItemModel* model = nullptr;
    };

    QWidget* makeCard(Panel panel);
    QChart* newChart(Panel panel);
    void exportInteractively(Panel panel, const QString& format);
    void schedule();
    void apply(const DashboardData& figures);
    void updateStatus();
    void applyDisk(DiskFigures figures);
    void updateTitles();
    void showRange();
    const PanelInfo& info(Panel panel) const { return m_panels[static_cast<int>(panel)]; }

    EventSource* m_source;
    DiskTimelineModel* m_diskTimeline;
    DiskFigures m_disk;
    DashboardData m_events; ///< the last figures from the events
    TimelineModel* m_timeline;
    StageBreakdownModel* m_stages;
    CompileHistogramModel* m_histogram;
    SlowestKernelsModel* m_slowest;
    OriginModel* m_origins;
    SizeShareModel* m_byKernel;
    SizeShareModel* m_byArch;
    PanelInfo m_panels[8];
    RangeChartView* m_hitRateView = nullptr;
    QLabel* m_statusLabel = nullptr;
    QLabel* m_rangeLabel = nullptr;
    QPushButton* m_clearRange = nullptr;

    // Both read copies of what they need, never `this`. Figures are recomputed from every event
    // at once, so events arriving during a computation mark it dirty instead of superseding it
    // (a steady stream would otherwise never let one finish).
    BackgroundJob m_figuresJob{backgroundPool()};
    BackgroundJob m_diskJob{backgroundPool()};
    bool m_dirty = false; // events arrived during the computation
    int m_shownEvents = 0;
    QString m_status;
};

} // namespace kl::gui
