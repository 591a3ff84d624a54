#pragma once

// Tells the window when the opened cache folders change, so entries a running job compiles
// appear without a manual rescan. Local folders get inotify events (QFileSystemWatcher);
// network filesystems, where other machines' writes raise no events, are polled (the folder's
// mtime, checked off the UI thread so a hung server cannot freeze the window), and the window
// says which. A root's pack folder is watched too, and its packs as files: packed writers append
// to them without changing any folder. $KERNELLENS_WATCH=events|poll|off overrides the choice.

#include "app/gui/common/backgroundjob.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <map>

namespace kl::gui {

class CacheWatcher : public QObject {
    Q_OBJECT
public:
    explicit CacheWatcher(QObject* parent = nullptr);
    ~CacheWatcher() override;

    /// Watch these folders (replacing the previous ones). Missing folders are skipped.
    void watch(const QStringList& folders);
    void stop();
    /// What the status bar shows: "live: watching 2 folders", "live: polling every 3 s (...)".
    QString description() const { return m_description; }
    void setPollInterval(int ms) { m_poll.setInterval(ms); }
    void setDebounce(int ms) { m_debounce.setInterval(ms); }

signals:
    /// Something changed in a watched folder (debounced: one signal for a burst of writes).
    void changed();
    void descriptionChanged(const QString& text);

private:
    void decided(const QStringList& events, const QStringList& polled, const QString& why,
                 qsizetype polledRoots);
    static QStringList packsOf(const QString& root);
    void packFolderChanged(const QString& folder);
    void pollOnce();

    QFileSystemWatcher m_events;
    QTimer m_poll;
    QTimer m_debounce;
    QStringList m_polled;
    std::map<QString, qint64> m_mtimes; ///< polled folder -> its last seen mtime (ns)
    QStringList m_packFolders;          ///< watched pack folders (their packs are watched as files)
    QString m_description;
    // Both on backgroundPool(): a statfs or stat that hangs on a dead server blocks a thread, never the UI.
    BackgroundJob m_probe{backgroundPool()};
    BackgroundJob m_pollJob{backgroundPool()};
};

} // namespace kl::gui
