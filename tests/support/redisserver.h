#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

/// A real redis-server for one test: on 127.0.0.1 at a free port (or a unix socket), no
/// persistence, in a temp folder, stopped (and resumed first, if paused) on destruction.
class RedisServer {
public:
    struct Options {
        QString password;        ///< requirepass
        bool unixSocket = false; ///< also listen on <dir>/redis.sock
        QStringList extra;       ///< more redis-server arguments
        bool tlsOnly = false;    ///< TLS on the port, no plain port (a throwaway self-signed certificate)
    };
    RedisServer();
    explicit RedisServer(const Options& options);
    ~RedisServer();

    /// Empty when started; else why not (no redis-server, it exited, it never answered).
    const QString& error() const { return m_error; }
    int port() const { return m_port; }
    QString socketPath() const;
    /// redis://[:password@]127.0.0.1:<port>/0
    QString url() const;
    QString unixUrl() const;
    qint64 pid() const { return m_process.processId(); }

    /// Stop answering without closing connections (SIGSTOP), and resume (SIGCONT).
    void pause();
    void resume();

    /// Run redis-cli against this server; its stdout.
    QByteArray cli(const QStringList& args) const;

private:
    bool makeCertificate() const;

    Options m_options;
    QTemporaryDir m_dir;
    QProcess m_process;
    int m_port = 0;
    bool m_paused = false;
    QString m_error;
};

/// A TCP port on 127.0.0.1 nothing listens on right now.
int freeLocalPort();
