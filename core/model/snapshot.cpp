#include "snapshot.h"

namespace kl {

std::string_view toString(RootKind kind)
{
    switch (kind) {
    case RootKind::Cache: return "cache";
    case RootKind::Dump: return "dump";
    case RootKind::Override: return "override";
    }
    return "cache";
}

Summary Snapshot::summary() const
{
    Summary s;
    s.entries = entries.size();
    for (auto k : {EntryKind::Kernel, EntryKind::Autotune, EntryKind::Module, EntryKind::Temp,
                   EntryKind::Foreign, EntryKind::Unknown, EntryKind::Dump, EntryKind::Override})
        s.byKind[std::string(toString(k))] = 0;
    for (auto st : {EntryStatus::Complete, EntryStatus::Incomplete, EntryStatus::Orphan, EntryStatus::Corrupt,
                    EntryStatus::Foreign})
        s.byStatus[std::string(toString(st))] = 0;
    for (const Entry& e : entries) {
        ++s.byKind[std::string(toString(e.kind))];
        ++s.byStatus[std::string(toString(e.status))];
        s.totalSize += e.totalSize;
        s.problems += e.problems.size();
    }
    s.vanished = vanished;
    return s;
}

bool Snapshot::hasProblems() const
{
    for (const Entry& e : entries)
        if (!e.problems.empty())
            return true;
    for (const Root& r : roots)
        if (!r.error.empty())
            return true;
    return false;
}

} // namespace kl
