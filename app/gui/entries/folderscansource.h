#pragma once

// Local cache folders as an EntrySource: the first scan streams its rows, a change the
// CacheWatcher sees (or the user's Rescan) scans again and hands over the new snapshot, and a
// change during a scan is picked up by one more scan when it ends.

#include "core/model/snapshot.h"
#include "entrysource.h"

#include <vector>

namespace kl::gui {

class CacheWatcher;
class ScanController;

class FolderScanSource : public EntrySource {
    Q_OBJECT
public:
    explicit FolderScanSource(std::vector<Root> roots, QObject* parent = nullptr);
    /// Cancels the scan in flight and waits only until it sees it.
    ~FolderScanSource() override;

    QStringList names() const override { return m_names; }
    bool hasLocalFiles() const override { return true; }
    void start() override;
    void rescan() override;
    void cancel() override;
    bool isRunning() const override;

private:
    void onFinished(std::shared_ptr<const Snapshot> snapshot);

    std::vector<Root> m_roots;
    QStringList m_names;
    ScanController* m_scanner = nullptr;
    CacheWatcher* m_watcher = nullptr;
    bool m_streaming = false;     ///< the first scan: its rows stream in
    bool m_rescanPending = false; ///< the folders changed while a scan ran
    Order m_order;                ///< where each streamed row sits in the first scan's snapshot
};

} // namespace kl::gui
