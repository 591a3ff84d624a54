#include "folderscansource.h"

#include "app/gui/common/qstrings.h"
#include "cachewatcher.h"
#include "scancontroller.h"

#include <QTimer>

namespace kl::gui {

FolderScanSource::FolderScanSource(std::vector<Root> roots, QObject* parent)
    : EntrySource(parent)
    , m_roots(std::move(roots))
    , m_scanner(new ScanController(this))
    , m_watcher(new CacheWatcher(this))
{
    for (const Root& r : m_roots)
        m_names << qs(r.path);
    connect(m_watcher, &CacheWatcher::descriptionChanged, this, &EntrySource::liveStatus);
    connect(m_watcher, &CacheWatcher::changed, this, [this] {
        if (isRunning())
            m_rescanPending = true;
        else
            rescan();
    });
    connect(m_scanner, &ScanController::started, this, [this] { emit progress(0, 0, 0); });
    connect(m_scanner, &ScanController::progress, this,
            [this](quint64, qint64 done, qint64 total, qint64 elapsedMs) {
                emit progress(done, total, elapsedMs);
            });
    connect(m_scanner, &ScanController::entriesFound, this, [this](quint64, Rows batch) {
        if (m_streaming)
            emit rowsAppended(std::move(batch));
    });
    connect(m_scanner, &ScanController::streamEnded, this,
            [this](quint64, Order order) { m_order = std::move(order); });
    connect(m_scanner, &ScanController::finished, this,
            [this](quint64, std::shared_ptr<const Snapshot> snapshot) { onFinished(std::move(snapshot)); });
}

FolderScanSource::~FolderScanSource()
{
    delete m_scanner; // before the watcher: its scan may be reading a folder the window removes next
}

void FolderScanSource::start()
{
    m_watcher->watch(m_names);
    m_streaming = true;
    m_order.reset();
    emit begun();
    m_scanner->start(m_roots, /*stream=*/true);
}

void FolderScanSource::rescan()
{
    if (!m_roots.empty())
        m_scanner->start(m_roots);
}

void FolderScanSource::cancel()
{
    m_scanner->cancel();
}

bool FolderScanSource::isRunning() const
{
    return m_scanner->isRunning();
}

void FolderScanSource::onFinished(std::shared_ptr<const Snapshot> snapshot)
{
    if (std::exchange(m_rescanPending, false))
        QTimer::singleShot(0, this, &FolderScanSource::rescan);
    if (std::exchange(m_streaming, false))
        emit finished(std::move(snapshot), std::exchange(m_order, nullptr));
    else
        emit updated(std::move(snapshot));
}

} // namespace kl::gui
