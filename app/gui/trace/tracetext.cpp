#include "tracetext.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kl::gui {
namespace {

// Three significant digits: 1.25, 12.5, 125.
QString threeDigits(double v)
{
    const QLocale locale;
    const int decimals = v < 10 ? 2 : (v < 100 ? 1 : 0);
    return locale.toString(v, 'f', decimals);
}

bool report(const TraceData& data, std::size_t kernel)
{
    return data.report && kernel < data.report->kernels.size();
}

QString shortName(const trace::KernelStats& k)
{
    return qs(k.shortName.empty() ? k.name : k.shortName);
}

} // namespace

QString TraceText::duration(std::int64_t ns)
{
    const double v = double(ns);
    if (std::abs(v) >= 1e9)
        return tr("%1 s").arg(threeDigits(v / 1e9));
    if (std::abs(v) >= 1e6)
        return tr("%1 ms").arg(threeDigits(v / 1e6));
    if (std::abs(v) >= 1e3)
        return tr("%1 µs").arg(threeDigits(v / 1e3));
    return tr("%1 ns").arg(ns);
}

QString TraceText::bytes(std::int64_t n)
{
    if (n < 1024)
        return tr("%1 B").arg(n);
    if (n < 1024 * 1024)
        return tr("%1 KiB").arg(threeDigits(double(n) / 1024));
    return tr("%1 MiB").arg(threeDigits(double(n) / (1024.0 * 1024.0)));
}

QString TraceText::share(double fraction)
{
    return tr("%1 %").arg(QLocale().toString(fraction * 100, 'f', 1));
}

QString TraceText::kernelClass(trace::KernelClass cls)
{
    switch (cls) {
    case trace::KernelClass::Compute: return tr("compute");
    case trace::KernelClass::Communication: return tr("communication");
    case trace::KernelClass::Memcpy: return tr("memcpy");
    case trace::KernelClass::Memset: return tr("memset");
    }
    return {};
}

QString TraceText::cacheMatch(CacheMatch match)
{
    switch (match) {
    case CacheMatch::Fits: return tr("fits");
    case CacheMatch::Mismatch: return tr("mismatch");
    case CacheMatch::None: return tr("none");
    case CacheMatch::NotJoined: return QStringLiteral("—");
    }
    return {};
}

QString TraceText::lane(std::int32_t rank, std::int32_t device, std::int32_t stream)
{
    const QString deviceStream = tr("GPU %1 · stream %2").arg(device).arg(stream);
    return rank < 0 ? deviceStream : tr("rank %1 · %2").arg(rank).arg(deviceStream);
}

QString TraceText::overlapLane(std::int32_t rank, std::int32_t device)
{
    const QString deviceLane = tr("GPU %1 · comm overlap").arg(device);
    return rank < 0 ? deviceLane : tr("rank %1 · %2").arg(rank).arg(deviceLane);
}

QString TraceText::overlapPart(bool hidden)
{
    return hidden ? tr("communication under compute") : tr("communication exposed");
}

QString TraceText::observed(const trace::Observed& value, bool asBytes)
{
    if (value.common < 0)
        return {};
    auto one = [asBytes](std::int64_t v) { return asBytes ? bytes(v) : QString::number(v); };
    if (!value.varies())
        return one(value.common);
    QStringList all;
    for (std::int64_t v : value.distinct)
        all << one(v);
    return tr("%1 (varies)").arg(all.join(QLatin1String(", ")));
}

QString TraceText::variant(const trace::LaunchVariant& v)
{
    QStringList facts;
    if (v.blockThreads >= 0)
        facts << tr("%1 threads per block").arg(v.blockThreads);
    if (v.registers >= 0)
        facts << tr("%1 registers").arg(v.registers);
    if (v.sharedMemory >= 0)
        facts << tr("%1 of shared memory").arg(bytes(v.sharedMemory));
    return facts.isEmpty() ? tr("no launch details recorded") : facts.join(QLatin1String(", "));
}

QString TraceText::matchTooltip(const TraceData& data, std::size_t kernel)
{
    const trace::KernelJoin* kj = data.joinOf(kernel);
    if (!kj || kj->entries.empty()) {
        if (!data.joined)
            return tr("No cache is open to match with");
        if (data.cacheMatch(kernel) == CacheMatch::NotJoined)
            return tr("Not a kernel a compile cache holds");
        return tr("No opened cache entry is named after this kernel");
    }
    auto fits = [kj](std::size_t m) {
        return std::find(kj->variantBest.begin(), kj->variantBest.end(), int(m)) != kj->variantBest.end();
    };
    bool anyFits = false;
    for (int b : kj->variantBest)
        anyFits = anyFits || b >= 0;
    const int n = int(kj->entries.size());
    QStringList lines;
    if (kj->allFit())
        lines << tr("%n entry(ies) named after it; ✔ marks those that hold a binary that ran:", nullptr, n);
    else if (anyFits)
        lines << tr("Not every binary that ran is in the %n entry(ies) named after it; ✔ marks those that "
                    "hold one:",
                    nullptr, n);
    else
        lines << tr("None of the %n entry(ies) named after it holds the binary that ran:", nullptr, n);
    for (std::size_t m = 0; m < kj->entries.size(); ++m) {
        const trace::EntryMatch& e = kj->entries[m];
        QStringList facts;
        if (!e.arch.empty())
            facts << tr("arch %1").arg(qs(e.arch));
        if (e.registers)
            facts << tr("%1 registers").arg(*e.registers);
        if (e.sharedBytes)
            facts << tr("shared %1").arg(bytes(std::int64_t(*e.sharedBytes)));
        if (!e.archMatches)
            facts << tr("other arch");
        if (!e.warpsMatch)
            facts << tr("other warps");
        if (!e.resourcesMatch)
            facts << tr("other registers or shared memory");
        if (!e.cubinError.empty())
            facts << coreText(e.cubinError);
        lines << QStringLiteral("%1 %2 (%3)")
                     .arg(fits(m) ? QStringLiteral("✔") : QStringLiteral("•"), qs(e.path),
                          facts.join(QLatin1String(", ")));
    }
    // The binaries it ran as, when the trace recorded them: which entry holds each.
    if (report(data, kernel)) {
        const std::vector<trace::LaunchVariant>& variants = data.report->kernels[kernel].variants;
        for (std::size_t v = 0; v < variants.size() && v < kj->variantBest.size(); ++v) {
            const int b = kj->variantBest[v];
            const int calls = int(std::min<std::int64_t>(variants[v].calls, INT32_MAX));
            lines << (b >= 0 && std::size_t(b) < kj->entries.size()
                          ? tr("Ran %n time(s) as %1: held by %2", nullptr, calls)
                                .arg(variant(variants[v]), qs(kj->entries[std::size_t(b)].path))
                          : tr("Ran %n time(s) as %1: held by no entry", nullptr, calls)
                                .arg(variant(variants[v])));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString TraceText::entryGpuTime(const TraceData& data, const std::string& entryPath)
{
    if (!data.report)
        return {};
    const std::vector<TraceData::EntryUse> uses = data.usesOf(entryPath);
    if (uses.empty())
        return {};
    QStringList lines;
    lines << tr("GPU time in the opened traces:");
    for (const TraceData::EntryUse& u : uses) {
        if (u.kernel >= data.report->kernels.size())
            continue;
        const trace::KernelStats& k = data.report->kernels[u.kernel];
        lines << QStringLiteral("  ") +
                     tr("%1: %n call(s), %2 total (%3 of the GPU time), mean %4", nullptr,
                        int(std::min<std::int64_t>(k.calls, INT32_MAX)))
                         .arg(shortName(k), duration(k.totalNs), share(k.share), duration(k.meanNs));
        const trace::EntryMatch& e = *u.match;
        if (!u.fits.empty()) {
            // Several binaries under one name: say which of them this entry holds.
            if (k.variants.size() > 1) {
                for (std::size_t v : u.fits)
                    if (v < k.variants.size())
                        lines << QStringLiteral("  ") +
                                     tr("This entry's binary fits what ran %n time(s) as %1.", nullptr,
                                        int(std::min<std::int64_t>(k.variants[v].calls, INT32_MAX)))
                                         .arg(variant(k.variants[v]));
            } else {
                lines << QStringLiteral("  ") + tr("This entry's binary fits what ran.");
            }
        } else if (!e.resourcesMatch) {
            lines << QStringLiteral("  ") +
                         tr("The binary that ran is not this one: the trace recorded %1 registers and %2 "
                            "of shared memory, this entry's cubin %3 and %4.")
                             .arg(observed(k.registers, false), observed(k.sharedMemory, true),
                                  e.registers ? QString::number(*e.registers) : tr("unknown"),
                                  e.sharedBytes ? bytes(std::int64_t(*e.sharedBytes)) : tr("unknown"));
        } else if (!e.archMatches) {
            lines << QStringLiteral("  ") + tr("Compiled for another GPU than the one in the trace.");
        } else if (!e.warpsMatch) {
            lines << QStringLiteral("  ") + tr("Compiled with another number of warps than what ran.");
        } else {
            lines << QStringLiteral("  ") + tr("Another entry of this kernel fits what ran better.");
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace kl::gui
