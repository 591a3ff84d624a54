// The roots panel offscreen: the environment's folders, the own cache, opened and recent folders
// each with a filesystem badge; a banner for network (a described NFS mount) and memory (a real
// tmpfs mounted here) filesystems; double-click opens; the demo's labelled example.

#include "app/gui/mainwindow.h"
#include "app/gui/roots/rootspanel.h"
#include "core/fs/fsprobe.h"
#include "tests/support/fakeenvironment.h"

#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <sys/mount.h>

namespace {

using kl::gui::RootsPanel;

QList<QTreeWidgetItem*> items(const QTreeWidget* tree)
{
    QList<QTreeWidgetItem*> out;
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
            out << tree->topLevelItem(g)->child(i);
    return out;
}

QTreeWidgetItem* find(const QTreeWidget* tree, const QString& path)
{
    for (QTreeWidgetItem* it : items(tree))
        if (it->data(0, RootsPanel::PathRole).toString() == path)
            return it;
    return nullptr;
}

// Everything under /nfs is an NFS mount; the rest is asked of the real prober.
kl::FsInfo prober(const std::string& path)
{
    if (path.starts_with("/nfs")) {
        kl::FsInfo fs;
        fs.path = fs.probedPath = path;
        fs.type = "nfs4";
        fs.source = "filer:/export";
        fs.mountPoint = "/nfs";
        fs.category = kl::FsCategory::Network;
        return fs;
    }
    return kl::probeFilesystem(path);
}

} // namespace

class TstRootsPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void groupsBadgesAndNetworkBanner()
    {
        QTemporaryDir opened, recent;
        RootsPanel panel;
        panel.setEnvironment(fakeEnvironment({{"TRITON_CACHE_DIR", "/nfs/alice/triton"}}, "/nfs/alice"));
        panel.setProber(prober);
        panel.setOwnCache(opened.filePath("own"));
        QSignalSpy done(&panel, &RootsPanel::refreshed);
        QSignalSpy banner(&panel, &RootsPanel::bannerChanged);
        panel.refresh({opened.path()}, {recent.path(), opened.path()});
        QVERIFY(done.wait(10000));

        const QTreeWidget* tree = panel.tree();
        QStringList groups;
        for (int g = 0; g < tree->topLevelItemCount(); ++g)
            groups << tree->topLevelItem(g)->text(0);
        QCOMPARE(groups, (QStringList{"This environment", "KernelLens's own cache", "Opened", "Recent"}));
        QCOMPARE(tree->topLevelItem(3)->childCount(), 1); // the opened folder is not listed twice

        QTreeWidgetItem* cache = find(tree, "/nfs/alice/triton");
        QVERIFY(cache);
        QVERIFY2(cache->text(1).startsWith("network"), qPrintable(cache->text(1)));
        QVERIFY(cache->text(0).startsWith("Triton's cache folder"));
        QVERIFY(cache->toolTip(0).contains("TRITON_CACHE_DIR"));
        QTreeWidgetItem* mine = find(tree, opened.path());
        QVERIFY(mine);
        QVERIFY(!mine->text(1).startsWith("network"));

        // Core's message: the folder, why it is the effective one, the fix.
        QCOMPARE(banner.count(), 1);
        const QString text = panel.bannerText();
        QVERIFY2(text.contains("/nfs/alice/triton") && text.contains("TRITON_CACHE_DIR") &&
                     text.contains("nfs4"),
                 qPrintable(text));

        QSignalSpy open(&panel, &RootsPanel::openRequested);
        emit const_cast<QTreeWidget*>(tree)->itemActivated(mine, 0);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open[0][0].toString(), opened.path());
    }

    void localFoldersRaiseNoBanner()
    {
        QTemporaryDir home;
        RootsPanel panel;
        panel.setEnvironment(fakeEnvironment({}, home.path().toStdString()));
        panel.setOwnCache(home.filePath("own"));
        QSignalSpy done(&panel, &RootsPanel::refreshed);
        panel.refresh({}, {});
        QVERIFY(done.wait(10000));
        const auto fs = kl::probeFilesystem(home.path().toStdString());
        if (fs.category != kl::FsCategory::Local)
            QSKIP(qPrintable("the temporary folder is on " + QString::fromStdString(fs.type)));
        QVERIFY2(panel.bannerText().isEmpty(), qPrintable(panel.bannerText()));
    }

    void realTmpfsIsMemory()
    {
        QTemporaryDir dir;
        if (::mount("kl-roots-tmpfs", dir.path().toLocal8Bit().constData(), "tmpfs", 0, "size=1m") != 0)
            QSKIP(qPrintable(QString("mount -t tmpfs on %1 was refused: %2 (needs root / CAP_SYS_ADMIN)")
                                 .arg(dir.path(), QString::fromLocal8Bit(strerror(errno)))));
        struct Unmount {
            QString path;
            ~Unmount() { ::umount2(path.toLocal8Bit().constData(), MNT_DETACH); }
        } unmount{dir.path()};
        RootsPanel panel;
        panel.setEnvironment(fakeEnvironment({}, dir.filePath("nohome").toStdString()));
        panel.setOwnCache(dir.filePath("own"));
        QSignalSpy done(&panel, &RootsPanel::refreshed);
        panel.refresh({dir.path()}, {});
        QVERIFY(done.wait(10000));
        QTreeWidgetItem* it = find(panel.tree(), dir.path());
        QVERIFY(it);
        QVERIFY2(it->text(1).startsWith("memory · tmpfs"), qPrintable(it->text(1)));
        QVERIFY2(panel.bannerText().contains("memory filesystem"), qPrintable(panel.bannerText()));
    }

    void demoShowsALabelledExample()
    {
        QTemporaryDir home;
        RootsPanel panel;
        panel.setEnvironment(fakeEnvironment({}, home.path().toStdString()));
        panel.setShowExample(true);
        QSignalSpy done(&panel, &RootsPanel::refreshed);
        panel.refresh({}, {});
        QVERIFY(done.wait(10000));
        const QTreeWidget* tree = panel.tree();
        QTreeWidgetItem* last = tree->topLevelItem(tree->topLevelItemCount() - 1);
        QVERIFY(last->text(0).startsWith("Example"));
        QVERIFY(last->child(0)->text(1).startsWith("network · nfs4"));
        QVERIFY2(panel.bannerText().startsWith("Example: "), qPrintable(panel.bannerText()));
        QSignalSpy open(&panel, &RootsPanel::openRequested);
        emit const_cast<QTreeWidget*>(tree)->itemActivated(last->child(0), 0);
        QCOMPARE(open.count(), 0); // an example is not a folder to open
    }

    void windowShowsTheBannerAndRemembersFolders()
    {
        QTemporaryDir dir;
        if (::mount("kl-roots-tmpfs", dir.path().toLocal8Bit().constData(), "tmpfs", 0, "size=1m") != 0)
            QSKIP("mount -t tmpfs was refused (needs root)");
        struct Unmount {
            QString path;
            ~Unmount() { ::umount2(path.toLocal8Bit().constData(), MNT_DETACH); }
        } unmount{dir.path()};
        kl::gui::MainWindow w;
        w.show();
        w.openFolders({dir.path()});
        QTRY_VERIFY(!w.isScanning());
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QLabel*>("fsBanner")->isVisible(), 10000);
        QVERIFY(w.findChild<QLabel*>("fsBanner")->text().contains(dir.path()));
        QVERIFY(QSettings().value("recentRoots").toStringList().contains(dir.path()));
    }

    // A folder that does not exist is opened (and its error shown) but not remembered.
    void missingFolderIsNotRemembered()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.path() + QStringLiteral("/no-such-cache");
        kl::gui::MainWindow w;
        w.openFolders({missing});
        QTRY_VERIFY(!w.isScanning());
        QVERIFY(!QSettings().value("recentRoots").toStringList().contains(missing));
        w.openFolders({dir.path()});
        QTRY_VERIFY(!w.isScanning());
        QCOMPARE(QSettings().value("recentRoots").toStringList().value(0), dir.path());
    }
};

QTEST_MAIN(TstRootsPanel)
#include "tst_rootspanel.moc"
