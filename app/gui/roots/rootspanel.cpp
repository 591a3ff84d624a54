#include "rootspanel.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"
#include "app/gui/common/theme.h"
#include "core/nvrtc/nvrtccache.h"

#include <QHeaderView>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <set>

namespace kl::gui {
namespace {

// A small round badge: the colour says the filesystem class at a glance, the text says it exactly.
QIcon badge(FsCategory c)
{
    const QColor colour = theme::fsBadge(c);
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(colour);
    p.setPen(Qt::NoPen);
    p.drawEllipse(1, 1, 12, 12);
    return QIcon(pm);
}

QString badgeText(const FolderHealth& h)
{
    if (!h.fs.error.empty())
        return RootsPanel::tr("unreadable");
    const QString type = qs(h.fs.type);
    switch (h.fs.category) {
    case FsCategory::Local: return RootsPanel::tr("local · %1").arg(type);
    case FsCategory::Network: return RootsPanel::tr("network · %1").arg(type);
    case FsCategory::Memory: return RootsPanel::tr("memory · %1").arg(type);
    case FsCategory::Overlay: return RootsPanel::tr("overlay · %1").arg(type);
    case FsCategory::Unknown: break;
    }
    return type.isEmpty() ? RootsPanel::tr("unknown") : type;
}

} // namespace

RootsPanel::RootsPanel(QWidget* parent)
    : QWidget(parent)
    , m_env(Environment::current())
{
    m_ownCache = qs(defaultNvrtcCacheRoot(m_env));
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("rootsTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Folder"), tr("Filesystem")});
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setToolTip(tr("Double-click a folder to open it"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(0, PathRole).toString();
        if (!path.isEmpty() && item->data(0, GroupRole).toInt() == RemoteGroup)
            emit openRemoteRequested(path);
        else if (!path.isEmpty() && item->data(0, GroupRole).toInt() != ExampleGroup)
            emit openRequested(path);
    });
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QTreeWidgetItem* item = m_tree->itemAt(at);
        if (!item || item->data(0, GroupRole).toInt() != RemoteGroup)
            return;
        const QString url = item->data(0, PathRole).toString();
        if (url.isEmpty())
            return;
        QMenu menu(this);
        menu.addAction(tr("List Again"), this, [this, url] { emit openRemoteRequested(url); });
        QAction* forget =
            menu.addAction(tr("Forget This Server"), this, [this, url] { emit forgetRemoteRequested(url); });
        forget->setToolTip(tr("Remove it from the recent servers, and its password from the system keyring"));
        menu.exec(m_tree->viewport()->mapToGlobal(at));
    });
}

RootsPanel::~RootsPanel() = default;

void RootsPanel::refresh(const QStringList& opened, const QStringList& recent)
{
    m_job.start(
        [env = m_env, probe = m_probe, own = m_ownCache.toStdString(), example = m_showExample, opened,
         recent](const JobToken&) {
            std::vector<Item> items;
            std::set<std::string> seen;
            for (FolderHealth& h : judgeEffectiveFolders(env, probe)) {
                seen.insert(h.folder.path);
                items.push_back({EnvironmentGroup, std::move(h)});
            }
            FolderHealth ownHealth = judgeGivenFolder(own, probe);
            ownHealth.folder.role = "kernellens-nvrtc";
            ownHealth.folder.label = Text::verbatim(tr("KernelLens's NVRTC cache").toStdString());
            ownHealth.folder.reason = "KERNELLENS_CACHE_DIR, else the XDG cache folder";
            ownHealth.folder.why =
                Text::verbatim(tr("KERNELLENS_CACHE_DIR, else the XDG cache folder").toStdString());
            items.push_back({OwnCacheGroup, std::move(ownHealth)});
            for (const QString& p : opened)
                items.push_back({OpenedGroup, judgeGivenFolder(p.toStdString(), probe)});
            for (const QString& p : recent)
                if (!opened.contains(p))
                    items.push_back({RecentGroup, judgeGivenFolder(p.toStdString(), probe)});
            if (example) {
                // What a cluster login node with an NFS home shows: core judges a described mount.
                FolderUse use;
                use.role = "triton-cache";
                use.label = Text::verbatim(tr("Triton's cache folder").toStdString());
                use.path = "/home/alice/.triton/cache";
                use.reason = "default (~/.triton/cache)";
                use.why = Text::verbatim(tr("the default (TRITON_CACHE_DIR is not set)").toStdString());
                use.fixVariable = "TRITON_CACHE_DIR";
                use.exists = true;
                FsInfo fs;
                fs.path = fs.probedPath = use.path;
                fs.type = "nfs4";
                fs.source = "filer01:/export/home";
                fs.mountPoint = "/home";
                fs.category = FsCategory::Network;
                items.push_back({ExampleGroup, judgeFolder(use, fs)});
            }
            return items;
        },
        [this](const std::vector<Item>& items) { show(items); });
}

void RootsPanel::show(const std::vector<Item>& items)
{
    m_tree->clear();
    const QString titles[] = {tr("This environment"), tr("KernelLens's own cache"), tr("Opened"),
                              tr("Recent"), tr("Example (demo): a cache on NFS")};
    QTreeWidgetItem* groups[5] = {};
    QStringList banner;
    for (const Item& it : items) {
        QTreeWidgetItem*& group = groups[it.group];
        if (!group) {
            group = new QTreeWidgetItem(m_tree, {titles[it.group]});
            group->setFirstColumnSpanned(true);
            group->setFlags(Qt::ItemIsEnabled);
            QFont f = group->font(0);
            f.setBold(true);
            group->setFont(0, f);
        }
        const FolderHealth& h = it.health;
        const QString path = qs(h.folder.path);
        QString label = path;
        if (it.group == EnvironmentGroup)
            label = coreText(h.folder.label) + QLatin1String(": ") + path;
        auto* item = new QTreeWidgetItem(group, {label, badgeText(h)});
        item->setIcon(1, badge(h.fs.error.empty() ? h.fs.category : FsCategory::Unknown));
        item->setData(0, PathRole, path);
        item->setData(0, CategoryRole, qs(std::string(toString(h.fs.category))));
        item->setData(0, GroupRole, int(it.group));
        QStringList tip{path, tr("Why: %1").arg(coreText(h.folder.why))};
        if (!h.fs.source.empty())
            tip << tr("Mounted from %1 on %2").arg(qs(h.fs.source), qs(h.fs.mountPoint));
        if (!h.folder.exists && it.group != ExampleGroup)
            tip << tr("Does not exist yet");
        if (!h.folder.inUse)
            tip << tr("Not in use now (%1 is not set)").arg(qs(h.folder.switchVariable));
        for (const Text& s : h.warnings)
            tip << coreText(s);
        for (const Text& s : h.notes)
            tip << coreText(s);
        item->setToolTip(0, tip.join(QLatin1Char('\n')));
        item->setToolTip(1, item->toolTip(0));
        if (!h.folder.exists && it.group != ExampleGroup)
            item->setForeground(0, m_tree->palette().brush(QPalette::Disabled, QPalette::Text));
        // The banner speaks of what is used or opened; recent folders are only listed.
        const bool network = h.fs.category == FsCategory::Network,
                   memory = h.fs.category == FsCategory::Memory;
        if ((network || memory) && it.group != RecentGroup) {
            QString text;
            for (const Text& s : h.warnings)
                text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + coreText(s);
            if (text.isEmpty() && memory)
                for (const Text& s : h.notes)
                    text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + coreText(s);
            if (!text.isEmpty())
                banner << (it.group == ExampleGroup ? tr("Example: %1").arg(text) : text);
        }
    }
    showRemotes();
    m_tree->expandAll();
    banner.removeDuplicates();
    const QString text = banner.join(QLatin1Char('\n'));
    if (text != m_banner) {
        m_banner = text;
        emit bannerChanged(text);
    }
    emit refreshed();
}

void RootsPanel::setRemotes(const QStringList& opened, const QStringList& recent)
{
    m_remotesOpened = opened;
    m_remotesRecent = recent;
    showRemotes();
    m_tree->expandAll();
}

void RootsPanel::showRemotes()
{
    for (int i = m_tree->topLevelItemCount() - 1; i >= 0; --i)
        if (m_tree->topLevelItem(i)->data(0, GroupRole).toInt() == RemoteGroup)
            delete m_tree->takeTopLevelItem(i);
    QStringList urls = m_remotesOpened;
    for (const QString& r : m_remotesRecent)
        if (!urls.contains(r))
            urls << r;
    if (urls.isEmpty())
        return;
    auto* group = new QTreeWidgetItem(m_tree, {tr("Remote caches (Redis)")});
    group->setData(0, GroupRole, int(RemoteGroup));
    group->setFirstColumnSpanned(true);
    group->setFlags(Qt::ItemIsEnabled);
    QFont f = group->font(0);
    f.setBold(true);
    group->setFont(0, f);
    for (const QString& url : urls) {
        const bool opened = m_remotesOpened.contains(url);
        auto* item = new QTreeWidgetItem(group, {url, opened ? tr("opened") : tr("recent")});
        item->setIcon(1, badge(FsCategory::Network));
        item->setData(0, PathRole, url);
        item->setData(0, GroupRole, int(RemoteGroup));
        item->setToolTip(0, tr("Double-click to list this server again; right-click to forget it"));
    }
}

} // namespace kl::gui
