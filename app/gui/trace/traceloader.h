#pragma once

// The work the Trace page's jobs run on backgroundPool(): read the files, analyse them, lay out
// the timeline, join with the caches. Plain functions over values, so a BackgroundJob can run
// them and a test can call them directly.

#include "core/model/snapshot.h"
#include "core/trace/tracejoin.h"
#include "tracedata.h"

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace kl::gui {

/// What a load is doing: a sentence and, while reading, bytes read of all files' bytes.
struct TraceLoadProgress {
    QString step;
    qint64 done = 0;
    qint64 total = 0; ///< 0: no measure (analysing, joining)
};

struct TraceLoadResult {
    std::shared_ptr<TraceData> data; ///< null when no file could be read
    QString error;                   ///< why not, naming the files
    bool cancelled = false;
};

/// Reads `paths` (one per rank when several), analyses them (`comm`: which kernels communicate)
/// and lays out the timeline. A file that cannot be read is a note while another one could; none
/// readable is the error.
TraceLoadResult loadTraces(const QStringList& paths, const trace::CommClassifier& comm,
                           const std::atomic<bool>* cancel,
                           const std::function<void(const TraceLoadProgress&)>& progress);

/// Joins `data`'s kernels with the snapshots' entries into a copy of it (trace::joinCaches, as
/// `klens trace --cache` does). An empty `loadCubin` reads local entries' cubins from their folders.
std::shared_ptr<TraceData> joinTraces(const TraceData& data,
                                      const std::vector<std::shared_ptr<const Snapshot>>& snapshots,
                                      const trace::CubinLoader& loadCubin);

} // namespace kl::gui
