#pragma once

// The roots panel: the folders this environment makes effective (Triton's cache, dump and
// override folders, Inductor's, DeepSpeed's), KernelLens's own NVRTC cache, the folders the user
// opened and recent ones, each with a badge for the filesystem it lives on. Folders on a network
// or memory filesystem raise a banner with core's judgement: which folder, why it is the effective
// one, what goes wrong there and the variable that moves it. Probing runs off the UI thread (a
// stat on a dead NFS server blocks) and a newer refresh supersedes an older one.

#include "app/gui/common/backgroundjob.h"
#include "core/env/environment.h"
#include "core/fs/folderhealth.h"

#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace kl::gui {

class RootsPanel : public QWidget {
    Q_OBJECT
public:
    enum Group { EnvironmentGroup, OwnCacheGroup, OpenedGroup, RecentGroup, ExampleGroup, RemoteGroup };
    enum Role { PathRole = Qt::UserRole, CategoryRole, GroupRole };

    explicit RootsPanel(QWidget* parent = nullptr);
    ~RootsPanel() override;

    /// Tests inject an environment, a prober and the NVRTC cache folder; the default is this process's.
    void setEnvironment(Environment env) { m_env = std::move(env); }
    void setProber(FsProber probe) { m_probe = std::move(probe); }
    void setOwnCache(const QString& path) { m_ownCache = path; }
    /// Demo mode: one extra, clearly labelled example of a cache folder on NFS, judged by core.
    void setShowExample(bool show) { m_showExample = show; }

    /// Probe and show again: `opened` are the folders on screen, `recent` from the settings.
    void refresh(const QStringList& opened, const QStringList& recent);

    /// Redis remote caches: those opened this session, then recent ones (URLs without passwords).
    void setRemotes(const QStringList& opened, const QStringList& recent);

    const QTreeWidget* tree() const { return m_tree; }
    /// Warnings and notes about network and memory filesystems among the folders in use or opened.
    QString bannerText() const { return m_banner; }
    bool isProbing() const { return m_job.isRunning(); }

signals:
    void openRequested(const QString& path);
    /// A remote cache was activated: its URL as listed.
    void openRemoteRequested(const QString& url);
    /// "Forget This Server" on a remote cache: off the list, its password out of the keyring.
    void forgetRemoteRequested(const QString& url);
    void bannerChanged(const QString& text);
    void refreshed();

private:
    struct Item {
        Group group;
        FolderHealth health;
    };
    void show(const std::vector<Item>& items);
    void showRemotes();

    Environment m_env;
    FsProber m_probe;
    QString m_ownCache;
    bool m_showExample = false;
    QStringList m_remotesOpened, m_remotesRecent;
    QTreeWidget* m_tree = nullptr;
    QString m_banner;
    BackgroundJob m_job{backgroundPool()}; ///< statfs and mountinfo reads, with a deadline each
};

} // namespace kl::gui
