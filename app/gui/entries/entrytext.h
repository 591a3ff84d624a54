#pragma once

#include "core/model/snapshot.h"
#include "core/override/folderlinks.h"
#include "core/report/entrydetail.h"

#include <QCoreApplication>
#include <QString>
#include <cstdint>

namespace kl::gui {

/// How the GUI words an entry: the short texts of the table cells and the full detail text.
class EntryText {
    Q_DECLARE_TR_FUNCTIONS(EntryText)

public:
    /// The kernel name, or "(folder name)" for entries that record none.
    static QString kernel(const Entry& entry);
    /// "sm_90" for numeric CUDA archs, else the arch as recorded ("gfx90a"); empty when unknown.
    static QString arch(const Target& target);
    /// A key that sorts archs in a natural order (sm_75 < sm_90 < sm_100).
    static QString archSortKey(const Target& target);
    /// The kind and the status in the GUI's language; filters keep matching core's toString().
    static QString kindLabel(EntryKind kind);
    static QString statusLabel(EntryStatus status);
    /// The stages present, in canonical order; "?ext" marks files Triton does not write.
    static QString stages(const Entry& entry);
    /// "19.5 KiB": sizes as people read them.
    static QString size(std::uint64_t bytes);
    /// Local time of a file time in nanoseconds since the epoch, "yyyy-MM-dd HH:mm:ss".
    static QString time(std::int64_t ns);
    /// One line per problem: "code: message".
    static QString problems(const Entry& entry);
    /// The resource columns' tooltip: the figures in words, what binds the occupancy, or why
    /// there are none.
    static QString resourcesTip(const KernelResources& resources);
    /// Everything known about one entry, as plain text for the detail pane; `links` (from
    /// folderLinks) follows its problems.
    static QString detail(const EntryDetail& detail, const QString& links = {});
    /// The detail pane's section on Triton's dump and override folders: a cache entry's linked
    /// folders, or a folder's cache entries and twin (`links` from linkUserFoldersOf on `snap`).
    static QString folderLinks(const Snapshot& snap, const Entry& entry,
                               const std::vector<FolderLinks>& links);
};

} // namespace kl::gui
