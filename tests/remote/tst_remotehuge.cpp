// A real 512 MiB value on a real redis-server: one stage of an otherwise good entry (the demo's
// cubin grown on the server with SETRANGE to exactly 512 MiB, Redis's default proto-max-bulk-len,
// so the test never sends it). `klens remote ls` and `doctor` report it (oversized-value) without
// fetching it, `klens remote pull --all` refuses that entry naming the server, the key and the
// cause, writes nothing of it, and pulls every other entry. Proof it was never read: the server's
// own count of bytes sent (INFO stats total_net_output_bytes) and klens's peak RSS (GNU time).
// Skipped only when the machine has less than 3 GiB of memory available.
#include "core/remote/remotecache.h"
#include "core/scan/cachescanner.h"
#include "remotetestutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace kl;
using namespace kl::remote;

namespace {

// Far below the 512 MiB value, so a klens that fetched it could not stay under it, and above what
// klens needs under AddressSanitizer (its shadow memory: about 190 MB peak for `remote ls`, against
// about 10 MB in a plain build).
constexpr qint64 kMaxRssKiB = 320 * 1024;

constexpr qint64 kHuge = 512ll << 20; // 536870912 bytes: the most a default server takes

struct Run : ProcessResult {
    qint64 maxRssKiB = -1; ///< GNU time's %M, -1 without /usr/bin/time
};

// klens under GNU time (its peak resident set), without the environment's Redis settings.
Run klens(const QStringList& args)
{
    ProcessOptions options = withoutMachineRedis();
    options.timeoutMs = 300000;
    if (QFile::exists(QStringLiteral("/usr/bin/time")))
        options.wrapper = {QStringLiteral("/usr/bin/time"), QStringLiteral("-f"),
                           QStringLiteral("KL_MAXRSS_KIB=%M")};
    Run r{runKlens(args, options)};
    const auto m = QRegularExpression(QStringLiteral("KL_MAXRSS_KIB=(\\d+)")).match(QString::fromUtf8(r.err));
    if (m.hasMatch())
        r.maxRssKiB = m.captured(1).toLongLong();
    return r;
}

} // namespace

class TstRemoteHuge : public QObject {
    Q_OBJECT
private slots:
    void hugeStageIsListedRefusedAndNeverRead()
    {
        if (const qint64 avail = memAvailableBytes(); avail >= 0 && avail < (3ll << 30))
            QSKIP(qPrintable(QStringLiteral("needs about 3 GiB of free memory for a 512 MiB Redis value; "
                                            "%1 MiB available")
                                 .arg(avail >> 20)));
        RedisServer server;
        KL_START_REDIS(server);
        auto c = clientFor(server.url(), std::chrono::milliseconds(60000));
        QVERIFY(c);
        const KeyFormat f = defaultFormat();
        QCOMPARE(qsizetype(pushDemo(*c, f)), demoKeys().size());
        auto before = scanRemote(*c, f);
        QVERIFY(before);
        const Entry* victim = nullptr;
        for (const Entry& e : before->snapshot.entries)
            if (e.kind == EntryKind::Kernel && e.status == EntryStatus::Complete && e.stage("cubin") &&
                !victim)
                victim = &e;
        QVERIFY(victim);
        const std::string key = victim->folderName;
        const std::string cubinKey = f.make(key, victim->stage("cubin")->fileName);

        // The cubin grows on the server to exactly 512 MiB (its bytes, then zeros).
        const std::string offset = std::to_string(kHuge - 1);
        auto grown = c->command({"SETRANGE", cubinKey, offset, "x"});
        QVERIFY2(grown && grown->type == Reply::Type::Integer,
                 grown ? "not an integer" : grown.error().english().c_str());
        QCOMPARE(grown->integer, kHuge);
        auto len = c->command({"STRLEN", cubinKey});
        QVERIFY(len);
        QCOMPARE(len->integer, kHuge);

        // ls: the entry is listed with its size and the problem; nothing near 512 MiB leaves the server.
        qint64 sent = bytesSent(*c);
        QVERIFY(sent >= 0);
        const Run ls = klens({"remote", "ls", server.url(), "--json"});
        qint64 sentAfter = bytesSent(*c);
        QVERIFY2(ls.exitCode == 1, ls.err.constData()); // problems found
        const QJsonArray entries = QJsonDocument::fromJson(ls.out).object().value("entries").toArray();
        QCOMPARE(entries.size(), demoKeys().size());
        bool found = false;
        for (const QJsonValue& v : entries) {
            const QJsonObject e = v.toObject();
            QStringList codes;
            for (const QJsonValue& p : e.value("problems").toArray())
                codes << p.toObject().value("code").toString();
            if (e.value("folder").toString() == QString::fromStdString(key)) {
                found = true;
                QVERIFY2(codes.contains("oversized-value"), qPrintable(codes.join(',')));
                QVERIFY(e.value("size").toDouble() >= double(kHuge));
            } else {
                QVERIFY2(!codes.contains("oversized-value"), qPrintable(e.value("folder").toString()));
            }
        }
        QVERIFY(found);
        qInfo("klens remote ls: peak RSS %lld KiB, server sent %lld bytes", ls.maxRssKiB, sentAfter - sent);
        QVERIFY2(sentAfter - sent < (16 << 20), qPrintable(QString::number(sentAfter - sent)));
        if (ls.maxRssKiB >= 0)
            QVERIFY2(ls.maxRssKiB < kMaxRssKiB, qPrintable(QString::number(ls.maxRssKiB)));

        // doctor: the finding by code, naming the key and the size.
        sent = bytesSent(*c);
        const Run doctor = klens({"remote", "doctor", server.url()});
        sentAfter = bytesSent(*c);
        const QString doctorText = QString::fromUtf8(doctor.out);
        QVERIFY2(doctorText.contains("oversized-value") &&
                     doctorText.contains(QString::fromStdString(cubinKey)) &&
                     doctorText.contains(QString::number(kHuge)),
                 qPrintable(doctorText));
        QVERIFY2(sentAfter - sent < (16 << 20), qPrintable(QString::number(sentAfter - sent)));
        if (doctor.maxRssKiB >= 0)
            QVERIFY2(doctor.maxRssKiB < kMaxRssKiB, qPrintable(QString::number(doctor.maxRssKiB)));

        // pull --all: that entry refused (server, key, cause), every other one pulled whole.
        QTemporaryDir into;
        sent = bytesSent(*c);
        const Run pull =
            klens({"remote", "pull", "--all", "--into", into.path(), "--url", server.url(), "--no-fsync"});
        sentAfter = bytesSent(*c);
        const QString pullText = QString::fromUtf8(pull.out);
        qInfo("klens remote pull --all: peak RSS %lld KiB, server sent %lld bytes", pull.maxRssKiB,
              sentAfter - sent);
        QCOMPARE(pull.exitCode, 1);
        const QString refusedLine = [&] {
            for (const QString& l : pullText.split('\n'))
                if (l.startsWith("refused"))
                    return l;
            return QString();
        }();
        qInfo("%s", qPrintable(refusedLine));
        const QString serverName = QStringLiteral("127.0.0.1:%1").arg(server.port());
        QVERIFY2(refusedLine.contains(QString::fromStdString(cubinKey)) && refusedLine.contains(serverName) &&
                     refusedLine.contains("512.0 MiB") && refusedLine.contains("not fetched"),
                 qPrintable(pullText));
        QVERIFY2(pullText.contains(QStringLiteral("%1 done").arg(demoKeys().size() - 1)) &&
                     pullText.contains("1 refused"),
                 qPrintable(pullText));
        QVERIFY2(sentAfter - sent < (64 << 20), qPrintable(QString::number(sentAfter - sent)));
        if (pull.maxRssKiB >= 0)
            QVERIFY2(pull.maxRssKiB < kMaxRssKiB, qPrintable(QString::number(pull.maxRssKiB)));
        // Nothing of the refused entry locally, not even a temp folder; the others whole.
        const QStringList local =
            QDir(into.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(local.size(), demoKeys().size() - 1);
        for (const QString& name : local)
            QVERIFY2(!name.contains(QString::fromStdString(key)), qPrintable(name));
        Root r;
        r.path = into.path().toStdString();
        r.reason = Text::verbatim("given");
        r.given = true;
        const Snapshot pulled = CacheScanner().scan({r});
        QCOMPARE(qsizetype(pulled.entries.size()), demoKeys().size() - 1);
        for (const Entry& e : pulled.entries)
            QVERIFY(e.status == EntryStatus::Complete);
    }
};

QTEST_GUILESS_MAIN(TstRemoteHuge)
#include "tst_remotehuge.moc"
