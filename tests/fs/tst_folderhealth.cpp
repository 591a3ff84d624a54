// Judging the effective folders with an injected environment and recorded mountinfo: the
// DeepSpeed lesson (judge the folder actually used, say which and why, cope with folders that do
// not exist yet).
#include "core/fs/envreport.h"
#include "core/fs/folderhealth.h"
#include "enumnames.h"
#include "tests/support/fakeenvironment.h"

#include <QFile>
#include <QTest>
#include <map>
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

Environment fakeEnv(std::map<std::string, std::string> vars, std::string home = "/home/alice")
{
    return fakeEnvironment(std::move(vars), std::move(home), "alice");
}

// A prober over a recorded machine where only `existing` folders exist.
FsProber fixtureProber(const std::string& text, std::set<std::string> existing)
{
    return [text, existing](const std::string& p) {
        return probeFilesystemWithMountinfo(p, text,
                                            [&](const std::string& q) { return existing.count(q) > 0; });
    };
}

// A prober over a recorded machine where every folder exists.
FsProber lexicalProber(const std::string& text)
{
    return [text](const std::string& p) { return probeFilesystemWithMountinfo(p, text); };
}

const std::set<std::string> kHpcFolders = {
    "/", "/home", "/home/alice", "/home/alice/.triton", "/local_scratch", "/local_scratch/alice", "/tmp"};

const FolderHealth& byRole(const std::vector<FolderHealth>& v, const std::string& role)
{
    for (const FolderHealth& h : v)
        if (h.folder.role == role)
            return h;
    static FolderHealth none;
    return none;
}

QString all(const std::vector<kl::Text>& messages)
{
    QString s;
    for (const kl::Text& m : messages)
        s += QString::fromStdString(m.english()) + '\n';
    return s;
}

} // namespace

class TstFolderHealth : public QObject {
    Q_OBJECT
private slots:
    void listsTheEffectiveFolders()
    {
        auto folders = effectiveFolders(fakeEnv({}));
        QCOMPARE(folders.size(), std::size_t(5));
        QCOMPARE(folders[0].role, std::string("triton-cache"));
        QCOMPARE(folders[1].role, std::string("triton-dump"));
        QCOMPARE(folders[2].role, std::string("triton-override"));
        QCOMPARE(folders[3].role, std::string("inductor-triton"));
        QCOMPARE(folders[4].role, std::string("deepspeed-autotune"));
        QCOMPARE(folders[4].path, std::string("/home/alice/.triton/autotune"));
        QCOMPARE(folders[4].reason, std::string("default (~/.triton/autotune)"));
        QVERIFY(!folders[1].inUse);
        QCOMPARE(folders[1].switchVariable, std::string("TRITON_KERNEL_DUMP"));

        folders = effectiveFolders(fakeEnv({{"TRITON_HOME", "/scratch/alice"}}));
        QCOMPARE(folders[4].path, std::string("/scratch/alice/.triton/autotune"));
        QCOMPARE(folders[4].reason, std::string("default ($TRITON_HOME/.triton/autotune)"));

        folders = effectiveFolders(
            fakeEnv({{"TRITON_CACHE_DIR", "/local_scratch/alice/tc"}, {"TRITON_KERNEL_DUMP", "On"}}));
        QCOMPARE(folders.size(), std::size_t(4)); // Inductor uses TRITON_CACHE_DIR then
        QCOMPARE(folders[3].path, std::string("/local_scratch/alice/tc"));
        QCOMPARE(folders[3].reason, std::string("TRITON_CACHE_DIR"));
        QVERIFY(folders[1].inUse);
    }

    void nfsHomeWithLocalCacheDirIsFine()
    {
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", "/local_scratch/alice/tc"}});
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QCOMPARE(str(cache.fs.category), str(FsCategory::Local));
        QVERIFY2(cache.warnings.empty(), qPrintable(all(cache.warnings)));
        // DeepSpeed follows TRITON_CACHE_DIR: the same folder, judged once.
        QCOMPARE(byRole(folders, "deepspeed-autotune").sameAs, std::string("triton-cache"));
        // The dump and override folders sit on the NFS home but are not in use: notes only.
        QCOMPARE(str(byRole(folders, "triton-dump").severity), str(Severity::Note));
        QVERIFY(all(byRole(folders, "triton-dump").notes).contains("TRITON_KERNEL_DUMP is not set"));
        QVERIFY2(!hasWarnings(folders), qPrintable(all(cache.notes)));
    }

    void cacheDirOnNfsIsWarned()
    {
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", "/home/alice/.triton"}}, "/local_scratch/alice");
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QCOMPARE(str(cache.severity), str(Severity::Warning));
        QCOMPARE(cache.warnings.size(), std::size_t(1));
        const QString w = QString::fromStdString(cache.warnings[0].english());
        for (const char* part :
             {"/home/alice/.triton", "set by TRITON_CACHE_DIR", "nfs4", "nas01.cluster.local:/export/home",
              "mounted at /home", "slow", "hang", "race", "Fix: point TRITON_CACHE_DIR at local disk", "/tmp",
              "node-local scratch"})
            QVERIFY2(w.contains(QLatin1String(part)),
                     qPrintable(QString("missing '%1' in: %2").arg(part, w)));
        QVERIFY(!w.contains("does not exist yet"));
        QVERIFY(hasWarnings(folders));
    }

    void defaultFoldersOnNfsHomeAreWarned()
    {
        const auto folders =
            judgeEffectiveFolders(fakeEnv({}), fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QCOMPARE(str(cache.severity), str(Severity::Warning));
        QVERIFY(
            all(cache.warnings).contains("the default ~/.triton/cache, since TRITON_CACHE_DIR is not set"));
        QVERIFY(all(cache.warnings)
                    .contains("it does not exist yet, so its nearest existing parent "
                              "/home/alice/.triton was examined"));
        const FolderHealth& ds = byRole(folders, "deepspeed-autotune");
        QCOMPARE(str(ds.severity), str(Severity::Warning));
        QVERIFY(all(ds.warnings).contains("DeepSpeed's default ~/.triton/autotune"));
        // Inductor's /tmp folder is on tmpfs in this fixture: a note, not a warning.
        const FolderHealth& ind = byRole(folders, "inductor-triton");
        QCOMPARE(str(ind.severity), str(Severity::Note));
        QVERIFY(all(ind.notes).contains("lost at reboot"));
        QVERIFY(all(ind.notes).contains("RAM"));
    }

    void missingCacheDirUnderNfsParentWalksUp()
    {
        const auto env =
            fakeEnv({{"TRITON_CACHE_DIR", "/home/alice/new/deeper/cache"}}, "/local_scratch/alice");
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QVERIFY(cache.fs.walkedUp);
        QCOMPARE(cache.fs.probedPath, std::string("/home/alice"));
        QCOMPARE(str(cache.fs.category), str(FsCategory::Network));
        QCOMPARE(str(cache.severity), str(Severity::Warning));
        QVERIFY(all(cache.warnings).contains("/home/alice/new/deeper/cache (set by TRITON_CACHE_DIR)"));
        QVERIFY(all(cache.warnings).contains("nearest existing parent /home/alice was examined"));
    }

    void otherNetworkFilesystemsAreWarned_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("type");
        QTest::addRow("lustre") << "lustre.mountinfo"
                                << "/lustre/scratch/alice/tc"
                                << "lustre";
        QTest::addRow("gpfs") << "lustre.mountinfo"
                              << "/home/alice/tc"
                              << "gpfs";
        QTest::addRow("glusterfs") << "lustre.mountinfo"
                                   << "/gluster/tc"
                                   << "fuse.glusterfs";
        QTest::addRow("cifs") << "cifs.mountinfo"
                              << "/mnt/team/tc"
                              << "cifs";
        QTest::addRow("sshfs") << "cifs.mountinfo"
                               << "/mnt/sshfs/tc"
                               << "fuse.sshfs";
        QTest::addRow("autofs nfs") << "autofs.mountinfo"
                                    << "/home/alice/tc"
                                    << "nfs4";
        QTest::addRow("nfs bind") << "bind.mountinfo"
                                  << "/home/alice/tc"
                                  << "nfs4";
    }
    void otherNetworkFilesystemsAreWarned()
    {
        QFETCH(QString, file);
        QFETCH(QString, dir);
        QFETCH(QString, type);
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", dir.toStdString()}}, "/nowhere");
        const auto folders = judgeEffectiveFolders(env, lexicalProber(fixture(file)));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QCOMPARE(str(cache.severity), str(Severity::Warning));
        QVERIFY(all(cache.warnings).contains(type + " from "));
    }

    void bindMountIsNamedInTheWarning()
    {
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", "/home/alice/tc"}}, "/nowhere");
        const auto folders = judgeEffectiveFolders(env, lexicalProber(fixture("bind.mountinfo")));
        QVERIFY(all(byRole(folders, "triton-cache").warnings).contains("a bind mount of /nfs/home/alice"));
        // The local bind under bob's home is fine.
        const auto bob = fakeEnv({{"TRITON_CACHE_DIR", "/home/bob/.triton/cache"}}, "/nowhere");
        QVERIFY(!hasWarnings(judgeEffectiveFolders(bob, lexicalProber(fixture("bind.mountinfo")))));
    }

    void switchedOnDumpOnNfsIsWarned()
    {
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", "/local_scratch/alice"},
                                  {"TRITON_KERNEL_DUMP", "1"},
                                  {"TRITON_KERNEL_OVERRIDE", "1"}});
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        const FolderHealth& dump = byRole(folders, "triton-dump");
        QCOMPARE(str(dump.severity), str(Severity::Warning));
        QVERIFY(all(dump.warnings).contains("Fix: point TRITON_DUMP_DIR at local disk"));
        // Triton only reads the override folder: a note.
        QCOMPARE(str(byRole(folders, "triton-override").severity), str(Severity::Note));
        QVERIFY(byRole(folders, "triton-override").warnings.empty());
    }

    void autofsNotMountedYetIsANote()
    {
        const auto env = fakeEnv({}, "/home/bob");
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("autofs.mountinfo"), {"/", "/home"}));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QVERIFY(cache.fs.autofsPending);
        QCOMPARE(str(cache.severity), str(Severity::Note));
        QVERIFY(all(cache.notes).contains("autofs mount point /home"));
        QVERIFY(all(cache.notes).contains("not mounted when probed"));
    }

    void containerLayersGetNotes()
    {
        const auto env = fakeEnv({}, "/root");
        const auto folders = judgeEffectiveFolders(env, fixtureProber(fixture("container.mountinfo"), {"/"}));
        const FolderHealth& cache = byRole(folders, "triton-cache");
        QCOMPARE(str(cache.fs.category), str(FsCategory::Overlay));
        QCOMPARE(str(cache.severity), str(Severity::Note));
        QVERIFY(all(cache.notes).contains("container is removed"));
        QVERIFY(!hasWarnings(folders));
    }

    void emptyCacheDirNoteIsCarried()
    {
        const auto env = fakeEnv({{"TRITON_CACHE_DIR", ""}}, "/local_scratch/alice");
        const auto folders =
            judgeEffectiveFolders(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders));
        QVERIFY(all(byRole(folders, "triton-cache").notes).contains("Could not create or locate cache dir"));
        QVERIFY(all(byRole(folders, "deepspeed-autotune").notes).contains("set but empty"));
    }

    void givenFolderIsJudgedAsACache()
    {
        const auto h =
            judgeGivenFolder("/lustre/project/x",
                             fixtureProber(fixture("lustre.mountinfo"), {"/", "/lustre", "/lustre/project"}));
        QCOMPARE(h.folder.role, std::string("given"));
        QCOMPARE(str(h.severity), str(Severity::Warning));
        QVERIFY(all(h.warnings).startsWith("/lustre/project/x is on a network filesystem: lustre"));
        QVERIFY(h.fs.walkedUp);
        QVERIFY(!h.folder.exists);
        const auto local =
            judgeGivenFolder("/local/x", fixtureProber(fixture("lustre.mountinfo"), {"/", "/local/x"}));
        QCOMPARE(str(local.severity), str(Severity::Ok));
        QVERIFY(local.folder.exists);
    }

    void listsCacheInvalidatingVariablesSet()
    {
        const auto env =
            fakeEnv({{"TRITON_DISABLE_LINE_INFO", "1"}, {"HOME", "/x"}, {"DISABLE_FAST_REDUCTION", "0"}});
        const auto vars = cacheEnvVarsSet(env);
        QCOMPARE(vars.size(), std::size_t(2));
        QCOMPARE(vars[0].name, std::string("TRITON_DISABLE_LINE_INFO"));
        QCOMPARE(vars[0].value, std::string("1"));
        QVERIFY(vars[0].current);
        QCOMPARE(vars[1].name, std::string("DISABLE_FAST_REDUCTION"));
        QVERIFY(!vars[1].current);
        const EnvReport r =
            buildEnvReport(env, fixtureProber(fixture("nfs4.mountinfo"), kHpcFolders), /*askPython=*/false);
        QCOMPARE(r.folders.size(), std::size_t(5));
        QCOMPARE(r.cacheEnvVars.size(), std::size_t(2));
        QVERIFY(!r.triton.found);
    }
};

QTEST_APPLESS_MAIN(TstFolderHealth)
#include "tst_folderhealth.moc"
