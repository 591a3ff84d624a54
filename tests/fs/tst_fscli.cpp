// `klens fs` and `klens env` as a user runs them: shapes, exit codes, effective-folder reasons.
#include "tests/support/klensprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

class TstFsCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // A local home and a fake python, so results do not depend on the machine's environment.
    QProcessEnvironment baseEnv() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& k : env.keys())
            if (k.startsWith("TRITON_") || k.startsWith("TORCHINDUCTOR_") || k == "KL_PYTHON")
                env.remove(k);
        env.insert("HOME", m_dir.path());
        env.insert("TMPDIR", m_dir.path());
        env.insert("KL_PYTHON", m_dir.filePath("python"));
        return env;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile py(m_dir.filePath("python"));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.write("#!/bin/sh\necho 3.4.0\n");
        py.close();
        py.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    void fsDefaultsToTheEffectiveFolders()
    {
        QProcessEnvironment env = baseEnv();
        env.insert("TRITON_CACHE_DIR", m_dir.filePath("tc"));
        const ProcessResult r = runKlens({"fs", "--json"}, {.environment = env});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.fs/1"));
        const QJsonArray folders = doc["folders"].toArray();
        QCOMPARE(folders.size(), 4); // cache, dump, override, DeepSpeed (Inductor follows TRITON_CACHE_DIR)
        QStringList roles;
        for (const auto& f : folders)
            roles << f.toObject()["role"].toString();
        QCOMPARE(roles,
                 (QStringList{"triton-cache", "triton-dump", "triton-override", "deepspeed-autotune"}));
        const QJsonObject cache = folders[0].toObject();
        QCOMPARE(cache["path"].toString(), m_dir.filePath("tc"));
        QCOMPARE(cache["reason"].toString(), QStringLiteral("TRITON_CACHE_DIR"));
        QCOMPARE(cache["exists"].toBool(), false);
        QCOMPARE(cache["fs"].toObject()["walked_up"].toBool(), true);
        QCOMPARE(cache["fs"].toObject()["probed_path"].toString(), m_dir.path());
        for (const char* k : {"category", "type", "source", "mount_point", "mount_root", "bind_mount",
                              "statfs_magic", "autofs_pending", "resolved_path"})
            QVERIFY2(cache["fs"].toObject().contains(k), k);
        QCOMPARE(folders[3].toObject()["same_as"].toString(), QStringLiteral("triton-cache"));
        QCOMPARE(folders[1].toObject()["in_use"].toBool(), false);
        QCOMPARE(folders[1].toObject()["switch"].toString(), QStringLiteral("TRITON_KERNEL_DUMP"));
    }

    void fsOnGivenPaths()
    {
        const ProcessResult r =
            runKlens({"fs", "/", m_dir.filePath("a/b"), "/proc/self"}, {.environment = baseEnv()});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        QVERIFY(r.out.startsWith("/\n  probed       /\n"));
        QVERIFY2(r.out.contains("(does not exist yet: its nearest existing parent)"), r.out.constData());
        QVERIFY2(r.out.contains("filesystem   unknown  proc"), r.out.constData());
        QVERIFY2(r.out.contains("mount point  /proc"), r.out.constData());
    }

    void fsRejectsAnEmptyPath()
    {
        const ProcessResult r = runKlens({"fs", ""}, {.environment = baseEnv()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("empty path"), r.err.constData());
    }

    void envListsFoldersVariablesAndTriton()
    {
        QProcessEnvironment env = baseEnv();
        env.insert("TRITON_DISABLE_LINE_INFO", "1");
        env.insert("TRITON_HOME", m_dir.filePath("th"));
        ProcessResult r = runKlens({"env", "--json"}, {.environment = env});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.env/1"));
        const QJsonArray folders = doc["folders"].toArray();
        QCOMPARE(folders.size(), 5);
        QCOMPARE(folders[0].toObject()["reason"].toString(),
                 QStringLiteral("default ($TRITON_HOME/.triton/cache)"));
        QCOMPARE(folders[4].toObject()["path"].toString(), m_dir.filePath("th/.triton/autotune"));
        QCOMPARE(folders[3].toObject()["path"].toString(),
                 m_dir.filePath("torchinductor_") + qEnvironmentVariable("USER", "root") + "/triton");
        const QJsonArray vars = doc["cache_env_vars"].toArray();
        QCOMPARE(vars.size(), 1);
        QCOMPARE(vars[0].toObject()["name"].toString(), QStringLiteral("TRITON_DISABLE_LINE_INFO"));
        QCOMPARE(vars[0].toObject()["value"].toString(), QStringLiteral("1"));
        const QJsonObject triton = doc["triton"].toObject();
        QCOMPARE(triton["found"].toBool(), true);
        QCOMPARE(triton["version"].toString(), QStringLiteral("3.4.0"));

        r = runKlens({"env"}, {.environment = env});
        QVERIFY2(r.out.contains("TRITON_DISABLE_LINE_INFO=1"), r.out.constData());
        QVERIFY2(r.out.contains("Triton\n  3.4.0  ("), r.out.constData());
        QVERIFY2(r.out.contains("DeepSpeed's Triton autotune folder"), r.out.constData());

        env.insert("KL_PYTHON", "/nonexistent/python");
        r = runKlens({"env"}, {.environment = env});
        QVERIFY2(r.out.contains("not found: /nonexistent/python (from KL_PYTHON) does not exist"),
                 r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TstFsCli)
#include "tst_fscli.moc"
