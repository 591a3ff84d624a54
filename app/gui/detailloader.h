#pragma once

#include "report/entrydetail.h"

#include <QFuture>
#include <QObject>
#include <memory>

namespace kl::gui {

/// Reads an entry's full detail (metadata, group file, autotune result) off the UI thread.
/// Only the newest request reports: a selection that moved on drops the older results.
class DetailLoader : public QObject {
    Q_OBJECT

public:
    explicit DetailLoader(QObject* parent = nullptr);
    /// Waits for the reads in flight (small json files), so no worker outlives the loader.
    ~DetailLoader() override;

    /// Load `entry`'s detail, superseding any earlier request. Returns the request's id.
    quint64 load(Entry entry);
    quint64 currentJob() const { return m_current; }

signals:
    void loaded(quint64 job, std::shared_ptr<const kl::EntryDetail> detail);

private:
    quint64 m_current = 0;
    QList<QFuture<std::shared_ptr<const EntryDetail>>> m_running;
};

} // namespace kl::gui
