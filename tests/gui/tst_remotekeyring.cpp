// Remote caches' passwords in the system keyring, for real: a D-Bus session bus of the test's own
// (dbus-daemon) and GNOME Keyring's Secret Service on it (gnome-keyring-daemon, unlocked with a
// password on stdin), in a temp HOME and XDG folders, and a real redis-server with requirepass.
// File > Open Remote Cache stores the password there once the server took it; a fresh window
// reopens the server from the roots panel with the password read back from the keyring and lists
// it; forgetting the server deletes it. Without a keyring (no session bus) the dialog says so and
// the password is asked for. The password never reaches the settings.
#include "app/gui/entries/entriespage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/remote/passwordkeyring.h"
#include "app/gui/remote/remoteopendialog.h"
#include "app/gui/remote/remotesession.h"
#include "app/gui/roots/rootspanel.h"
#include "tests/remote/remotetestutil.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <csignal>

using kl::gui::EntriesPage;
using kl::gui::MainWindow;
using kl::gui::RemoteOpenDialog;
using kl::gui::RemoteSession;
namespace keyring = kl::gui::keyring;

namespace {

// The dialog for `url`, once the keyring answered for it.
bool dialogFor(RemoteOpenDialog& d, const QString& url)
{
    d.findChild<QComboBox*>(QStringLiteral("remoteUrl"))->setCurrentText(url);
    d.findChild<QLineEdit*>(QStringLiteral("remoteKeyFormat"))
        ->setText(QStringLiteral("triton:{key}:{filename}"));
    return QTest::qWaitFor([&] { return d.keyringChecked(); }, 20000);
}

// Every file under `dir` (the settings live there): none may hold `secret`.
QString fileHolding(const QString& dir, const QByteArray& secret)
{
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(secret))
            return f.fileName();
    }
    return {};
}

keyring::Answer readNow(const QString& key)
{
    keyring::Answer got;
    bool done = false;
    QObject context;
    keyring::readPassword(key, &context, [&](const keyring::Answer& a) {
        got = a;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        got.why = QStringLiteral("the keyring did not answer within 20 s");
    return got;
}

} // namespace

class TstRemoteKeyring : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;
    qint64 m_busPid = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // Everything the keyring and the settings write stays in the temp HOME.
        for (const char* sub : {"config", "data", "cache", "runtime"})
            QVERIFY(QDir(m_home.path()).mkpath(QString::fromLatin1(sub)));
        QFile::setPermissions(m_home.path() + "/runtime",
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("HOME", m_home.path().toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", (m_home.path() + "/config").toLocal8Bit());
        qputenv("XDG_DATA_HOME", (m_home.path() + "/data").toLocal8Bit());
        qputenv("XDG_CACHE_HOME", (m_home.path() + "/cache").toLocal8Bit());
        qputenv("XDG_RUNTIME_DIR", (m_home.path() + "/runtime").toLocal8Bit());
        qunsetenv("KERNELLENS_REDIS_PASSWORD");
        qunsetenv("KERNELLENS_REDIS_URL");
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KernelLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_remotekeyring"));
        QSettings().clear();
    }

    void cleanupTestCase()
    {
        // gnome-keyring-daemon leaves with its bus.
        if (m_busPid > 0)
            ::kill(pid_t(m_busPid), SIGTERM);
    }

    // No session bus, so no Secret Service: the dialog says the keyring is unavailable, offers no
    // checkbox, and the password is typed; nothing is stored anywhere.
    void withoutAKeyringThePasswordIsAskedFor()
    {
        qputenv("DBUS_SESSION_BUS_ADDRESS", ("unix:path=" + m_home.path() + "/no-bus-here").toLocal8Bit());
        RedisServer::Options o;
        o.password = QStringLiteral("nokr-s3cret");
        RedisServer server(o);
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        QVERIFY(pushDemo(*client, defaultFormat()) > 0);
        const QString display = QStringLiteral("redis://127.0.0.1:%1/0").arg(server.port());

        MainWindow w;
        RemoteOpenDialog d(&w);
        QVERIFY(dialogFor(d, display));
        auto* remember = d.findChild<QCheckBox*>(QStringLiteral("remoteRememberPassword"));
        auto* password = d.findChild<QLineEdit*>(QStringLiteral("remotePassword"));
        QVERIFY(!remember->isEnabled());
        QVERIFY(password->isEnabled() && password->text().isEmpty());
        const QString status = d.keyringStatus();
        QVERIFY2(status.contains(QStringLiteral("not available")) ||
                     status.contains(QStringLiteral("no QtKeychain")),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("asked for each time")), qPrintable(status));

        password->setText(QStringLiteral("nokr-s3cret"));
        d.show();
        d.accept();
        QVERIFY(!d.rememberPassword());
        auto* page = w.findChild<EntriesPage*>();
        QSignalSpy shown(page, &EntriesPage::snapshotShown);
        w.openRemote(d.source(), d.rememberPassword());
        QVERIFY(shown.wait(30000));
        QCOMPARE(qsizetype(page->snapshot()->entries.size()), demoKeys().size());
        QCOMPARE(fileHolding(m_home.path(), "nokr-s3cret"), QString());

        // A fresh window knows the server but not its password: listing it again fails (the
        // password has to be typed into the dialog again).
        MainWindow fresh;
        auto* roots = fresh.findChild<kl::gui::RootsPanel*>();
        QVERIFY(!roots->tree()->findItems(display, Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
        QSignalSpy failed(fresh.findChild<kl::gui::RemoteSession*>(), &RemoteSession::failed);
        emit roots->openRemoteRequested(display);
        QVERIFY(failed.wait(30000));
        qInfo("without the password: %s", qPrintable(failed.at(0).at(0).toString()));
        fresh.findChild<kl::gui::RemoteSession*>()->forget(display);
    }

    // A real GNOME Keyring on a bus of our own: stored, read back by a fresh window, deleted.
    void passwordKeptInTheSystemKeyring()
    {
        if (!keyring::compiledIn())
            QSKIP("this build has no QtKeychain (qtkeychain-qt6-dev): nothing to keep in a keyring");
        const QString dbusDaemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
        const QString keyringDaemon = QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon"));
        if (dbusDaemon.isEmpty() || keyringDaemon.isEmpty())
            QSKIP("needs dbus-daemon and gnome-keyring-daemon (Debian: dbus-daemon, gnome-keyring)");

        QProcess bus;
        bus.start(dbusDaemon, {QStringLiteral("--session"), QStringLiteral("--fork"),
                               QStringLiteral("--print-address=1"), QStringLiteral("--print-pid=1")});
        QVERIFY(bus.waitForFinished(20000));
        const QStringList busOut =
            QString::fromUtf8(bus.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
        QVERIFY2(busOut.size() >= 2, bus.readAllStandardError().constData());
        m_busPid = busOut.at(1).trimmed().toLongLong();
        qputenv("DBUS_SESSION_BUS_ADDRESS", busOut.at(0).trimmed().toLocal8Bit());

        QProcess daemon;
        daemon.start(keyringDaemon, {QStringLiteral("--unlock"), QStringLiteral("--components=secrets"),
                                     QStringLiteral("--daemonize")});
        QVERIFY(daemon.waitForStarted(20000));
        daemon.write("test-keyring-unlock-pw");
        daemon.closeWriteChannel();
        QVERIFY(daemon.waitForFinished(20000));
        QVERIFY2(daemon.exitCode() == 0, daemon.readAllStandardError().constData());
        const keyring::Answer probe = readNow(QStringLiteral("redis://probe:1/0"));
        QVERIFY2(probe.outcome == keyring::Outcome::NotFound, qPrintable(probe.why));

        const QString secret = QStringLiteral("kr-s3cret-pw");
        RedisServer::Options o;
        o.password = secret;
        RedisServer server(o);
        KL_START_REDIS(server);
        auto client = clientFor(server.url());
        QVERIFY(client);
        QVERIFY(pushDemo(*client, defaultFormat()) > 0);
        const QString display = QStringLiteral("redis://127.0.0.1:%1/0").arg(server.port());

        {
            MainWindow w;
            RemoteOpenDialog d(&w);
            QVERIFY(dialogFor(d, display));
            auto* remember = d.findChild<QCheckBox*>(QStringLiteral("remoteRememberPassword"));
            QVERIFY(remember->isEnabled());
            QVERIFY(!remember->isChecked());
            QVERIFY2(d.keyringStatus().isEmpty(), qPrintable(d.keyringStatus()));
            d.findChild<QLineEdit*>(QStringLiteral("remotePassword"))->setText(secret);
            remember->setChecked(true);
            d.show();
            d.accept();
            QVERIFY(d.rememberPassword());
            auto* page = w.findChild<EntriesPage*>();
            QSignalSpy shown(page, &EntriesPage::snapshotShown);
            QSignalSpy saved(w.findChild<kl::gui::RemoteSession*>(), &RemoteSession::passwordSaved);
            w.openRemote(d.source(), d.rememberPassword());
            QVERIFY(shown.wait(30000));
            QVERIFY(saved.count() == 1 || saved.wait(20000));
            QCOMPARE(saved.at(0).at(0).toString(), display);
            QVERIFY2(saved.at(0).at(1).toBool(), qPrintable(saved.at(0).at(2).toString()));
        }

        // In GNOME Keyring (its own tool finds it by QtKeychain's attributes), not in the settings.
        const keyring::Answer stored = readNow(display);
        QCOMPARE(int(stored.outcome), int(keyring::Outcome::Ok));
        QCOMPARE(stored.password, secret);
        if (const QString tool = QStandardPaths::findExecutable(QStringLiteral("secret-tool"));
            !tool.isEmpty()) {
            QProcess lookup;
            lookup.start(tool, {QStringLiteral("lookup"), QStringLiteral("server"),
                                QString::fromLatin1(keyring::Service), QStringLiteral("user"), display});
            QVERIFY(lookup.waitForFinished(20000));
            QCOMPARE(QString::fromUtf8(lookup.readAllStandardOutput()).trimmed(), secret);
        }
        {
            QSettings settings;
            settings.sync();
            QVERIFY(RemoteSession::recent().contains(display));
            for (const QString& k : settings.allKeys())
                QVERIFY2(!settings.value(k).toString().contains(secret), qPrintable(k));
            QCOMPARE(fileHolding(m_home.path() + "/.qttest", secret.toUtf8()), QString());
            QCOMPARE(fileHolding(m_home.path() + "/config", secret.toUtf8()), QString());
        }

        // A fresh window: the roots panel's server lists with the keyring's password.
        {
            MainWindow w;
            auto* page = w.findChild<EntriesPage*>();
            auto* roots = w.findChild<kl::gui::RootsPanel*>();
            QVERIFY(!roots->tree()->findItems(display, Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
            QSignalSpy shown(page, &EntriesPage::snapshotShown);
            QSignalSpy failed(w.findChild<kl::gui::RemoteSession*>(), &RemoteSession::failed);
            emit roots->openRemoteRequested(display);
            QVERIFY2(shown.wait(30000), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
            QCOMPARE(qsizetype(page->snapshot()->entries.size()), demoKeys().size());

            // The dialog fills the password in from the keyring, the box ticked.
            RemoteOpenDialog d(&w);
            QVERIFY(dialogFor(d, display));
            QCOMPARE(d.findChild<QLineEdit*>(QStringLiteral("remotePassword"))->text(), secret);
            QVERIFY(d.findChild<QCheckBox*>(QStringLiteral("remoteRememberPassword"))->isChecked());
            QVERIFY2(d.keyringStatus().contains(QStringLiteral("system keyring")),
                     qPrintable(d.keyringStatus()));

            // Forgetting the server deletes its password.
            QSignalSpy removed(w.findChild<kl::gui::RemoteSession*>(), &RemoteSession::passwordRemoved);
            emit roots->forgetRemoteRequested(display);
            QVERIFY(removed.wait(20000));
            QVERIFY2(removed.at(0).at(1).toBool(), qPrintable(removed.at(0).at(2).toString()));
            QVERIFY(!RemoteSession::recent().contains(display));
            QTRY_VERIFY(roots->tree()->findItems(display, Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
        }
        QCOMPARE(int(readNow(display).outcome), int(keyring::Outcome::NotFound));
    }
};

QTEST_MAIN(TstRemoteKeyring)
#include "tst_remotekeyring.moc"
