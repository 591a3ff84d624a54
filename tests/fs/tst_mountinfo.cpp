// Filesystem classification from recorded /proc/self/mountinfo files (tests/fs/mountinfo/): no
// mounts needed, every path lexical.
#include "core/fs/fsprobe.h"
#include "core/fs/fstypes.h"
#include "core/fs/mountinfo.h"
#include "enumnames.h"

#include <QFile>
#include <QTest>
#include <set>

using namespace kl;

namespace {

std::string fixture(const QString& name)
{
    QFile f(QStringLiteral(KL_MOUNTINFO_DIR "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

} // namespace

Q_DECLARE_METATYPE(FsCategory)

class TstMountinfo : public QObject {
    Q_OBJECT
private slots:
    void classifiesTypes_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<FsCategory>("category");
        for (const char* t : {"ext2", "ext3", "ext4", "xfs", "btrfs", "zfs", "f2fs", "fuseblk"})
            QTest::addRow("%s", t) << t << FsCategory::Local;
        for (const char* t : {"nfs", "nfs4", "cifs", "smb3", "smbfs", "lustre", "gpfs", "beegfs", "ceph",
                              "9p", "afs", "glusterfs", "fuse.glusterfs", "fuse.sshfs", "fuse.s3fs",
                              "fuse.gcsfuse", "fuse.ceph-fuse", "FUSE.SSHFS", "nfs3"})
            QTest::addRow("%s", t) << t << FsCategory::Network;
        for (const char* t : {"tmpfs", "ramfs"})
            QTest::addRow("%s", t) << t << FsCategory::Memory;
        for (const char* t : {"overlay", "aufs", "fuse.fuse-overlayfs"})
            QTest::addRow("%s", t) << t << FsCategory::Overlay;
        for (const char* t : {"fuse", "fuse.myfs", "proc", "autofs", "nfsd", ""})
            QTest::addRow("unknown '%s'", t) << t << FsCategory::Unknown;
    }
    void classifiesTypes()
    {
        QFETCH(QString, type);
        QFETCH(FsCategory, category);
        QCOMPARE(str(classifyFsType(type.toStdString())), str(category));
    }

    void classifiesMagics()
    {
        QCOMPARE(str(classifyFsMagic(0x6969)), str(FsCategory::Network));
        QCOMPARE(str(classifyFsMagic(0xEF53)), str(FsCategory::Local));
        QCOMPARE(str(classifyFsMagic(0x01021994)), str(FsCategory::Memory));
        QCOMPARE(str(classifyFsMagic(0x794C7630)), str(FsCategory::Overlay));
        QCOMPARE(str(classifyFsMagic(0x65735546)), str(FsCategory::Unknown)); // FUSE: the subtype decides
        QCOMPARE(std::string(fsMagicName(0x0BD00BD0)), std::string("lustre"));
        QCOMPARE(fsMagicName(0x12345678).empty(), true);
    }

    void unescapes_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::addRow("space") << "/a\\040b"
                               << "/a b";
        QTest::addRow("tab newline") << "\\011x\\012"
                                     << "\tx\n";
        QTest::addRow("backslash") << "a\\134b"
                                   << "a\\b";
        QTest::addRow("not octal") << "a\\9xyz"
                                   << "a\\9xyz";
        QTest::addRow("cut short") << "a\\04"
                                   << "a\\04";
        QTest::addRow("trailing") << "a\\"
                                  << "a\\";
    }
    void unescapes()
    {
        QFETCH(QString, in);
        QTEST(QString::fromStdString(unescapeMountinfo(in.toStdString())), "out");
    }

    void parsesLines()
    {
        const auto mounts = parseMountinfo(fixture("nfs4.mountinfo"));
        QCOMPARE(mounts.size(), std::size_t(11));
        const MountInfoLine& home = mounts[8];
        QCOMPARE(home.id, 120);
        QCOMPARE(home.parentId, 21);
        QCOMPARE(home.devMajor, 0u);
        QCOMPARE(home.devMinor, 52u);
        QCOMPARE(home.mountPoint, std::string("/home"));
        QCOMPARE(home.type, std::string("nfs4"));
        QCOMPARE(home.source, std::string("nas01.cluster.local:/export/home"));
        QCOMPARE(home.optionalFields, std::vector<std::string>{"shared:70"});
        QCOMPARE(mounts[9].mountPoint, std::string("/shared/My Projects"));
    }

    void skipsMalformedLines()
    {
        const std::string text = "garbage\n"
                                 "1 2 x:y / / rw - ext4 /dev/a rw\n"        // bad device
                                 "3 1 8:1 / / rw shared:1 ext4 /dev/a rw\n" // no dash
                                 "4 1 8:1 / relative rw - ext4 /dev/a rw\n" // mount point not absolute
                                 "\n"
                                 "5 1 8:1 / /ok rw - ext4 /dev/ok rw\r\n"
                                 "6 1 0:9 / /nosrc rw - pseudofs  rw\n"; // empty source
        const auto mounts = parseMountinfo(text);
        QCOMPARE(mounts.size(), std::size_t(2));
        QCOMPARE(mounts[0].mountPoint, std::string("/ok"));
        QCOMPARE(mounts[0].superOptions, std::string("rw"));
        QCOMPARE(mounts[1].type, std::string("pseudofs"));
        QCOMPARE(mounts[1].source, std::string());
    }

    void matchesWholeComponents()
    {
        QVERIFY(isPathUnder("/home/u", "/home"));
        QVERIFY(isPathUnder("/home", "/home"));
        QVERIFY(isPathUnder("/anything", "/"));
        QVERIFY(!isPathUnder("/homework", "/home"));
        const auto mounts = parseMountinfo(fixture("nfs4.mountinfo"));
        QCOMPARE(mounts[*findMount(mounts, "/homework/x")].type, std::string("ext4"));
        QCOMPARE(mounts[*findMount(mounts, "/home/x")].type, std::string("nfs4"));
    }

    void stackedAndOvermountedMounts()
    {
        const std::string text = "1 0 8:1 / / rw - ext4 /dev/a rw\n"
                                 "2 1 0:40 / /mnt rw - nfs4 old:/x rw\n"
                                 "3 2 0:41 / /mnt/a rw - xfs /dev/b rw\n"
                                 "4 1 0:42 / /mnt rw - tmpfs tmpfs rw\n";
        const auto mounts = parseMountinfo(text);
        // By name alone the longest match wins, even though /mnt was mounted over later...
        QCOMPARE(*findMount(mounts, "/mnt/a/f"), std::size_t(2));
        // ...but the device the path really is on picks the visible one.
        QCOMPARE(*findMount(mounts, "/mnt/a/f", std::pair{0u, 42u}), std::size_t(3));
        // Two mounts on one point: the later is on top.
        QCOMPARE(*findMount(mounts, "/mnt/b"), std::size_t(3));
        QVERIFY(!findMount({}, "/x"));
    }

    void probesFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("path");
        QTest::addColumn<FsCategory>("category");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("mountPoint");

        QTest::addRow("nfs4 home") << "nfs4.mountinfo"
                                   << "/home/alice/.triton/cache" << FsCategory::Network << "nfs4"
                                   << "nas01.cluster.local:/export/home"
                                   << "/home";
        QTest::addRow("nfs3 with a space") << "nfs4.mountinfo"
                                           << "/shared/My Projects/tc" << FsCategory::Network << "nfs"
                                           << "nas02.cluster.local:/vol/projects"
                                           << "/shared/My Projects";
        QTest::addRow("local scratch") << "nfs4.mountinfo"
                                       << "/local_scratch/u/tc" << FsCategory::Local << "ext4"
                                       << "/dev/nvme0n1p1"
                                       << "/local_scratch";
        QTest::addRow("tmpfs /tmp") << "nfs4.mountinfo"
                                    << "/tmp/triton" << FsCategory::Memory << "tmpfs"
                                    << "tmpfs"
                                    << "/tmp";
        QTest::addRow("root xfs") << "nfs4.mountinfo"
                                  << "/opt/x" << FsCategory::Local << "xfs"
                                  << "/dev/mapper/rhel-root"
                                  << "/";
        QTest::addRow("lustre") << "lustre.mountinfo"
                                << "/lustre/scratch/u/.triton/cache" << FsCategory::Network << "lustre"
                                << "10.10.0.1@o2ib:10.10.0.2@o2ib:/scratch"
                                << "/lustre/scratch";
        QTest::addRow("gpfs home") << "lustre.mountinfo"
                                   << "/home/u" << FsCategory::Network << "gpfs"
                                   << "gpfs01"
                                   << "/home";
        QTest::addRow("beegfs") << "lustre.mountinfo"
                                << "/beegfs/u" << FsCategory::Network << "beegfs"
                                << "beegfs_nodev"
                                << "/beegfs";
        QTest::addRow("cephfs") << "lustre.mountinfo"
                                << "/ceph/u" << FsCategory::Network << "ceph"
                                << "10.20.0.1:6789,10.20.0.2:6789:/"
                                << "/ceph";
        QTest::addRow("glusterfs") << "lustre.mountinfo"
                                   << "/gluster/u" << FsCategory::Network << "fuse.glusterfs"
                                   << "gluster01:/gv0"
                                   << "/gluster";
        QTest::addRow("gcsfuse") << "lustre.mountinfo"
                                 << "/buckets/models/x" << FsCategory::Network << "fuse.gcsfuse"
                                 << "models-bucket"
                                 << "/buckets/models";
        QTest::addRow("s3fs") << "lustre.mountinfo"
                              << "/buckets/s3/x" << FsCategory::Network << "fuse.s3fs"
                              << "s3fs"
                              << "/buckets/s3";
        QTest::addRow("unknown fuse") << "lustre.mountinfo"
                                      << "/mnt/fuse-unknown/x" << FsCategory::Unknown << "fuse.myfs"
                                      << "myfs"
                                      << "/mnt/fuse-unknown";
        QTest::addRow("node-local xfs") << "lustre.mountinfo"
                                        << "/local/u" << FsCategory::Local << "xfs"
                                        << "/dev/nvme0n1"
                                        << "/local";
        QTest::addRow("cifs") << "cifs.mountinfo"
                              << "/mnt/team/cache" << FsCategory::Network << "cifs"
                              << "//fileserver.corp.example.com/team"
                              << "/mnt/team";
        QTest::addRow("smb3") << "cifs.mountinfo"
                              << "/mnt/azure/c" << FsCategory::Network << "smb3"
                              << "//acct.file.core.windows.net/share"
                              << "/mnt/azure";
        QTest::addRow("9p with a space") << "cifs.mountinfo"
                                         << "/mnt/vm share/c" << FsCategory::Network << "9p"
                                         << "hostshare"
                                         << "/mnt/vm share";
        QTest::addRow("sshfs") << "cifs.mountinfo"
                               << "/mnt/sshfs/c" << FsCategory::Network << "fuse.sshfs"
                               << "alice@login01:/home/alice"
                               << "/mnt/sshfs";
        QTest::addRow("autofs triggered") << "autofs.mountinfo"
                                          << "/home/alice/.triton/cache" << FsCategory::Network << "nfs4"
                                          << "homes.example.org:/export/home/alice"
                                          << "/home/alice";
        QTest::addRow("autofs pending") << "autofs.mountinfo"
                                        << "/home/bob/.triton/cache" << FsCategory::Unknown << "autofs"
                                        << "auto.home"
                                        << "/home";
        QTest::addRow("systemd automount") << "autofs.mountinfo"
                                           << "/mnt/archive/x" << FsCategory::Unknown << "autofs"
                                           << "systemd-1"
                                           << "/mnt/archive";
        QTest::addRow("bind of nfs") << "bind.mountinfo"
                                     << "/home/alice/.triton/cache" << FsCategory::Network << "nfs4"
                                     << "fs1.example.org:/export/home"
                                     << "/home/alice";
        QTest::addRow("bind of local") << "bind.mountinfo"
                                       << "/home/bob/.triton/cache" << FsCategory::Local << "ext4"
                                       << "/dev/sda1"
                                       << "/home/bob/.triton";
        QTest::addRow("btrfs subvolume") << "bind.mountinfo"
                                         << "/home/carol/.triton" << FsCategory::Local << "btrfs"
                                         << "/dev/nvme0n1p3"
                                         << "/home";
        QTest::addRow("container root") << "container.mountinfo"
                                        << "/root/.triton/cache" << FsCategory::Overlay << "overlay"
                                        << "overlay"
                                        << "/";
        QTest::addRow("container volume") << "container.mountinfo"
                                          << "/cache/triton" << FsCategory::Local << "ext4"
                                          << "/dev/sda1"
                                          << "/cache";
        QTest::addRow("container nfs bind") << "container.mountinfo"
                                            << "/workspace/tc" << FsCategory::Network << "nfs4"
                                            << "fs1.example.org:/export"
                                            << "/workspace";
        QTest::addRow("container shm") << "container.mountinfo"
                                       << "/dev/shm/tc" << FsCategory::Memory << "tmpfs"
                                       << "shm"
                                       << "/dev/shm";
    }
    void probesFixtures()
    {
        QFETCH(QString, file);
        QFETCH(QString, path);
        const std::string text = fixture(file);
        QVERIFY2(!text.empty(), qPrintable(file));
        const FsInfo fs = probeFilesystemWithMountinfo(path.toStdString(), text);
        QCOMPARE(fs.error.english(), std::string());
        QCOMPARE(fs.path, path.toStdString());
        QCOMPARE(fs.probedPath, path.toStdString());
        QVERIFY(!fs.walkedUp);
        QFETCH(FsCategory, category);
        QCOMPARE(str(fs.category), str(category));
        QTEST(QString::fromStdString(fs.type), "type");
        QTEST(QString::fromStdString(fs.source), "source");
        QTEST(QString::fromStdString(fs.mountPoint), "mountPoint");
        QCOMPARE(fs.statfsMagic, std::uint64_t(0));
    }

    void reportsAutofs()
    {
        const std::string text = fixture("autofs.mountinfo");
        FsInfo pending = probeFilesystemWithMountinfo("/home/bob/.triton/cache", text);
        QVERIFY(pending.autofsPending);
        QCOMPARE(pending.autofsMountPoint, std::string("/home"));
        FsInfo triggered = probeFilesystemWithMountinfo("/home/alice/.triton/cache", text);
        QVERIFY(!triggered.autofsPending);
        QCOMPARE(triggered.autofsMountPoint, std::string("/home")); // mounted on demand
        FsInfo plain = probeFilesystemWithMountinfo("/opt/x", text);
        QVERIFY(plain.autofsMountPoint.empty());
    }

    void reportsBindMounts_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("bind");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("bindOf");
        QTest::addRow("nfs subfolder") << "/home/alice/x" << true << "/alice"
                                       << "/nfs/home/alice";
        QTest::addRow("local folder") << "/home/bob/.triton/cache" << true << "/srv/cache/triton"
                                      << "/srv/cache/triton";
        QTest::addRow("tmpfs subfolder") << "/work/bound/x" << true << "/sub"
                                         << "/work/sub";
        QTest::addRow("btrfs subvolume is no bind") << "/home/carol" << false << "/@home"
                                                    << "";
        QTest::addRow("whole mount") << "/nfs/home/x" << false << "/"
                                     << "";
    }
    void reportsBindMounts()
    {
        QFETCH(QString, path);
        const FsInfo fs = probeFilesystemWithMountinfo(path.toStdString(), fixture("bind.mountinfo"));
        QTEST(fs.bindMount, "bind");
        QTEST(QString::fromStdString(fs.mountRoot), "root");
        QTEST(QString::fromStdString(fs.bindOf), "bindOf");
    }

    void containerBindShowsHostFolder()
    {
        // Inside a container the host's whole mount is not visible: only the root field says
        // which folder of the export this is.
        const FsInfo fs = probeFilesystemWithMountinfo("/workspace/tc", fixture("container.mountinfo"));
        QVERIFY(fs.bindMount);
        QCOMPARE(fs.mountRoot, std::string("/export/home/alice"));
        QCOMPARE(fs.bindOf, std::string());
    }

    void walksUpToAnExistingParent()
    {
        const std::set<std::string> existing = {"/", "/home", "/home/alice"};
        const FsInfo fs =
            probeFilesystemWithMountinfo("/home/alice/.triton/cache", fixture("nfs4.mountinfo"),
                                         [&](const std::string& p) { return existing.count(p) > 0; });
        QVERIFY(fs.walkedUp);
        QCOMPARE(fs.probedPath, std::string("/home/alice"));
        QCOMPARE(fs.path, std::string("/home/alice/.triton/cache"));
        QCOMPARE(str(fs.category), str(FsCategory::Network));
    }

    void emptyInputsGiveErrors()
    {
        QVERIFY(!probeFilesystemWithMountinfo("", "x").error.empty());
        const FsInfo fs = probeFilesystemWithMountinfo("/a", "");
        QCOMPARE(str(fs.category), str(FsCategory::Unknown));
        QVERIFY2(fs.error.english().find("/a") != std::string::npos, fs.error.english().c_str());
    }
};

QTEST_APPLESS_MAIN(TstMountinfo)
#include "tst_mountinfo.moc"
