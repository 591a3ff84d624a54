// Bad servers and bad values: every failure names the server (and key) and the cause, a local
// cache is never half-written, and nothing crashes.
#include "core/remote/remotecache.h"
#include "core/remote/remotetransfer.h"
#include "remotetestutil.h"

#include <QTemporaryDir>

using namespace kl;
using namespace kl::remote;

namespace {

QString errorOf(const QString& url, std::chrono::milliseconds timeout = std::chrono::milliseconds(2000))
{
    auto ep = parseRedisUrl(url.toStdString());
    if (!ep)
        return QString::fromStdString(ep.error().english());
    Timeouts t;
    t.connect = t.command = timeout;
    auto c = Client::connect(*ep, t);
    return c ? QString() : QString::fromStdString(c.error().english());
}

} // namespace

class TstRemoteBadInput : public QObject {
    Q_OBJECT
private slots:
    void serverDown()
    {
        const int port = freeLocalPort();
        const QString msg = errorOf(QStringLiteral("redis://127.0.0.1:%1").arg(port));
        QVERIFY2(msg.contains(QStringLiteral("redis://127.0.0.1:%1/0").arg(port)) &&
                     msg.contains("cannot connect"),
                 qPrintable(msg));
    }

    void passwords()
    {
        RedisServer::Options o;
        o.password = QStringLiteral("right");
        RedisServer server(o);
        KL_START_REDIS(server);
        const QString base = QStringLiteral("127.0.0.1:%1").arg(server.port());
        QString msg = errorOf("redis://:wrong@" + base);
        QVERIFY2(msg.contains("redis://" + base + "/0") && msg.contains("refused the login"),
                 qPrintable(msg));
        QVERIFY2(!msg.contains("wrong"), qPrintable(msg)); // the password is never printed
        msg = errorOf("redis://" + base);
        QVERIFY2(msg.contains("needs a password") && msg.contains("KERNELLENS_REDIS_PASSWORD"),
                 qPrintable(msg));
        QVERIFY(errorOf("redis://:right@" + base).isEmpty());
        // A password for a server that has none.
        RedisServer open;
        KL_START_REDIS(open);
        msg = errorOf(QStringLiteral("redis://:extra@127.0.0.1:%1").arg(open.port()));
        QVERIFY2(msg.contains("refused the login"), qPrintable(msg));
    }

    void tlsNeedsANewerHiredis()
    {
        // Debian 12's hiredis 0.14 has no TLS; the message says so instead of failing oddly.
        const QString msg = errorOf(QStringLiteral("rediss://127.0.0.1:%1").arg(freeLocalPort()));
        QVERIFY2(msg.contains("TLS") && msg.contains(QString::fromStdString(Client::libraryVersion())),
                 qPrintable(msg));
    }

    void plainConnectionToATlsServer()
    {
        RedisServer::Options o;
        o.tlsOnly = true;
        RedisServer server(o);
        KL_START_REDIS(server);
        const QString msg = errorOf(QStringLiteral("redis://127.0.0.1:%1").arg(server.port()));
        QVERIFY2(msg.contains(QStringLiteral("redis://127.0.0.1:%1/0").arg(server.port())) &&
                     msg.contains("only speaks TLS") && msg.contains("rediss://"),
                 qPrintable(msg));
    }

    void serverStopsAnsweringMidScan()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url(), std::chrono::milliseconds(400));
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        RemoteScanOptions options;
        options.scanCount = 5;
        bool paused = false;
        options.progress = [&](const RemoteProgress&) {
            if (!paused) {
                server.pause();
                paused = true;
            }
        };
        auto snap = scanRemote(*c, f, options);
        server.resume();
        QVERIFY(paused);
        QVERIFY(!snap);
        const QString msg = QString::fromStdString(snap.error().english());
        QVERIFY2(msg.contains(server.url()) && msg.contains("no answer to SCAN within 400 ms"),
                 qPrintable(msg));
        // The connection is not used again after it broke.
        auto next = c->command({"PING"});
        QVERIFY(!next);
    }

    void oversizedValuesAreNeverFetched()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url(), std::chrono::milliseconds(20000));
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QVERIFY(pushDemo(*c, f) > 0);
        auto snap = scanRemote(*c, f);
        QVERIFY(snap);
        const Entry* kernel = nullptr;
        for (const Entry& e : snap->snapshot.entries)
            if (e.kind == EntryKind::Kernel)
                kernel = &e;
        QVERIFY(kernel);
        // 80 MiB where the metadata should be (Triton's json is a few KiB; the scan limit is 64 MiB).
        const std::string huge(80u << 20, '{');
        QVERIFY(c->command({"SET", f.make(kernel->folderName, kernel->kernel + ".json"), huge}));
        auto after = scanRemote(*c, f);
        QVERIFY(after);
        const Entry* e = nullptr;
        for (const Entry& x : after->snapshot.entries)
            if (x.folderName == kernel->folderName)
                e = &x;
        QVERIFY(e && e->hasProblem(problem::Oversized));
        QVERIFY(QString::fromStdString(e->problems.front().message.english()).contains("83886080 bytes"));

        QTemporaryDir into;
        CacheStore store(into.path().toStdString(), StoreOptions{false});
        auto listing = listKeys(*c, f, {});
        QVERIFY(listing);
        TransferOptions t;
        t.maxValueBytes = 16u << 20;
        auto pulled = pullEntries(*c, f, *listing, {kernel->folderName}, store, t);
        QVERIFY(pulled);
        QCOMPARE(static_cast<int>(pulled->outcomes.front().result),
                 static_cast<int>(TransferResult::Refused));
        QVERIFY2(QString::fromStdString(pulled->outcomes.front().detail.english()).contains("not fetched"),
                 pulled->outcomes.front().detail.english().c_str());
        QCOMPARE(QDir(into.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList());
    }

    void pushRefusesWhatIsNotWhole()
    {
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url());
        QVERIFY(c);
        QTemporaryDir dir;
        // A copy of one demo entry without its cubin.
        const QString key = demoKeys().front();
        QVERIFY(QDir().mkpath(dir.filePath(key)));
        for (const QString& file : QDir(demoCache() + "/" + key).entryList(QDir::Files))
            if (!file.endsWith(".cubin"))
                QVERIFY(QFile::copy(demoCache() + "/" + key + "/" + file, dir.filePath(key + "/" + file)));
        auto r = pushEntries(*c, defaultFormat(), {dir.filePath(key).toStdString()});
        QVERIFY(r);
        QCOMPARE(r->count(TransferResult::Refused), std::size_t{1});
        QCOMPARE(server.cli({"DBSIZE"}).trimmed(), QByteArray("0"));
        // A path that is not there, and a file.
        auto missing = pushEntries(*c, defaultFormat(), {dir.filePath("nope").toStdString()});
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().english()).contains(dir.filePath("nope")));
    }
};

QTEST_GUILESS_MAIN(TstRemoteBadInput)
#include "tst_remotebadinput.moc"
