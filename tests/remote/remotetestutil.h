#pragma once

#include "core/remote/keyformat.h"
#include "core/remote/redisclient.h"
#include "core/remote/redisendpoint.h"
#include "core/remote/remotetransfer.h"
#include "tests/support/klensprocess.h"
#include "tests/support/redisserver.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <optional>

// What the remote suites share: a client for a started server, the demo cache that real Triton
// wrote (resources/demo/triton), and pushing it.

inline QString demoCache()
{
    return QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
}

inline std::optional<kl::remote::Client>
clientFor(const QString& url, std::chrono::milliseconds timeout = std::chrono::milliseconds(5000))
{
    auto ep = kl::remote::parseRedisUrl(url.toStdString());
    if (!ep)
        return std::nullopt;
    kl::remote::Timeouts t;
    t.connect = t.command = timeout;
    auto c = kl::remote::Client::connect(*ep, t);
    if (!c) {
        qWarning("%s", c.error().english().c_str());
        return std::nullopt;
    }
    return std::move(*c);
}

/// The machine's own Redis settings stay out of a klens run; `set` holds the test's.
inline ProcessOptions withoutMachineRedis(const QMap<QString, QString>& set = {})
{
    return {.unset = {"KERNELLENS_REDIS_URL", "TRITON_REDIS_KEY_FORMAT"}, .set = set};
}

inline kl::remote::KeyFormat defaultFormat()
{
    return *kl::remote::KeyFormat::parse(kl::remote::KeyFormat::kDefault);
}

/// Every folder of the demo cache, pushed; returns how many entries went.
inline std::size_t pushDemo(kl::remote::Client& c, const kl::remote::KeyFormat& f)
{
    auto r = kl::remote::pushEntries(c, f, {demoCache().toStdString()});
    if (!r)
        qWarning("%s", r.error().english().c_str());
    return r ? r->count(kl::remote::TransferResult::Done) : 0;
}

/// The folders of the demo cache (its entries' keys), sorted.
inline QStringList demoKeys()
{
    return QDir(demoCache()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

#define KL_START_REDIS(server)                                                                               \
    if (!(server).error().isEmpty())                                                                         \
    QFAIL(qPrintable((server).error()))

/// MemAvailable from /proc/meminfo, in bytes; -1 when it cannot be read.
inline qint64 memAvailableBytes()
{
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const auto m = QRegularExpression(QStringLiteral("MemAvailable:\\s+(\\d+) kB"))
                       .match(QString::fromUtf8(f.readAll()));
    return m.hasMatch() ? m.captured(1).toLongLong() * 1024 : -1;
}

/// What the server has sent to all its clients so far (INFO stats); -1 when it does not say.
inline qint64 bytesSent(kl::remote::Client& c)
{
    auto info = c.command({"INFO", "stats"});
    if (!info)
        return -1;
    const auto m = QRegularExpression(QStringLiteral("total_net_output_bytes:(\\d+)"))
                       .match(QString::fromStdString(info->str));
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}
