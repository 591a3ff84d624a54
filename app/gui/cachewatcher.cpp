#include "cachewatcher.h"

#include "backgroundpool.h"
#include "fs/fsprobe.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <sys/stat.h>

namespace kl::gui {
namespace {

constexpr int kPollMs = 3000;
constexpr int kDebounceMs = 700;

qint64 mtimeNs(const QString& folder)
{
    struct stat st {};
    if (::stat(folder.toLocal8Bit().constData(), &st) != 0)
        return -1;
    return qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

} // namespace

CacheWatcher::CacheWatcher(QObject* parent)
    : QObject(parent)
{
    m_poll.setInterval(kPollMs);
    m_debounce.setInterval(kDebounceMs);
    m_debounce.setSingleShot(true);
    connect(&m_events, &QFileSystemWatcher::directoryChanged, &m_debounce, qOverload<>(&QTimer::start));
    connect(&m_debounce, &QTimer::timeout, this, &CacheWatcher::changed);
    connect(&m_poll, &QTimer::timeout, this, &CacheWatcher::pollOnce);
    connect(&m_pollWatcher, &QFutureWatcher<std::map<QString, qint64>>::finished, this, [this] {
        const std::map<QString, qint64> now = m_pollWatcher.result();
        bool differs = false;
        for (const auto& [folder, mtime] : now) {
            auto it = m_mtimes.find(folder);
            if (it != m_mtimes.end() && it->second != mtime)
                differs = true;
            m_mtimes[folder] = mtime;
        }
        if (differs)
            m_debounce.start();
    });
}

CacheWatcher::~CacheWatcher()
{
    m_probe.waitForFinished();
    m_pollWatcher.waitForFinished();
}

void CacheWatcher::stop()
{
    ++m_generation;
    if (!m_events.directories().isEmpty())
        m_events.removePaths(m_events.directories());
    m_poll.stop();
    m_polled.clear();
    m_mtimes.clear();
}

void CacheWatcher::watch(const QStringList& folders)
{
    stop();
    const QByteArray mode = qgetenv("KERNELLENS_WATCH");
    if (mode == "off") {
        m_description = tr("live updates off ($KERNELLENS_WATCH=off)");
        emit descriptionChanged(m_description);
        return;
    }
    // Which filesystem each folder is on is asked off the UI thread: statfs on a hung network
    // mount blocks, and the probe gives up after its deadline.
    const quint64 generation = m_generation;
    QPointer<CacheWatcher> self(this);
    m_probe.setFuture(QtConcurrent::run(backgroundPool(), [self, generation, folders, mode] {
        QStringList events, polled;
        QString why;
        for (const QString& f : folders) {
            if (mtimeNs(f) < 0)
                continue;
            bool poll = mode == "poll";
            if (mode.isEmpty()) {
                const FsInfo fs = probeFilesystem(f.toStdString(), std::chrono::milliseconds(1500));
                poll = fs.category == FsCategory::Network;
                if (poll)
                    why = QString::fromStdString(fs.type);
            }
            (poll ? polled : events) << f;
        }
        if (mode == "poll")
            why = QStringLiteral("$KERNELLENS_WATCH=poll");
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, events, polled, why] {
                if (self && self->m_generation == generation)
                    self->decided(events, polled, why);
            },
            Qt::QueuedConnection);
    }));
}

void CacheWatcher::decided(const QStringList& events, const QStringList& polled, const QString& why)
{
    if (!events.isEmpty())
        m_events.addPaths(events);
    m_polled = polled;
    for (const QString& f : polled)
        m_mtimes[f] = mtimeNs(f);
    if (!polled.isEmpty())
        m_poll.start();
    QStringList parts;
    if (!events.isEmpty())
        parts << tr("watching %n folder(s) for new entries", nullptr, int(events.size()));
    if (!polled.isEmpty())
        parts << tr("polling %n folder(s) every %1 s (%2: remote writers raise no events)", nullptr,
                    int(polled.size()))
                     .arg(m_poll.interval() / 1000.0)
                     .arg(why);
    m_description = parts.isEmpty() ? QString() : tr("live: %1").arg(parts.join(QLatin1String("; ")));
    emit descriptionChanged(m_description);
}

void CacheWatcher::pollOnce()
{
    if (m_pollWatcher.isRunning() || m_polled.isEmpty())
        return;
    m_pollWatcher.setFuture(QtConcurrent::run(backgroundPool(), [folders = m_polled] {
        std::map<QString, qint64> now;
        for (const QString& f : folders)
            now[f] = mtimeNs(f);
        return now;
    }));
}

} // namespace kl::gui
