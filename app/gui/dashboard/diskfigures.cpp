#include "diskfigures.h"

#include "core/report/entrylabels.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>
#include <map>

namespace kl::gui {
namespace {

std::vector<SizeShare> sorted(std::map<std::string, SizeShare> shares)
{
    std::vector<SizeShare> out;
    for (auto& [name, share] : shares)
        out.push_back(std::move(share));
    std::stable_sort(out.begin(), out.end(),
                     [](const SizeShare& a, const SizeShare& b) { return a.bytes > b.bytes; });
    return out;
}

} // namespace

DiskFigures computeDiskFigures(const Snapshot& snapshot)
{
    DiskFigures f;
    std::vector<std::pair<std::int64_t, std::uint64_t>> written;
    std::map<std::string, SizeShare> kernels, archs;
    for (const Entry& e : snapshot.entries) {
        if (e.newestMtimeNs > 0)
            written.emplace_back(e.newestMtimeNs / 1'000'000, e.totalSize);
        for (auto [map, name] : {std::pair{&kernels, e.kernel.empty() ? e.folderName : e.kernel},
                                 std::pair{&archs, e.target.empty() ? std::string() : archLabel(e.target)}}) {
            SizeShare& s = (*map)[name];
            s.name = name;
            s.bytes += e.totalSize;
            ++s.compiles;
        }
    }
    f.byKernel = sorted(std::move(kernels));
    f.byArch = sorted(std::move(archs));
    std::sort(written.begin(), written.end());
    // One point per entry would be 100,000 for a large cache: keep evenly spaced ones, and the last.
    const std::size_t step = std::max<std::size_t>(1, (written.size() + kMaxDiskPoints - 1) / kMaxDiskPoints);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < written.size(); ++i) {
        sum += written[i].second;
        if ((i + 1) % step == 0 || i + 1 == written.size())
            f.timeline.push_back({written[i].first, sum, i + 1});
    }
    return f;
}

void DiskTimelineModel::setPoints(std::vector<DiskPoint> points)
{
    beginResetModel();
    m_points = std::move(points);
    endResetModel();
}

QStringList DiskTimelineModel::headers() const
{
    return {tr("Written"), tr("Entries"), tr("Bytes on disk")};
}

QVariant DiskTimelineModel::value(int row, int column) const
{
    const DiskPoint& p = m_points[std::size_t(row)];
    switch (column) {
    case Time: return QDateTime::fromMSecsSinceEpoch(p.ms, Qt::UTC).toString(Qt::ISODate);
    case Entries: return qulonglong(p.entries);
    case BytesOnDisk: return qulonglong(p.cumulativeBytes);
    default: return {};
    }
}

QVariant DiskTimelineModel::display(int row, int column) const
{
    const DiskPoint& p = m_points[std::size_t(row)];
    switch (column) {
    case Time: return QLocale().toString(QDateTime::fromMSecsSinceEpoch(p.ms), QLocale::ShortFormat);
    case BytesOnDisk: return humanBytes(p.cumulativeBytes);
    default: return value(row, column);
    }
}

} // namespace kl::gui
