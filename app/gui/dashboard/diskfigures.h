#pragma once

// The cache on disk, from the entries' own times and sizes (not from compile events): its size
// over time as the entries were written, and its size per kernel and per arch. Computed from a
// snapshot on a worker; shown by the dashboard next to what the events say was compiled.

#include "core/model/snapshot.h"
#include "dashboarddata.h"
#include "dashboardmodels.h"

#include <cstdint>
#include <vector>

namespace kl::gui {

struct DiskPoint {
    std::int64_t ms = 0;               ///< when an entry was last written (Unix ms)
    std::uint64_t cumulativeBytes = 0; ///< every entry written up to then
    std::size_t entries = 0;
};

struct DiskFigures {
    std::vector<DiskPoint> timeline; ///< at most kMaxDiskPoints, the last one exact
    std::vector<SizeShare> byKernel; ///< bytes on disk; `compiles` counts entries
    std::vector<SizeShare> byArch;
};

inline constexpr std::size_t kMaxDiskPoints = 400;

/// Entries without a time (0) are left out of the timeline but counted in the shares.
DiskFigures computeDiskFigures(const Snapshot& snapshot);

/// The timeline as a table (time, entries, bytes on disk) for the chart and the CSV export.
class DiskTimelineModel : public DashboardTableModel {
    Q_OBJECT
public:
    enum Column { Time, Entries, BytesOnDisk };
    using DashboardTableModel::DashboardTableModel;
    void setPoints(std::vector<DiskPoint> points);
    const std::vector<DiskPoint>& points() const { return m_points; }

protected:
    int rows() const override { return static_cast<int>(m_points.size()); }
    QStringList headers() const override;
    QVariant value(int row, int column) const override;
    QVariant display(int row, int column) const override;

private:
    std::vector<DiskPoint> m_points;
};

} // namespace kl::gui
