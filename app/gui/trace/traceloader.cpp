#include "traceloader.h"

#include "app/gui/common/coretext.h"
#include "core/trace/tracereader.h"
#include "tracetext.h"

#include <QFileInfo>

namespace kl::gui {
namespace {

// The notes a file leaves when it was read but not all of it was kept.
void noteFile(const trace::Trace& t, const QString& path, QStringList& notes)
{
    const QString name = QFileInfo(path).fileName();
    if (t.truncated)
        notes << TraceText::tr("%1 ends early at byte %2 (%3): showing the events before it")
                     .arg(name)
                     .arg(qulonglong(t.truncated->offset))
                     .arg(coreText(t.truncated->message));
    if (const std::uint64_t n = t.skipped.total())
        notes << TraceText::tr("%1: %n event(s) set aside (missing, negative or impossible times)", nullptr,
                               int(std::min<std::uint64_t>(n, INT32_MAX)))
                     .arg(name);
}

} // namespace

TraceLoadResult loadTraces(const QStringList& paths, const trace::CommClassifier& comm,
                           const std::atomic<bool>* cancel,
                           const std::function<void(const TraceLoadProgress&)>& progress)
{
    TraceLoadResult result;
    qint64 total = 0;
    for (const QString& p : paths)
        total += QFileInfo(p).size();
    qint64 before = 0;
    std::vector<trace::Trace> traces;
    QStringList readable;
    QStringList notes;
    QStringList errors;
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        const QString step = paths.size() == 1 ? TraceText::tr("Reading %1…").arg(QFileInfo(path).fileName())
                                               : TraceText::tr("Reading %1 (%2 of %3)…")
                                                     .arg(QFileInfo(path).fileName())
                                                     .arg(i + 1)
                                                     .arg(paths.size());
        if (progress)
            progress({step, before, total});
        trace::TraceReadOptions options;
        options.cancel = cancel;
        options.progress = [&](std::uint64_t done, std::uint64_t) {
            if (progress)
                progress({step, before + qint64(done), total});
        };
        auto read = trace::readTrace(path.toStdString(), options);
        before += QFileInfo(path).size();
        if (cancel && cancel->load()) {
            result.cancelled = true;
            return result;
        }
        if (!read) {
            errors << coreText(read.error());
            continue;
        }
        noteFile(*read, path, notes);
        readable << path;
        traces.push_back(std::move(*read));
    }
    if (traces.empty()) {
        result.error = errors.join(QLatin1Char('\n'));
        return result;
    }
    for (const QString& e : errors)
        notes.prepend(TraceText::tr("Not shown: %1").arg(e));

    if (progress)
        progress({TraceText::tr("Analysing %n trace(s)…", nullptr, int(traces.size())), 0, 0});
    std::vector<const trace::Trace*> pointers;
    std::vector<std::int32_t> ranks;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        pointers.push_back(&traces[i]);
        // Several files are one per rank: a file without distributedInfo is known by its place.
        ranks.push_back(traces[i].rank.value_or(traces.size() > 1 ? std::int32_t(i) : -1));
    }
    auto data = std::make_shared<TraceData>();
    data->paths = readable;
    data->notes = notes;
    auto report = std::make_shared<trace::TraceReport>(trace::analyse(pointers, comm));
    if (cancel && cancel->load()) {
        result.cancelled = true;
        return result;
    }
    if (progress)
        progress({TraceText::tr("Laying out the timeline…"), 0, 0});
    data->timeline = std::make_shared<const TimelineData>(TimelineData::fromTraces(pointers, ranks, *report));
    data->report = std::move(report);
    data->setJoin({}, false);
    result.data = std::move(data);
    return result;
}

std::shared_ptr<TraceData> joinTraces(const TraceData& data,
                                      const std::vector<std::shared_ptr<const Snapshot>>& snapshots,
                                      const trace::CubinLoader& loadCubin)
{
    auto out = std::make_shared<TraceData>(data);
    std::vector<const Snapshot*> pointers;
    for (const auto& s : snapshots)
        if (s)
            pointers.push_back(s.get());
    if (!data.report || pointers.empty()) {
        out->setJoin({}, false);
        return out;
    }
    out->setJoin(trace::joinCaches(*data.report, pointers, loadCubin), true);
    return out;
}

} // namespace kl::gui
