#pragma once

#include "app/gui/common/backgroundjob.h"
#include "core/model/snapshot.h"
#include "core/override/folderlinks.h"
#include "core/report/entrydetail.h"

#include <QObject>
#include <memory>

namespace kl::gui {

/// An entry's detail, and its dump and override folders (or, for such a folder, its entries).
struct LoadedDetail {
    EntryDetail detail;
    std::shared_ptr<const Snapshot> snapshot; ///< what `links` index into; null while streaming
    std::vector<FolderLinks> links;
};

/// Reads an entry's full detail (metadata, group file, autotune result) and links it to Triton's
/// dump and override folders of the same kernel (their stages are read and hashed) off the UI
/// thread. Only the newest request reports: a selection that moved on drops the older results.
class DetailLoader : public QObject {
    Q_OBJECT

public:
    explicit DetailLoader(QObject* parent = nullptr);

    /// Load `entry`'s detail, superseding any earlier request; links only with a `snapshot`.
    void load(Entry entry, std::shared_ptr<const Snapshot> snapshot = {});

signals:
    void loaded(std::shared_ptr<const kl::gui::LoadedDetail> detail);

private:
    BackgroundJob m_job{backgroundPool()}; ///< small json reads
};

} // namespace kl::gui
