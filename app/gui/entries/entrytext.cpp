#include "entrytext.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"
#include "core/report/entrylabels.h"
#include "core/util/utf8.h"

#include <QDateTime>
#include <QLocale>
#include <QStringList>

namespace kl::gui {
namespace {

// File names may hold bytes that are not UTF-8; show them escaped, as the CLI does.
QString name(std::string_view s)
{
    return QString::fromStdString(printableName(s));
}

bool isNumber(const std::string& s)
{
    return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

void appendFields(QString& out, const QString& title, const std::vector<MetadataField>& fields)
{
    out += QLatin1Char('\n') + title + QLatin1Char('\n');
    if (fields.empty())
        out += QLatin1String("  ") + EntryText::tr("(none)") + QLatin1Char('\n');
    for (const MetadataField& f : fields)
        out += QLatin1String("  ") + name(f.key).leftJustified(34) + QLatin1Char(' ') + qs(f.json) +
               QLatin1Char('\n');
}

} // namespace

QString EntryText::kernel(const Entry& entry)
{
    return QString::fromStdString(displayName(entry));
}

QString EntryText::arch(const Target& target)
{
    return QString::fromStdString(archLabel(target));
}

QString EntryText::archSortKey(const Target& target)
{
    if (isNumber(target.arch))
        return qs(target.backend) + QLatin1Char(':') + qs(target.arch).rightJustified(8, QLatin1Char('0'));
    return qs(target.backend) + QLatin1Char(':') + qs(target.arch);
}

QString EntryText::stages(const Entry& entry)
{
    return QString::fromStdString(stageList(entry));
}

QString EntryText::size(std::uint64_t bytes)
{
    if (bytes < 1024)
        return tr("%1 B").arg(bytes);
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1);
}

QString EntryText::time(std::int64_t ns)
{
    if (ns <= 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ns / 1'000'000).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString EntryText::resourcesTip(const KernelResources& r)
{
    switch (r.state) {
    case KernelResources::State::NotRead: return {};
    case KernelResources::State::NoCubin: return tr("No cubin in this entry");
    case KernelResources::State::Unreadable:
        return tr("The cubin could not be read as a CUDA ELF: the entry's cubin tab says why");
    case KernelResources::State::Read: break;
    }
    QStringList limits;
    if (r.limitedBy & KernelResources::Registers)
        limits << tr("registers");
    if (r.limitedBy & KernelResources::SharedMemory)
        limits << tr("shared memory");
    if (r.limitedBy & KernelResources::Warps)
        limits << tr("warps per SM");
    if (r.limitedBy & KernelResources::Blocks)
        limits << tr("blocks per SM");
    QString text =
        tr("%n register(s) per thread, %1 bytes of local memory", nullptr, r.registers).arg(r.localBytes);
    if (r.hasOccupancy)
        text += QLatin1Char('\n') + tr("Occupancy %1%, limited by %2")
                                        .arg(QString::number(r.occupancyPermille / 10.0, 'f', 1),
                                             limits.join(QLatin1String(", ")));
    else
        text += QLatin1Char('\n') + tr("No occupancy: the entry records no num_warps or its arch is unknown");
    return text;
}

QString EntryText::problems(const Entry& entry)
{
    QStringList lines;
    for (const Problem& p : entry.problems)
        lines << qs(p.code) + QLatin1String(": ") + coreText(p.message);
    return lines.join(QLatin1Char('\n'));
}

QString EntryText::kindLabel(EntryKind kind)
{
    switch (kind) {
    case EntryKind::Kernel: return tr("kernel", "entry kind");
    case EntryKind::Autotune: return tr("autotune", "entry kind");
    case EntryKind::Module: return tr("module", "entry kind");
    case EntryKind::Temp: return tr("temp", "entry kind");
    case EntryKind::Foreign: return tr("foreign", "entry kind");
    case EntryKind::Dump: return tr("dump", "entry kind");
    case EntryKind::Override: return tr("override", "entry kind");
    case EntryKind::Unknown: break;
    }
    return tr("unknown", "entry kind");
}

QString EntryText::statusLabel(EntryStatus status)
{
    switch (status) {
    case EntryStatus::Complete: return tr("complete", "entry status");
    case EntryStatus::Incomplete: return tr("incomplete", "entry status");
    case EntryStatus::Orphan: return tr("orphan", "entry status");
    case EntryStatus::Corrupt: return tr("corrupt", "entry status");
    case EntryStatus::Foreign: break;
    }
    return tr("foreign", "entry status");
}

QString EntryText::detail(const EntryDetail& d, const QString& links)
{
    const Entry& e = d.entry;
    QString out;
    auto line = [&out](const QString& label, const QString& value) {
        out += label.leftJustified(10) + QLatin1Char(' ') + value + QLatin1Char('\n');
    };
    line(tr("kernel"), kernel(e));
    line(tr("entry"), name(e.path));
    line(tr("kind"), tr("%1, %2").arg(kindLabel(e.kind), statusLabel(e.status)));
    QString key = qs(toString(e.era));
    if (!e.hash.empty())
        key += tr(", hash %1 (%2)")
                   .arg(qs(e.hash), !e.hashOk   ? tr("not checkable for this folder name")
                                    : *e.hashOk ? tr("folder name matches")
                                                : tr("folder name does NOT match"));
    line(tr("key"), key);
    if (!e.target.empty())
        line(tr("target"),
             tr("%1 %2, warp size %3")
                 .arg(qs(e.target.backend), arch(e.target), QString::number(e.target.warpSize)));
    if (e.numWarps || e.numStages || e.shared)
        line(tr("launch"),
             tr("num_warps %1, num_stages %2, shared %3")
                 .arg(e.numWarps ? QString::number(*e.numWarps) : QStringLiteral("-"),
                      e.numStages ? QString::number(*e.numStages) : QStringLiteral("-"),
                      e.shared ? size(static_cast<std::uint64_t>(*e.shared)) : QStringLiteral("-")));
    if (!e.tritonVersion.empty() || !e.metadataFormat.empty())
        line(tr("triton"),
             tr("%1 (metadata format %2)")
                 .arg(e.tritonVersion.empty() ? tr("version not recorded") : qs(e.tritonVersion),
                      qs(e.metadataFormat)));
    // A remote entry has no file times (a server records none).
    line(tr("size"), e.newestMtimeNs ? tr("%1, newest file %2").arg(size(e.totalSize), time(e.newestMtimeNs))
                                     : size(e.totalSize));

    out += QLatin1Char('\n') + tr("problems:");
    out += e.problems.empty() ? QLatin1Char(' ') + tr("none") + QLatin1Char('\n') : QStringLiteral("\n");
    for (const Problem& p : e.problems)
        out += QLatin1String("  ") + qs(p.code).leftJustified(18) + QLatin1Char(' ') + coreText(p.message) +
               QLatin1Char('\n');

    out += links;
    out += QLatin1Char('\n') + tr("stages:") + QLatin1Char('\n');
    for (const Stage& s : e.stages)
        out += QLatin1String("  ") + name(s.ext()).leftJustified(10) + QLatin1Char(' ') +
               size(s.size).rightJustified(10) + QLatin1String("  ") + time(s.mtimeNs) + QLatin1String("  ") +
               name(s.fileName) + (s.known ? QString() : QLatin1String("  ") + tr("(not a Triton stage)")) +
               QLatin1Char('\n');

    if (d.metadata) {
        appendFields(out, tr("options:"), d.metadata->options);
        appendFields(out, tr("cache-invalidating env vars:"), d.metadata->envVars);
        appendFields(out, tr("recorded by the compiler:"), d.metadata->derived);
    }
    if (d.group) {
        const QString shape =
            d.group->shape == GroupShape::PathMap ? tr("name -> absolute path") : tr("list of names");
        const std::size_t n = d.group->children.size();
        out += QLatin1Char('\n') +
               (n == 1 ? tr("group file (%1), 1 child:").arg(shape)
                       : tr("group file (%1), %2 children:").arg(shape).arg(n)) +
               QLatin1Char('\n');
        for (const GroupChild& c : d.group->children)
            out += QLatin1String("  ") + name(c.name) +
                   (c.recordedPath.empty() ? QString() : QLatin1String(" -> ") + name(c.recordedPath)) +
                   QLatin1Char('\n');
    }
    if (d.autotune) {
        const QString tuneKey = qs(d.autotune->keyJson);
        const std::size_t n = d.autotune->configs.size();
        out += QLatin1Char('\n') +
               (n == 1 ? tr("autotune key %1, 1 configuration:").arg(tuneKey)
                       : tr("autotune key %1, %2 configurations:").arg(tuneKey, QString::number(n))) +
               QLatin1Char('\n');
        for (const AutotuneTiming& t : d.autotune->configs) {
            QStringList times;
            for (double x : t.timings)
                times << QString::number(x);
            out += QStringLiteral("  %1  [%2]\n").arg(qs(t.configJson), times.join(QLatin1String(", ")));
        }
    }
    if (!d.readError.empty())
        out += QLatin1Char('\n') + tr("could not read everything: %1").arg(coreText(d.readError)) +
               QLatin1Char('\n');
    return out;
}

QString EntryText::folderLinks(const Snapshot& snap, const Entry& entry,
                               const std::vector<FolderLinks>& links)
{
    auto stageList = [](const LinkedEntry& l) {
        QStringList s;
        for (const std::string& x : l.sharedStages)
            s << qs(x);
        return s.join(QLatin1Char(' '));
    };
    // Why a cache entry and a folder are linked, from the folder's side.
    auto why = [&](const Entry& folder, const FolderLinks& fl, const LinkedEntry& l) {
        if (l.viaTwin)
            return tr("the kernel it overrides, through the dump of the same source");
        if (folder.kind == EntryKind::Override)
            return l.whole && sharesEdited(fl, l) ? tr("built from it: %1").arg(stageList(l))
                                                  : tr("shares %1").arg(stageList(l));
        return l.whole ? tr("all stages equal: %1").arg(stageList(l)) : tr("shares %1").arg(stageList(l));
    };
    QString out;
    const bool isFolder = entry.kind == EntryKind::Dump || entry.kind == EntryKind::Override;
    if (isFolder) {
        out += QLatin1Char('\n') + tr("cache entries of this folder (linked by the stages they share):") +
               QLatin1Char('\n');
        bool any = false;
        for (const FolderLinks& l : links) {
            if (l.twin >= 0)
                out += QLatin1String("  ") +
                       tr("same source: %1").arg(name(snap.entries[std::size_t(l.twin)].path)) +
                       QLatin1Char('\n');
            for (const LinkedEntry& e : l.entries) {
                any = true;
                const Entry& c = snap.entries[e.entry];
                out += QLatin1String("  ") + name(c.path) + QLatin1String("  ") + arch(c.target) +
                       QLatin1String("  (") + why(entry, l, e) + QLatin1String(")\n");
            }
            if (!l.note.empty())
                out += QLatin1String("  ") + coreText(l.note) + QLatin1Char('\n');
        }
        if (!any)
            out += QLatin1String("  ") + tr("none: no cache entry shares its stages") + QLatin1Char('\n');
        return out;
    }
    if (links.empty())
        return out;
    out += QLatin1Char('\n') + tr("dump and override folders of this entry:") + QLatin1Char('\n');
    for (const FolderLinks& l : links) {
        const Entry& folder = snap.entries[l.folder];
        for (const LinkedEntry& e : l.entries)
            if (e.entry < snap.entries.size() && snap.entries[e.entry].path == entry.path)
                out += QLatin1String("  ") + kindLabel(folder.kind).leftJustified(9) + QLatin1Char(' ') +
                       name(folder.path) + QLatin1String("  (") + why(folder, l, e) + QLatin1String(")\n");
    }
    return out;
}

} // namespace kl::gui
