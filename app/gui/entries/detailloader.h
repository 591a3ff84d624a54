#pragma once

#include "common/backgroundjob.h"
#include "report/entrydetail.h"

#include <QObject>
#include <memory>

namespace kl::gui {

/// Reads an entry's full detail (metadata, group file, autotune result) off the UI thread.
/// Only the newest request reports: a selection that moved on drops the older results.
class DetailLoader : public QObject {
    Q_OBJECT

public:
    explicit DetailLoader(QObject* parent = nullptr);

    /// Load `entry`'s detail, superseding any earlier request.
    void load(Entry entry);

signals:
    void loaded(std::shared_ptr<const kl::EntryDetail> detail);

private:
    BackgroundJob m_job{backgroundPool()}; ///< small json reads
};

} // namespace kl::gui
