#include "entrytablemodel.h"

#include "app/gui/common/backgroundpool.h"
#include "core/env/environment.h"
#include "core/report/entrylabels.h"
#include "core/util/utf8.h"
#include "entrytext.h"
#include "rowupdate.h"

#include <QApplication>
#include <QStyle>
#include <QtConcurrent/QtConcurrentRun>
#include <array>
#include <type_traits>
#include <utility>
#include <variant>

namespace kl::gui {
namespace {

QVariant optionalNumber(const std::optional<std::int64_t>& v)
{
    return v ? QVariant(QString::number(*v)) : QVariant();
}

qint64 sortableNumber(const std::optional<std::int64_t>& v)
{
    return v ? *v : -1;
}

// Unread and unreadable sort first (-1), then the figures.
qint64 sortableResource(const KernelResources& r, int column)
{
    if (r.state != KernelResources::State::Read)
        return -1;
    switch (column) {
    case EntryTableModel::RegistersColumn: return r.registers;
    case EntryTableModel::SpillsColumn: return r.spills();
    case EntryTableModel::OccupancyColumn: return r.hasOccupancy ? r.occupancyPermille : -1;
    default: return -1;
    }
}

// The value each column sorts on, handed to `use` in its own type: the one home of the table's
// order, which sortValue wraps in a QVariant for Qt and sortsBefore compares without one.
template <typename Use>
auto withSortValue(const Entry& e, const EntryTableModel::RowText& text, int column, Use&& use)
{
    switch (static_cast<EntryTableModel::Columns>(column)) {
    case EntryTableModel::KernelColumn: return use(text.kernelSortKey);
    case EntryTableModel::KindColumn: return use(static_cast<int>(e.kind));
    case EntryTableModel::ArchColumn: return use(text.archSortKey);
    case EntryTableModel::StagesColumn: return use(text.stages);
    case EntryTableModel::NumWarpsColumn: return use(sortableNumber(e.numWarps));
    case EntryTableModel::NumStagesColumn: return use(sortableNumber(e.numStages));
    case EntryTableModel::SharedColumn: return use(sortableNumber(e.shared));
    case EntryTableModel::RegistersColumn:
    case EntryTableModel::SpillsColumn:
    case EntryTableModel::OccupancyColumn: return use(sortableResource(e.resources, column));
    case EntryTableModel::TritonColumn: return use(text.triton);
    case EntryTableModel::FolderColumn: return use(text.folder);
    case EntryTableModel::SizeColumn: return use(static_cast<qulonglong>(e.totalSize));
    case EntryTableModel::ModifiedColumn: return use(static_cast<qlonglong>(e.newestMtimeNs));
    // Worst status last; within one status, entries with more problems later.
    case EntryTableModel::StatusColumn:
        return use(static_cast<qlonglong>(e.status) * 1'000'000 + static_cast<qlonglong>(e.problems.size()));
    case EntryTableModel::NUM_COLUMNS: break;
    }
    return use(std::monostate());
}

// Digit runs padded to a fixed width, so that plain string comparison puts "cat_2" before
// "cat_10" (Inductor numbers its kernels), after `first`. Computed once per row; sorting stays a
// string compare.
QString naturalSortKey(QChar first, const QString& text)
{
    constexpr qsizetype Width = 12;
    QString key;
    key.reserve(1 + text.size() + 2 * Width);
    key += first;
    for (qsizetype i = 0; i < text.size();) {
        if (!text[i].isDigit()) {
            key += text[i++];
            continue;
        }
        qsizetype end = i;
        while (end < text.size() && text[end].isDigit())
            ++end;
        if (end - i < Width)
            key.append(QString(Width - (end - i), QLatin1Char('0')));
        key += QStringView(text).mid(i, end - i);
        i = end;
    }
    return key;
}

// The texts many rows share (a cache holds a few targets and stage lists): each thread keeps the
// last few, so that rows share one QString of each instead of allocating their own on the scan's
// threads (and freeing it later).
template <typename Key, std::size_t N = 8> class RecentTexts {
public:
    template <typename Make> const QString& get(const Key& key, Make&& make)
    {
        for (const auto& [k, text] : m_slots)
            if (k == key)
                return text;
        auto& slot = m_slots[m_next++ % N];
        slot = {key, make()};
        return slot.second;
    }

private:
    std::array<std::pair<Key, QString>, N> m_slots{};
    std::size_t m_next = 0;
};

} // namespace

EntryTableModel::EntryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Without a QApplication (a test without widgets) problem rows simply get no icon.
    if (qobject_cast<QApplication*>(QCoreApplication::instance()))
        m_warningIcon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

EntryTableModel::~EntryTableModel() = default;

EntryTableModel::RowText EntryTableModel::makeText(const Entry& e)
{
    using TargetKey = std::pair<std::string, std::string>;
    thread_local RecentTexts<TargetKey> archTexts, archSortKeys;
    thread_local RecentTexts<std::string> stageTexts, tritonTexts, folderTexts;
    static const std::string home = Environment::current().home;
    thread_local std::string filter;
    const TargetKey target{e.target.backend, e.target.arch};
    std::string stages = stageList(e);

    RowText t;
    t.kernel = EntryText::kernel(e);
    t.kernelSortKey = naturalSortKey(e.kernel.empty() ? QLatin1Char('1') : QLatin1Char('0'), t.kernel);
    t.arch = archTexts.get(target, [&] { return EntryText::arch(e.target); });
    t.archSortKey = archSortKeys.get(target, [&] { return EntryText::archSortKey(e.target); });
    t.stages = stageTexts.get(stages, [&] { return QString::fromStdString(stages); });
    t.triton = tritonTexts.get(e.tritonVersion,
                               [&] { return QString::fromStdString(printableName(e.tritonVersion)); });
    const std::string_view dir =
        std::string_view(e.path).substr(0, e.path.size() - std::min(e.path.size(), e.folderName.size() + 1));
    t.folder =
        folderTexts.get(std::string(dir), [&] { return QString::fromStdString(folderLabel(e, home)); });
    filter.assign(e.kernel).append(1, '\n').append(e.folderName);
    t.filter = QString::fromStdString(filter);
    return t;
}

void EntryTableModel::resetSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_streamed = {};
    m_rowToEntry.clear();
    m_mapped = false;
    m_text.clear();
    if (m_snapshot) {
        for (const Entry& e : m_snapshot->entries)
            m_text.push_back(makeText(e));
    }
    endResetModel();
}

EntryTableModel::Row EntryTableModel::makeRow(const Entry& entry)
{
    return {entry, makeText(entry)};
}

void EntryTableModel::appendRows(std::vector<Row> rows)
{
    if (rows.empty())
        return;
    if (m_snapshot)
        resetSnapshot(nullptr);
    const int first = int(m_streamed.size());
    beginInsertRows({}, first, first + int(rows.size()) - 1);
    for (Row& r : rows) {
        m_text.push_back(std::move(r.text));
        m_streamed.push_back(std::move(r.entry));
    }
    endInsertRows();
}

bool EntryTableModel::adoptSnapshot(std::shared_ptr<const Snapshot> snapshot,
                                    const std::vector<int>& rowToEntry)
{
    if (!snapshot || m_snapshot || rowToEntry.size() != m_streamed.size() ||
        rowToEntry.size() != snapshot->entries.size())
        return false;
    for (int i : rowToEntry)
        if (i < 0 || std::size_t(i) >= snapshot->entries.size())
            return false;
    m_snapshot = std::move(snapshot);
    m_rowToEntry = rowToEntry;
    m_mapped = true;
    // Freeing 100,000 entries takes tens of milliseconds: let a worker do it.
    (void)QtConcurrent::run(backgroundPool(), [rows = std::move(m_streamed)]() mutable { rows.clear(); });
    m_streamed = {};
    // The cubins were read after the rows went out: their columns change now, in one signal.
    if (!m_rowToEntry.empty())
        emit dataChanged(index(0, RegistersColumn), index(rowCount() - 1, OccupancyColumn));
    return true;
}

bool EntryTableModel::applyUpdate(const RowUpdate& u)
{
    if (!m_snapshot || u.before != m_snapshot || !m_streamed.empty())
        return false;
    if (!m_mapped) { // identity until now: make the mapping explicit
        m_rowToEntry.resize(m_snapshot->entries.size());
        for (std::size_t i = 0; i < m_rowToEntry.size(); ++i)
            m_rowToEntry[i] = int(i);
        m_mapped = true;
    }
    // Removals, descending, one signal per contiguous range; the old snapshot still serves reads.
    for (std::size_t i = 0; i < u.removedRows.size();) {
        const int last = u.removedRows[i];
        int first = last;
        std::size_t j = i + 1;
        while (j < u.removedRows.size() && u.removedRows[j] == first - 1)
            first = u.removedRows[j++];
        beginRemoveRows({}, first, last);
        m_text.erase(m_text.begin() + first, m_text.begin() + last + 1);
        m_rowToEntry.erase(m_rowToEntry.begin() + first, m_rowToEntry.begin() + last + 1);
        endRemoveRows();
        i = j;
    }
    // The rows left now read the new snapshot.
    m_snapshot = u.after;
    m_rowToEntry = u.keptToEntry;
    for (const auto& [row, text] : u.changed) {
        m_text[std::size_t(row)] = text;
        emit dataChanged(index(row, 0), index(row, NUM_COLUMNS - 1));
    }
    if (!u.addedEntries.empty()) {
        const int first = int(m_rowToEntry.size());
        beginInsertRows({}, first, first + int(u.addedEntries.size()) - 1);
        for (std::size_t i = 0; i < u.addedEntries.size(); ++i) {
            m_rowToEntry.push_back(u.addedEntries[i]);
            m_text.push_back(u.addedTexts[i]);
        }
        endInsertRows();
    }
    return true;
}

const Entry* EntryTableModel::entry(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return entryAt(index.row());
}

const Entry* EntryTableModel::entryAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    const auto r = static_cast<std::size_t>(row);
    if (!m_snapshot)
        return &m_streamed[r];
    return &m_snapshot->entries[m_mapped ? std::size_t(m_rowToEntry[r]) : r];
}

bool EntryTableModel::sortsBefore(int a, int b, int column, Qt::CaseSensitivity cs) const
{
    const Entry* ea = entryAt(a);
    const Entry* eb = entryAt(b);
    if (!ea || !eb)
        return ea && !eb; // an invalid value sorts last, as an invalid QVariant does
    const RowText& ta = m_text[static_cast<std::size_t>(a)];
    const RowText& tb = m_text[static_cast<std::size_t>(b)];
    // Compared as QSortFilterProxyModel's isVariantLessThan compares the same values.
    return withSortValue(*ea, ta, column, [&](const auto& x) {
        return withSortValue(*eb, tb, column, [&](const auto& y) {
            using X = std::decay_t<decltype(x)>;
            if constexpr (!std::is_same_v<X, std::decay_t<decltype(y)>> || std::is_same_v<X, std::monostate>)
                return false;
            else if constexpr (std::is_same_v<X, QString>)
                return x.compare(y, cs) < 0;
            else
                return x < y;
        });
    });
}

int EntryTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    if (!m_snapshot)
        return static_cast<int>(m_streamed.size());
    return static_cast<int>(m_mapped ? m_rowToEntry.size() : m_snapshot->entries.size());
}

int EntryTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant EntryTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry* e = entry(index);
    if (!e)
        return {};
    const RowText& text = m_text[static_cast<std::size_t>(index.row())];
    const int column = index.column();

    switch (role) {
    case Qt::DisplayRole: return display(*e, text, column);
    case SortRole: return sortValue(*e, text, column);
    case FilterRole: return text.filter;
    case EntryIndexRole: return m_snapshot && m_mapped ? m_rowToEntry[std::size_t(index.row())] : index.row();
    case ProblemCountRole: return static_cast<int>(e->problems.size());
    case Qt::ToolTipRole:
        if (column == KernelColumn)
            return QString::fromStdString(e->path);
        if (column == StatusColumn && !e->problems.empty())
            return EntryText::problems(*e);
        if (column == RegistersColumn || column == SpillsColumn || column == OccupancyColumn)
            return EntryText::resourcesTip(e->resources);
        if (column == FolderColumn)
            return QString::fromStdString(printableName(e->path));
        return {};
    case Qt::DecorationRole:
        if (column == StatusColumn && !e->problems.empty())
            return m_warningIcon;
        return {};
    case Qt::TextAlignmentRole:
        switch (column) {
        case NumWarpsColumn:
        case NumStagesColumn:
        case SharedColumn:
        case RegistersColumn:
        case SpillsColumn:
        case OccupancyColumn:
        case SizeColumn: return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    default: return {};
    }
}

QVariant EntryTableModel::display(const Entry& e, const RowText& text, int column) const
{
    switch (static_cast<Columns>(column)) {
    case KernelColumn: return text.kernel;
    case KindColumn: return EntryText::kindLabel(e.kind);
    case ArchColumn: return text.arch;
    case StagesColumn: return text.stages;
    case NumWarpsColumn: return optionalNumber(e.numWarps);
    case NumStagesColumn: return optionalNumber(e.numStages);
    case SharedColumn:
        return e.shared ? QVariant(EntryText::size(static_cast<std::uint64_t>(*e.shared))) : QVariant();
    case RegistersColumn: return QString::fromStdString(resourceLabels(e.resources).registers);
    case SpillsColumn: return QString::fromStdString(resourceLabels(e.resources).spills);
    case OccupancyColumn: return QString::fromStdString(resourceLabels(e.resources).occupancy);
    case TritonColumn: return text.triton;
    case FolderColumn: return text.folder;
    case SizeColumn: return EntryText::size(e.totalSize);
    case ModifiedColumn: return EntryText::time(e.newestMtimeNs);
    case StatusColumn:
        if (e.problems.empty())
            return EntryText::statusLabel(e.status);
        return e.problems.size() == 1
                   ? tr("%1 (1 problem)").arg(EntryText::statusLabel(e.status))
                   : tr("%1 (%2 problems)").arg(EntryText::statusLabel(e.status)).arg(e.problems.size());
    case NUM_COLUMNS: break;
    }
    return {};
}

QVariant EntryTableModel::sortValue(const Entry& e, const RowText& text, int column) const
{
    return withSortValue(e, text, column, [](const auto& v) {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>)
            return QVariant();
        else
            return QVariant(v);
    });
}

QVariant EntryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= NUM_COLUMNS)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (static_cast<Columns>(section)) {
        case KernelColumn: return tr("Kernel");
        case KindColumn: return tr("Kind");
        case ArchColumn: return tr("Arch");
        case StagesColumn: return tr("Stages");
        case NumWarpsColumn: return tr("num_warps");
        case NumStagesColumn: return tr("num_stages");
        case SharedColumn: return tr("Shared");
        case RegistersColumn: return tr("Registers");
        case SpillsColumn: return tr("Spills");
        case OccupancyColumn: return tr("Occupancy");
        case TritonColumn: return tr("Triton");
        case FolderColumn: return tr("Folder");
        case SizeColumn: return tr("Size");
        case ModifiedColumn: return tr("Modified");
        case StatusColumn: return tr("Status");
        case NUM_COLUMNS: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (static_cast<Columns>(section)) {
        case KernelColumn: return tr("Kernel name, or (folder name) when none is recorded");
        case KindColumn: {
            // The kinds as the column shows them, in the GUI's language.
            QStringList kinds;
            for (EntryKind k : {EntryKind::Kernel, EntryKind::Autotune, EntryKind::Module, EntryKind::Temp,
                                EntryKind::Foreign, EntryKind::Dump, EntryKind::Override})
                kinds << EntryText::kindLabel(k);
            return tr("What the folder is: %1").arg(kinds.join(QLatin1String(", ")));
        }
        case ArchColumn: return tr("Target architecture the kernel was compiled for");
        case StagesColumn: return tr("Compilation stages present; ?ext marks files Triton does not write");
        case NumWarpsColumn: return tr("Warps per program (num_warps)");
        case NumStagesColumn: return tr("Software pipelining depth (num_stages)");
        case SharedColumn: return tr("Shared memory the kernel uses");
        case RegistersColumn: return tr("Registers per thread, from the cubin (the most over its kernels)");
        case SpillsColumn:
            return tr("Spills as Triton counts them (n_spills): the kernel's local memory in bytes / 4");
        case OccupancyColumn:
            return tr("Theoretical occupancy at the entry's num_warps and shared memory, as CUDA's "
                      "occupancy calculator gives it");
        case TritonColumn: return tr("The Triton version that wrote the entry");
        case FolderColumn: return tr("The cache folder the entry is in");
        case SizeColumn: return tr("Total size of the entry's files");
        case ModifiedColumn: return tr("Newest file time in the entry");
        case StatusColumn: return tr("Whether the entry is usable; hover a row for its problems");
        case NUM_COLUMNS: break;
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace kl::gui
