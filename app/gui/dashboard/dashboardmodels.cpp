#include "dashboardmodels.h"

#include "app/gui/common/qstrings.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <climits>

namespace kl::gui {
namespace {

QVariant percent(std::size_t part, std::size_t whole)
{
    if (whole == 0)
        return {}; // no events: no rate, an empty cell rather than 0 %
    return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

class Tr {
    Q_DECLARE_TR_FUNCTIONS(DashboardModels)
};

QString shortMicros(std::int64_t us)
{
    if (us < 1000)
        return Tr::tr("%1 µs").arg(us);
    if (us < 1000000)
        return Tr::tr("%1 ms").arg(static_cast<double>(us) / 1e3);
    return Tr::tr("%1 s").arg(static_cast<double>(us) / 1e6);
}

QVariant percentText(const QVariant& rate)
{
    return rate.isValid() ? QVariant(Tr::tr("%1 %").arg(rate.toDouble(), 0, 'f', 1)) : QVariant();
}

} // namespace

QString humanBytes(std::uint64_t bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeIecFormat);
}

int DashboardTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows();
}

int DashboardTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(headers().size());
}

QVariant DashboardTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole: return display(index.row(), index.column());
    case Qt::EditRole: return value(index.row(), index.column());
    case Qt::TextAlignmentRole: {
        const QVariant v = value(index.row(), index.column());
        const bool number = v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong ||
                            v.typeId() == QMetaType::ULongLong || v.typeId() == QMetaType::Double;
        return static_cast<int>((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    default: return {};
    }
}

QVariant DashboardTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList h = headers();
    return section >= 0 && section < h.size() ? QVariant(h[section]) : QVariant();
}

// --- TimelineModel

void TimelineModel::setTimeline(Timeline timeline)
{
    beginResetModel();
    m_timeline = std::move(timeline);
    endResetModel();
}

QStringList TimelineModel::headers() const
{
    return {tr("Start"),        tr("Hits"),           tr("Misses"),
            tr("Hit rate (%)"), tr("Compiled bytes"), tr("Cache bytes")};
}

QVariant TimelineModel::value(int row, int column) const
{
    const TimelineBucket& b = m_timeline.buckets[static_cast<std::size_t>(row)];
    switch (column) {
    case Start: return QDateTime::fromMSecsSinceEpoch(b.startMs, Qt::UTC).toString(Qt::ISODate);
    case Hits: return b.hits;
    case Misses: return b.misses;
    case HitRate:
        return percent(static_cast<std::size_t>(b.hits), static_cast<std::size_t>(b.hits + b.misses));
    case Bytes: return static_cast<qulonglong>(b.bytes);
    case CumulativeBytes: return static_cast<qulonglong>(b.cumulativeBytes);
    default: return {};
    }
}

QVariant TimelineModel::display(int row, int column) const
{
    const TimelineBucket& b = m_timeline.buckets[static_cast<std::size_t>(row)];
    switch (column) {
    case Start: return QLocale().toString(QDateTime::fromMSecsSinceEpoch(b.startMs), QLocale::ShortFormat);
    case HitRate: return percentText(value(row, column));
    case Bytes: return humanBytes(b.bytes);
    case CumulativeBytes: return humanBytes(b.cumulativeBytes);
    default: return value(row, column);
    }
}

// --- StageBreakdownModel

void StageBreakdownModel::setBreakdown(StageBreakdown breakdown)
{
    beginResetModel();
    m_breakdown = std::move(breakdown);
    endResetModel();
}

QStringList StageBreakdownModel::headers() const
{
    QStringList h = {tr("Kernel"), tr("Origin"), tr("Arch"), tr("Total (µs)")};
    for (const std::string& stage : m_breakdown.stages)
        h << tr("%1 (µs)").arg(qs(stage));
    return h;
}

QVariant StageBreakdownModel::value(int row, int column) const
{
    const StageBreakdown::Row& r = m_breakdown.rows[static_cast<std::size_t>(row)];
    switch (column) {
    case Kernel: return qs(r.kernel);
    case Origin: return qs(r.origin);
    case Arch: return qs(r.arch);
    case Total: return static_cast<qlonglong>(r.totalUs);
    default: return static_cast<qlonglong>(r.stageUs.at(static_cast<std::size_t>(column - FirstStage)));
    }
}

// --- CompileHistogramModel

void CompileHistogramModel::setBins(std::vector<HistogramBin> bins)
{
    beginResetModel();
    m_bins = std::move(bins);
    endResetModel();
}

QString CompileHistogramModel::rangeLabel(const HistogramBin& bin)
{
    if (bin.toUs == INT64_MAX)
        return tr("≥ %1").arg(shortMicros(bin.fromUs));
    if (bin.fromUs == 0)
        return tr("< %1").arg(shortMicros(bin.toUs));
    return tr("%1–%2").arg(shortMicros(bin.fromUs), shortMicros(bin.toUs));
}

QStringList CompileHistogramModel::headers() const
{
    return {tr("Compile time"), tr("From (µs)"), tr("To (µs)"), tr("Compiles")};
}

QVariant CompileHistogramModel::value(int row, int column) const
{
    const HistogramBin& b = m_bins[static_cast<std::size_t>(row)];
    switch (column) {
    case Range: return rangeLabel(b);
    case From: return static_cast<qlonglong>(b.fromUs);
    case To: return b.toUs == INT64_MAX ? QVariant() : QVariant(static_cast<qlonglong>(b.toUs));
    case Compiles: return b.compiles;
    default: return {};
    }
}

// --- SlowestKernelsModel

void SlowestKernelsModel::setEvents(const std::vector<CompileEvent>& events)
{
    EventStatsOptions options;
    options.slowest = kSlowestKernels;
    setKernels(computeEventStats(events, options).slowest);
}

void SlowestKernelsModel::setKernels(std::vector<KernelCompileTimes> kernels)
{
    beginResetModel();
    m_kernels = std::move(kernels);
    endResetModel();
}

QStringList SlowestKernelsModel::headers() const
{
    return {tr("Kernel"),      tr("Origin"),     tr("Compiles"), tr("Slowest (µs)"),
            tr("Median (µs)"), tr("Total (µs)"), tr("Arch"),     tr("Key")};
}

QVariant SlowestKernelsModel::value(int row, int column) const
{
    const KernelCompileTimes& k = m_kernels[static_cast<std::size_t>(row)];
    switch (column) {
    case Kernel: return qs(k.kernel);
    case Origin: return qs(k.origin);
    case Compiles: return static_cast<qulonglong>(k.compiles);
    case Slowest: return static_cast<qlonglong>(k.maxUs);
    case Median: return k.medianUs;
    case Sum: return static_cast<qlonglong>(k.sumUs);
    case Arch: return qs(k.slowestArch);
    case Key: return qs(k.slowestKey);
    default: return {};
    }
}

QVariant SlowestKernelsModel::display(int row, int column) const
{
    if (column == Slowest || column == Median || column == Sum)
        return qs(humanMicros(value(row, column).toDouble()));
    return value(row, column);
}

// --- OriginModel

void OriginModel::setOrigins(std::vector<OriginStats> origins)
{
    beginResetModel();
    m_origins = std::move(origins);
    endResetModel();
}

QStringList OriginModel::headers() const
{
    return {tr("Origin"), tr("Events"), tr("Hits"), tr("Misses"), tr("Hit rate (%)"), tr("Compiled bytes")};
}

QVariant OriginModel::value(int row, int column) const
{
    const OriginStats& o = m_origins[static_cast<std::size_t>(row)];
    switch (column) {
    case Origin: return qs(o.origin);
    case Events: return static_cast<qulonglong>(o.events);
    case Hits: return static_cast<qulonglong>(o.hits);
    case Misses: return static_cast<qulonglong>(o.misses);
    case HitRate: return percent(o.hits, o.events);
    case Bytes: return static_cast<qulonglong>(o.missBytes);
    default: return {};
    }
}

QVariant OriginModel::display(int row, int column) const
{
    if (column == HitRate)
        return percentText(value(row, column));
    if (column == Bytes)
        return humanBytes(m_origins[static_cast<std::size_t>(row)].missBytes);
    return value(row, column);
}

// --- SizeShareModel

SizeShareModel::SizeShareModel(SizeKey key, QObject* parent)
    : DashboardTableModel(parent)
    , m_key(key)
{
}

void SizeShareModel::setShares(std::vector<SizeShare> shares)
{
    beginResetModel();
    m_shares = std::move(shares);
    endResetModel();
}

QString SizeShareModel::shownName(int row) const
{
    const std::string& name = m_shares[static_cast<std::size_t>(row)].name;
    return name.empty() ? tr("unknown") : qs(name);
}

QStringList SizeShareModel::headers() const
{
    return {m_key == SizeKey::Kernel ? tr("Kernel") : tr("Arch"), tr("Compiled bytes"), tr("Compiles")};
}

QVariant SizeShareModel::value(int row, int column) const
{
    const SizeShare& s = m_shares[static_cast<std::size_t>(row)];
    switch (column) {
    case Name: return qs(s.name);
    case Bytes: return static_cast<qulonglong>(s.bytes);
    case Compiles: return s.compiles;
    default: return {};
    }
}

QVariant SizeShareModel::display(int row, int column) const
{
    if (column == Name)
        return shownName(row);
    if (column == Bytes)
        return humanBytes(m_shares[static_cast<std::size_t>(row)].bytes);
    return value(row, column);
}

} // namespace kl::gui
