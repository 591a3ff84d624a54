// Asking a Python interpreter for its Triton: the real venv, missing interpreters, failing
// imports and interpreters that never answer.
#include "core/env/tritonversion.h"
#include "tests/support/fakeenvironment.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <map>

using namespace kl;
using namespace std::chrono_literals;

namespace {

Environment envWith(std::map<std::string, std::string> vars)
{
    return fakeEnvironment(std::move(vars), "/nonexistent");
}

QString writeScript(const QTemporaryDir& dir, const QString& name, const QByteArray& body)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// Gone, or a zombie waiting for its new parent to reap it: either way not running.
bool processIsGone(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    const QByteArray s = stat.readAll();
    const int close = s.lastIndexOf(')');
    return close > 0 && s.size() > close + 2 && s[close + 2] == 'Z';
}

} // namespace

class TstTritonVersion : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void realVenvHasTriton390()
    {
        const QString python =
            QFileInfo(QStringLiteral(KL_SOURCE_DIR "/.venv-triton/bin/python")).absoluteFilePath();
        if (!QFileInfo::exists(python))
            QSKIP(qPrintable("no Triton venv at " + python + " (see resources/demo/triton/README)"));
        // A cold import of Triton can take seconds on a busy machine.
        const TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", python.toStdString()}}), 60s);
        QVERIFY2(v.found, v.error.english().c_str());
        QCOMPARE(v.version, std::string("3.9.0"));
        QCOMPARE(v.python, python.toStdString());
    }

    void printedVersionIsTaken()
    {
        const QString py = writeScript(m_dir, "py-ok", "echo 3.1.0\n");
        const TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", py.toStdString()}}));
        QVERIFY2(v.found, v.error.english().c_str());
        QCOMPARE(v.version, std::string("3.1.0"));
    }

    void pythonFoundOnPath()
    {
        writeScript(m_dir, "python3", "echo 2.3.1\n");
        const TritonVersion v =
            detectTritonVersion(envWith({{"PATH", "/nonexistent:" + m_dir.path().toStdString()}}));
        QVERIFY2(v.found, v.error.english().c_str());
        QCOMPARE(v.version, std::string("2.3.1"));
        QCOMPARE(v.python, m_dir.filePath("python3").toStdString());
    }

    void missingPythonIsExplained()
    {
        TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", "/nonexistent/bin/python"}}));
        QVERIFY(!v.found);
        QVERIFY2(v.error.english().find("/nonexistent/bin/python") != std::string::npos,
                 v.error.english().c_str());
        QVERIFY2(v.error.english().find("KL_PYTHON") != std::string::npos, v.error.english().c_str());

        v = detectTritonVersion(envWith({{"PATH", "/nonexistent-a:/nonexistent-b"}}));
        QVERIFY(!v.found);
        QCOMPARE(v.error.english(), std::string("no python3 on PATH (/nonexistent-a:/nonexistent-b)"));
    }

    void failedImportGivesItsLastLine()
    {
        const QString py = writeScript(m_dir, "py-noimport",
                                       "echo 'Traceback (most recent call last):' >&2\n"
                                       "echo '  File \"<string>\", line 1, in <module>' >&2\n"
                                       "echo \"ModuleNotFoundError: No module named 'triton'\" >&2\n"
                                       "exit 1\n");
        const TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", py.toStdString()}}));
        QVERIFY(!v.found);
        QVERIFY2(v.error.english().find("exit 1") != std::string::npos, v.error.english().c_str());
        QVERIFY2(v.error.english().ends_with(": ModuleNotFoundError: No module named 'triton'"),
                 v.error.english().c_str());
    }

    void silentSuccessIsNoVersion()
    {
        const QString py = writeScript(m_dir, "py-silent", "exit 0\n");
        const TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", py.toStdString()}}));
        QVERIFY(!v.found);
        QVERIFY2(v.error.english().find("printed no Triton version") != std::string::npos,
                 v.error.english().c_str());
    }

    void sleepingPythonTimesOut_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addRow("sleeps") << QByteArray(
            "echo $$ > \"$0.pid\"\nsleep 30 &\necho $! > \"$0.child\"\nwait\n");
        // Closes its pipes first: only the deadline on waiting for it can end the wait.
        QTest::addRow("closes its pipes") << QByteArray("echo $$ > \"$0.pid\"\nexec >&- 2>&-\nsleep 30 &\n"
                                                        "echo $! > \"$0.child\"\nwait\n");
    }
    void sleepingPythonTimesOut()
    {
        QFETCH(QByteArray, body);
        const QString py = writeScript(
            m_dir, QStringLiteral("py-sleep-%1").arg(QTest::currentDataTag()).replace(' ', '-'), body);
        QElapsedTimer t;
        t.start();
        const TritonVersion v = detectTritonVersion(envWith({{"KL_PYTHON", py.toStdString()}}), 500ms);
        const qint64 ms = t.elapsed();
        QVERIFY(!v.found);
        QVERIFY2(v.error.english().find("did not answer within 500 ms") != std::string::npos,
                 v.error.english().c_str());
        QVERIFY2(ms < 2500, qPrintable(QString("took %1 ms").arg(ms)));
        // The whole process group went, the interpreter's own children included.
        QFile child(py + ".child");
        QVERIFY(child.open(QIODevice::ReadOnly));
        const qint64 childPid = child.readAll().trimmed().toLongLong();
        QVERIFY(childPid > 0);
        for (int i = 0; i < 100 && !processIsGone(childPid); ++i)
            QThread::msleep(20);
        QVERIFY2(processIsGone(childPid), qPrintable(QString("pid %1 still runs").arg(childPid)));
    }
};

QTEST_GUILESS_MAIN(TstTritonVersion)
#include "tst_tritonversion.moc"
