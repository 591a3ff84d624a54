#include "badinput.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <sys/inotify.h>
#include <unistd.h>
#include <vector>

using namespace std::chrono_literals;

QString hashOf(const QByteArray& seed)
{
    return QString::fromLatin1(QCryptographicHash::hash(seed, QCryptographicHash::Sha256).toHex());
}

std::string str(const QString& s)
{
    return QFile::encodeName(s).toStdString();
}

kl::Snapshot scanRoots(const QStringList& dirs, kl::ScanOptions options)
{
    std::vector<kl::Root> roots;
    for (const QString& d : dirs) {
        kl::Root r;
        r.path = str(d);
        r.reason = kl::Text::verbatim("given");
        r.given = true;
        roots.push_back(std::move(r));
    }
    // A hang must fail the test, not stall ctest: run the scan under a deadline.
    auto future = std::async(std::launch::async, [&] { return kl::CacheScanner(options).scan(roots); });
    if (future.wait_for(120s) != std::future_status::ready) {
        qCritical("scan of %s did not finish within 120 s: hang", qPrintable(dirs.join(' ')));
        std::abort();
    }
    return future.get();
}

kl::Snapshot scanDir(const QString& dir, kl::ScanOptions options)
{
    return scanRoots({dir}, std::move(options));
}

const kl::Entry* findEntry(const kl::Snapshot& snap, const std::string& folderName)
{
    for (const kl::Entry& e : snap.entries)
        if (e.folderName == folderName)
            return &e;
    return nullptr;
}

const kl::Problem* findProblem(const kl::Entry& e, std::string_view code)
{
    for (const kl::Problem& p : e.problems)
        if (p.code == code)
            return &p;
    return nullptr;
}

QString describe(const kl::Entry& e)
{
    QString s = QString::fromStdString(e.path) + " [" + QString::fromLatin1(kl::toString(e.kind)) + "/" +
                QString::fromLatin1(kl::toString(e.status)) + "]";
    for (const kl::Problem& p : e.problems)
        s += "\n  " + QString::fromStdString(p.code) + ": " + QString::fromStdString(p.message.english());
    return s;
}

QString describe(const kl::Snapshot& snap)
{
    QString s;
    for (const kl::Root& r : snap.roots)
        s += "root " + QString::fromStdString(r.path) +
             " error=" + QString::fromStdString(r.error.english()) + "\n";
    for (const kl::Entry& e : snap.entries)
        s += describe(e) + "\n";
    return s;
}

QJsonObject parseScanJson(const QByteArray& out, QString& why)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(out, &pe);
    if (pe.error != QJsonParseError::NoError) {
        why = pe.errorString() + " at offset " + QString::number(pe.offset) + " near: " +
              QString::fromLatin1(out.mid(std::max(0, pe.offset - 80), 160).toPercentEncoding(" {}[]\":,/"));
        return {};
    }
    if (!doc.isObject() || doc.object().value("schema").toString() != "kernellens.scan/1") {
        why = "not a kernellens.scan/1 document";
        return {};
    }
    return doc.object();
}

QJsonObject jsonEntry(const QJsonObject& doc, const QString& suffix)
{
    for (const QJsonValue& v : doc.value("entries").toArray())
        if (v.toObject().value("path").toString().endsWith("/" + suffix))
            return v.toObject();
    return {};
}

QStringList jsonCodes(const QJsonObject& entry)
{
    QStringList codes;
    for (const QJsonValue& p : entry.value("problems").toArray())
        codes << p.toObject().value("code").toString();
    return codes;
}

qint64 readChars()
{
    std::ifstream io("/proc/self/io");
    std::string key;
    long long value = 0;
    while (io >> key >> value)
        if (key == "rchar:")
            return value;
    return -1;
}

QByteArray validMeta(const QString& hash)
{
    return QStringLiteral("{\"hash\": \"%1\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, "
                          "\"warp_size\": "
                          "32}, \"num_warps\": 4, \"num_stages\": 3, \"triton_version\": \"3.5.0\", "
                          "\"shared\": 0, \"name\": \"add_kernel\"}")
        .arg(hash)
        .toUtf8();
}

OpenWatch::OpenWatch(const QString& path)
{
    m_fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_fd >= 0)
        m_wd = ::inotify_add_watch(m_fd, QFile::encodeName(path).constData(),
                                   IN_OPEN | IN_ACCESS | IN_CLOSE_NOWRITE);
}

OpenWatch::~OpenWatch()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

int OpenWatch::events() const
{
    alignas(struct inotify_event) char buf[4096];
    int n = 0;
    for (;;) {
        const ssize_t got = ::read(m_fd, buf, sizeof buf);
        if (got <= 0)
            return n;
        for (ssize_t off = 0; off < got;) {
            auto* ev = reinterpret_cast<struct inotify_event*>(buf + off);
            if (ev->mask & (IN_OPEN | IN_ACCESS | IN_CLOSE_NOWRITE))
                ++n;
            off += static_cast<ssize_t>(sizeof(struct inotify_event) + ev->len);
        }
    }
}
