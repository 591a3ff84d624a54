#pragma once

#include "core/trace/traceanalysis.h"
#include "core/trace/tracejoin.h"
#include "timelinedata.h"

#include <QStringList>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kl::gui {

/// How a traced kernel stands against the opened caches: trace::matchState(), so the Trace page
/// and `klens trace` say the same.
enum class CacheMatch : std::uint8_t {
    NotJoined, ///< "not-joined": no cache open, or a copy or set (no compile cache holds one)
    None,      ///< "none": no opened entry is named after it
    Fits,      ///< "fits": every binary it ran as fits an entry
    Mismatch,  ///< "mismatch": entries named after it, and a binary that ran fits none of them
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

    /// Sets the join and indexes it by entry path.
    void setJoin(trace::JoinResult result, bool withCache);

    CacheMatch cacheMatch(std::size_t kernel) const;
    /// The kernel's join (JoinResult::of), null when no entry is named after it.
    const trace::KernelJoin* joinOf(std::size_t kernel) const;
    /// The entry folders (or keys) the kernel matched, those that fit a binary it ran as first.
    std::vector<std::string> entryPaths(std::size_t kernel) const;

    /// Where an entry appears in the join: the kernel, its EntryMatch and the binaries it fits
    /// (indices into the kernel's KernelStats::variants; empty when it fits none).
    struct EntryUse {
        std::size_t kernel = 0;
        const trace::EntryMatch* match = nullptr;
        std::vector<std::size_t> fits;
    };
    std::vector<EntryUse> usesOf(const std::string& entryPath) const;

private:
    std::unordered_map<std::string, std::vector<std::pair<std::size_t, std::size_t>>> m_byEntry;
};

} // namespace kl::gui
