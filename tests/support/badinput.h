#pragma once

// Helpers for the bad-input suites (tests/badinput): scan a root under a deadline, find an entry
// or a problem, describe what was found, read `klens scan --json` strictly, and watch files that
// must never be opened.

#include "core/model/entry.h"
#include "core/model/snapshot.h"
#include "core/scan/cachescanner.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <string>
#include <string_view>

inline constexpr int kExitOk = 0;
inline constexpr int kExitProblems = 1;
inline constexpr int kExitError = 2;
inline constexpr const char* kKernel = "add_kernel";

QString hashOf(const QByteArray& seed);

std::string str(const QString& s);

kl::Snapshot scanRoots(const QStringList& dirs, kl::ScanOptions options = {});

kl::Snapshot scanDir(const QString& dir, kl::ScanOptions options = {});

const kl::Entry* findEntry(const kl::Snapshot& snap, const std::string& folderName);

/// The first problem of `code`, or nullptr.
const kl::Problem* findProblem(const kl::Entry& e, std::string_view code);

QString describe(const kl::Entry& e);
QString describe(const kl::Snapshot& snap);

#define VERIFY_RAN(r)                                                                                        \
    do {                                                                                                     \
        QVERIFY2((r).started, "klens did not start");                                                        \
        QVERIFY2((r).finished, "klens did not finish in time: hang");                                        \
        QVERIFY2(!(r).crashed, qPrintable("klens crashed:\n" + QString::fromLocal8Bit((r).err)));            \
    } while (0)

/// Parse `klens scan --json` output strictly; empty object on failure (with the reason in `why`).
QJsonObject parseScanJson(const QByteArray& out, QString& why);

/// The JSON entry whose path ends with `/suffix` (suffix in the printable form klens writes).
QJsonObject jsonEntry(const QJsonObject& doc, const QString& suffix);

QStringList jsonCodes(const QJsonObject& entry);

/// rchar of this process (bytes passed to read() and friends by every thread), or -1.
qint64 readChars();

QByteArray validMeta(const QString& hash);

/// An inotify watch on one file or folder: was it opened or read after the watch began?
class OpenWatch {
public:
    explicit OpenWatch(const QString& path);
    ~OpenWatch();
    OpenWatch(const OpenWatch&) = delete;
    OpenWatch& operator=(const OpenWatch&) = delete;
    bool valid() const { return m_fd >= 0 && m_wd >= 0; }
    /// Number of open/read events since the watch began.
    int events() const;

private:
    int m_fd = -1;
    int m_wd = -1;
};
