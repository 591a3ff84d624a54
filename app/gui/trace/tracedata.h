#pragma once

#include "trace/timelinedata.h"
#include "trace/traceanalysis.h"
#include "trace/tracejoin.h"

#include <QStringList>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kl::gui {

/// How a traced kernel stands against the opened caches.
enum class CacheMatch : std::uint8_t {
    NotCacheable, ///< a copy, a set or a collective: no compile cache holds it
    None,         ///< a compute kernel no opened entry is named after
    Matched,      ///< an entry whose binary fits what ran
    Mismatch,     ///< entries named after it, none of which fits what ran
};

/// Opened traces as the Trace page shows them: the analysis, the timeline's lanes and the join
/// with the caches shown. Immutable once made (a new join makes a new one sharing the rest), so
/// views and the entries' detail pane read it without locks.
class TraceData {
public:
    QStringList paths;
    std::shared_ptr<const trace::TraceReport> report;
    std::shared_ptr<const TimelineData> timeline;
    /// Per file, what was read but not all of it: cut short, events set aside, not readable.
    QStringList notes;
    trace::JoinResult join;
    bool joined = false; ///< a cache was open to join with

    /// Sets the join and indexes it by kernel and by entry path.
    void setJoin(trace::JoinResult result, bool withCache);

    CacheMatch cacheMatch(std::size_t kernel) const;
    /// The kernel's join, null when no entry is named after it.
    const trace::KernelJoin* joinOf(std::size_t kernel) const;
    /// The entry folders (or keys) the kernel matched, the fitting one first.
    std::vector<std::string> entryPaths(std::size_t kernel) const;

    /// Where an entry appears in the join: the kernel and its EntryMatch.
    struct EntryUse {
        std::size_t kernel = 0;
        const trace::EntryMatch* match = nullptr;
        bool best = false;
    };
    std::vector<EntryUse> usesOf(const std::string& entryPath) const;

private:
    std::vector<int> m_joinOfKernel;
    std::unordered_map<std::string, std::vector<std::pair<std::size_t, std::size_t>>> m_byEntry;
};

} // namespace kl::gui
