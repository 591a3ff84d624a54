#include "democache.h"

#include "core/events/eventlogreader.h"
#include "demoplanting.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <map>

namespace kl::gui {

DemoCache::DemoCache() = default;
DemoCache::~DemoCache() = default;

QString DemoCache::sourceDir()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/kernellens/demo/triton-cache"));
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_SOURCE_DIR);
    return QFileInfo(source).isDir() ? source : QString();
}

QString DemoCache::eventsSourceFile()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/kernellens/demo/events/events.jsonl"));
    if (QFileInfo(installed).isFile())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_EVENTS_SOURCE_FILE);
    return QFileInfo(source).isFile() ? source : QString();
}

QString DemoCache::traceSourceFile()
{
    const QString installed =
        QDir(QCoreApplication::applicationDirPath())
            .filePath(QStringLiteral("../share/kernellens/demo/trace/demo.pt.trace.json.gz"));
    if (QFileInfo(installed).isFile())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_TRACE_SOURCE_FILE);
    return QFileInfo(source).isFile() ? source : QString();
}

QString DemoCache::erasSourceDir()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/kernellens/demo/triton-eras"));
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_ERAS_SOURCE_DIR);
    return QFileInfo(source).isDir() ? source : QString();
}

QString DemoCache::nvrtcSourceDir()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/kernellens/demo/nvrtc-cache"));
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_NVRTC_SOURCE_DIR);
    return QFileInfo(source).isDir() ? source : QString();
}

bool DemoCache::materialize(QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QString source = sourceDir();
    if (source.isEmpty())
        return fail(tr("the demo cache is not installed (looked in %1 and %2)")
                        .arg(QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("../share/kernellens/demo/triton-cache")),
                             QStringLiteral(KL_DEMO_SOURCE_DIR)));

    auto dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kernellens-demo-XXXXXX"));
    if (!dir->isValid())
        return fail(
            tr("cannot create a temporary folder in %1: %2").arg(QDir::tempPath(), dir->errorString()));
    const QString target = dir->filePath(QStringLiteral("triton-cache"));
    QString why;
    if (!copyTree(source, target, &why))
        return fail(why);
    // Entries older Tritons wrote (sha256-hex and base64 folder names, 3.0-3.3 metadata), in the
    // same cache as a long-lived ~/.triton/cache would have them.
    if (const QString eras = erasSourceDir(); !eras.isEmpty())
        for (const QString& version : QDir(eras).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (!copyTree(QDir(eras).filePath(version), target, &why))
                return fail(why);
    // KernelLens's own NVRTC entries, next to Triton's (optional: older installs lack them).
    QString nvrtc;
    if (const QString nvrtcSource = nvrtcSourceDir(); !nvrtcSource.isEmpty()) {
        nvrtc = dir->filePath(QStringLiteral("nvrtc-cache"));
        if (!copyTree(nvrtcSource, nvrtc, &why))
            return fail(why);
    }
    // Healthy entries where the copy lies, except one left "moved"; then the planted problems.
    relocateGroupFiles(target, /*leaveOneMoved=*/true);
    if (!nvrtc.isEmpty())
        relocateGroupFiles(nvrtc, false);
    m_planted = plantProblems(target);

    // The events log is copied too: reading it takes a lock on a sidecar file next to it, which
    // must not appear in the installed (or source) folder.
    QString events;
    if (const QString eventsSource = eventsSourceFile(); !eventsSource.isEmpty()) {
        events = dir->filePath(QStringLiteral("events/events.jsonl"));
        if (!QDir().mkpath(QFileInfo(events).path()))
            return fail(tr("cannot create %1").arg(QFileInfo(events).path()));
        QFile in(eventsSource);
        if (!in.copy(events))
            return fail(tr("cannot copy %1 to %2: %3").arg(eventsSource, events, in.errorString()));
        QFile(events).setPermissions(QFile(events).permissions() | QFileDevice::WriteOwner);
    }
    if (!events.isEmpty()) {
        dateEntriesFromEvents(target, events);
        if (!nvrtc.isEmpty())
            dateEntriesFromEvents(nvrtc, events);
    }
    m_dir = std::move(dir);
    m_path = target;
    m_nvrtcPath = nvrtc;
    m_eventsPath = events;
    return true;
}

// The bundled entries carry the times of the checkout; the bundled events a week in March. So
// that a time range picked on the dashboard selects entries, each entry gets the time of the
// first compile (miss) the events record for its key, and entries without one a time inside the
// history, spread by their name.
void DemoCache::dateEntriesFromEvents(const QString& cache, const QString& events)
{
    const EventLogContents log = readEventLog(events.toStdString());
    if (log.events.empty())
        return;
    std::map<std::string, std::int64_t> firstMiss;
    std::int64_t first = log.events.front().timeNs, last = first;
    for (const CompileEvent& e : log.events) {
        first = std::min(first, e.timeNs);
        last = std::max(last, e.timeNs);
        if (!e.cacheHit && !firstMiss.count(e.key))
            firstMiss[e.key] = e.timeNs;
    }
    const QDir root(cache);
    for (const QString& name :
         root.entryList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden)) {
        auto it = firstMiss.find(name.toStdString());
        const std::int64_t ns = it != firstMiss.end()
                                    ? it->second
                                    : first + std::int64_t(qHash(name) % 1000) * ((last - first) / 1000);
        const QDateTime when = QDateTime::fromMSecsSinceEpoch(ns / 1'000'000, Qt::UTC);
        QStringList files{root.filePath(name)};
        if (QFileInfo(files.front()).isDir()) {
            files.clear();
            QDirIterator f(root.filePath(name), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (f.hasNext())
                files << f.next();
        }
        for (const QString& path : files) {
            QFile file(path);
            if (file.open(QIODevice::ReadWrite))
                file.setFileTime(when, QFileDevice::FileModificationTime);
        }
    }
}

} // namespace kl::gui
