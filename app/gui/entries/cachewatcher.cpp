#include "cachewatcher.h"

#include "core/fs/fsprobe.h"

#include <QDir>
#include <QFileInfo>
#include <cstring>
#include <sys/stat.h>

namespace kl::gui {
namespace {

constexpr int kPollMs = 3000;
constexpr int kDebounceMs = 700;
constexpr const char* kPackFolder = ".kernellens-pack";

qint64 mtimeNs(const QString& folder)
{
    struct stat st {};
    if (::stat(folder.toLocal8Bit().constData(), &st) != 0)
        return -1;
    return qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

} // namespace

// A root's pack folder and the packs in it: packed writers append to a pack (and its index)
// without changing any folder, so the packs are watched as files, and the folder for new packs.
QStringList CacheWatcher::packsOf(const QString& root)
{
    const QString folder = root + QLatin1Char('/') + QLatin1String(kPackFolder);
    if (mtimeNs(folder) < 0)
        return {};
    QStringList out{folder};
    for (const QString& name : QDir(folder).entryList({QStringLiteral("*.klpack")}, QDir::Files))
        out << folder + QLatin1Char('/') + name;
    return out;
}

void CacheWatcher::packFolderChanged(const QString& folder)
{
    // A pack added, or one rewritten by klens clean (another file under the same name): watched anew.
    if (!m_packFolders.contains(folder))
        return;
    const QStringList now = packsOf(folder.chopped(qsizetype(std::strlen(kPackFolder)) + 1));
    const QStringList watched = m_events.files();
    for (const QString& p : now)
        if (p != folder && !watched.contains(p))
            m_events.addPath(p);
}

CacheWatcher::CacheWatcher(QObject* parent)
    : QObject(parent)
{
    m_poll.setInterval(kPollMs);
    m_debounce.setInterval(kDebounceMs);
    m_debounce.setSingleShot(true);
    connect(&m_events, &QFileSystemWatcher::directoryChanged, &m_debounce, qOverload<>(&QTimer::start));
    connect(&m_events, &QFileSystemWatcher::directoryChanged, this, &CacheWatcher::packFolderChanged);
    connect(&m_events, &QFileSystemWatcher::fileChanged, this, [this](const QString& file) {
        // Rewritten or removed: the name is watched again if a pack is there now.
        if (!m_events.files().contains(file) && QFileInfo::exists(file))
            m_events.addPath(file);
        m_debounce.start();
    });
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
    if (!m_events.files().isEmpty())
        m_events.removePaths(m_events.files());
    m_packFolders.clear();
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
        QStringList packEvents, packPolled; ///< pack folders and their packs (packsOf)
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
                (poll ? d.packPolled : d.packEvents) << packsOf(f);
            }
            if (mode == "poll")
                d.why = QStringLiteral("$KERNELLENS_WATCH=poll");
            return d;
        },
        [this](const Decision& d) {
            m_packFolders.clear();
            for (const QString& p : d.packEvents)
                if (p.endsWith(QLatin1String(kPackFolder)))
                    m_packFolders << p;
            if (!d.packEvents.isEmpty())
                m_events.addPaths(d.packEvents);
            decided(d.events, d.polled + d.packPolled, d.why, d.polled.size());
        });
}

void CacheWatcher::decided(const QStringList& events, const QStringList& polled, const QString& why,
                           qsizetype polledRoots)
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
                    int(polledRoots))
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
