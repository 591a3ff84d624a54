#include "cachewatcher.h"

#include "core/fs/fsprobe.h"

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
}

CacheWatcher::~CacheWatcher() = default;

void CacheWatcher::stop()
{
    m_probe.discard();
    m_pollJob.discard();
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
    struct Decision {
        QStringList events, polled;
        QString why;
    };
    m_probe.start(
        [folders, mode](const JobToken&) {
            Decision d;
            for (const QString& f : folders) {
                if (mtimeNs(f) < 0)
                    continue;
                bool poll = mode == "poll";
                if (mode.isEmpty()) {
                    const FsInfo fs = probeFilesystem(f.toStdString(), std::chrono::milliseconds(1500));
                    poll = fs.category == FsCategory::Network;
                    if (poll)
                        d.why = QString::fromStdString(fs.type);
                }
                (poll ? d.polled : d.events) << f;
            }
            if (mode == "poll")
                d.why = QStringLiteral("$KERNELLENS_WATCH=poll");
            return d;
        },
        [this](const Decision& d) { decided(d.events, d.polled, d.why); });
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
    if (m_pollJob.isRunning() || m_polled.isEmpty())
        return;
    m_pollJob.start(
        [folders = m_polled](const JobToken&) {
            std::map<QString, qint64> now;
            for (const QString& f : folders)
                now[f] = mtimeNs(f);
            return now;
        },
        [this](const std::map<QString, qint64>& now) {
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

} // namespace kl::gui
