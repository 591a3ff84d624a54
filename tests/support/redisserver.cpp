#include "redisserver.h"

#include <QStandardPaths>
#include <QThread>
#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int freeLocalPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

RedisServer::RedisServer()
    : RedisServer(Options{})
{
}

RedisServer::RedisServer(const Options& options)
    : m_options(options)
{
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (exe.isEmpty()) {
        m_error = QStringLiteral("redis-server is not installed (scripts/dev.sh installs it)");
        return;
    }
    // A port taken between freeLocalPort() and redis-server's bind: try again with another.
    for (int attempt = 0; attempt < 5; ++attempt) {
        m_port = freeLocalPort();
        QStringList args{QStringLiteral("--port"),       QString::number(m_port),
                         QStringLiteral("--bind"),       QStringLiteral("127.0.0.1"),
                         QStringLiteral("--save"),       QString(),
                         QStringLiteral("--appendonly"), QStringLiteral("no"),
                         QStringLiteral("--dir"),        m_dir.path(),
                         QStringLiteral("--daemonize"),  QStringLiteral("no")};
        if (options.tlsOnly) {
            if (!makeCertificate()) {
                m_error = QStringLiteral("openssl could not make a test certificate");
                return;
            }
            args[1] = QStringLiteral("0");
            args << QStringLiteral("--tls-port") << QString::number(m_port)
                 << QStringLiteral("--tls-cert-file") << m_dir.filePath(QStringLiteral("cert.pem"))
                 << QStringLiteral("--tls-key-file") << m_dir.filePath(QStringLiteral("key.pem"))
                 << QStringLiteral("--tls-ca-cert-file") << m_dir.filePath(QStringLiteral("cert.pem"))
                 << QStringLiteral("--tls-auth-clients") << QStringLiteral("no");
        }
        if (!options.password.isEmpty())
            args << QStringLiteral("--requirepass") << options.password;
        if (options.unixSocket)
            args << QStringLiteral("--unixsocket") << socketPath() << QStringLiteral("--unixsocketperm")
                 << QStringLiteral("700");
        args << options.extra;
        m_process.setProgram(exe);
        m_process.setArguments(args);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start();
        if (!m_process.waitForStarted(5000)) {
            m_error = QStringLiteral("redis-server did not start: ") + m_process.errorString();
            return;
        }
        for (int i = 0; i < 100; ++i) {
            if (m_process.state() != QProcess::Running)
                break;
            const QByteArray pong = cli({QStringLiteral("PING")}).trimmed();
            if (pong == "PONG" || pong.contains("NOAUTH")) {
                m_error.clear();
                return;
            }
            QThread::msleep(50);
        }
        m_error = QStringLiteral("redis-server on port %1 did not answer: %2")
                      .arg(m_port)
                      .arg(QString::fromLocal8Bit(m_process.readAll()));
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

RedisServer::~RedisServer()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    resume();
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool RedisServer::makeCertificate() const
{
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                   QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                   QStringLiteral("-keyout"), m_dir.filePath(QStringLiteral("key.pem")),
                   QStringLiteral("-out"), m_dir.filePath(QStringLiteral("cert.pem"))});
    return openssl.waitForFinished(30000) && openssl.exitCode() == 0;
}

QString RedisServer::socketPath() const
{
    return m_dir.filePath(QStringLiteral("redis.sock"));
}

QString RedisServer::url() const
{
    const QString auth =
        m_options.password.isEmpty() ? QString() : QStringLiteral(":%1@").arg(m_options.password);
    return QStringLiteral("redis://") + auth + QStringLiteral("127.0.0.1:%1/0").arg(m_port);
}

QString RedisServer::unixUrl() const
{
    return QStringLiteral("unix://") + socketPath();
}

void RedisServer::pause()
{
    if (!m_paused && m_process.processId() > 0) {
        ::kill(static_cast<pid_t>(m_process.processId()), SIGSTOP);
        m_paused = true;
    }
}

void RedisServer::resume()
{
    if (m_paused && m_process.processId() > 0) {
        ::kill(static_cast<pid_t>(m_process.processId()), SIGCONT);
        m_paused = false;
    }
}

QByteArray RedisServer::cli(const QStringList& args) const
{
    QProcess p;
    QStringList all{QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                    QString::number(m_port)};
    if (m_options.tlsOnly)
        all << QStringLiteral("--tls") << QStringLiteral("--cacert")
            << m_dir.filePath(QStringLiteral("cert.pem"));
    if (!m_options.password.isEmpty())
        all << QStringLiteral("--no-auth-warning") << QStringLiteral("-a") << m_options.password;
    all << args;
    p.start(QStringLiteral("redis-cli"), all);
    p.waitForFinished(10000);
    return p.readAllStandardOutput();
}
