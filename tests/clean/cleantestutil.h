#pragma once

// Small helpers shared by the clean suites (header-only: each suite is one executable).
#include "core/model/snapshot.h"
#include "core/scan/cachescanner.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QString>
#include <fcntl.h>
#include <sys/stat.h>

namespace cleantest {

inline kl::Snapshot scan(const QString& root)
{
    kl::Root r;
    r.path = root.toStdString();
    r.reason = kl::Text::verbatim("given");
    r.given = true;
    return kl::CacheScanner().scan({r});
}

/// Copies a folder tree (files and folders only).
inline bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QString rel = QDir(from).relativeFilePath(it.filePath());
        if (it.fileInfo().isDir()) {
            QDir().mkpath(to + "/" + rel);
        } else if (!QFile::copy(it.filePath(), to + "/" + rel)) {
            return false;
        }
    }
    return true;
}

/// Sets the mtime of a path (not following a symlink).
inline void setMtime(const QString& path, std::int64_t seconds)
{
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ::utimensat(AT_FDCWD, path.toLocal8Bit().constData(), times, AT_SYMLINK_NOFOLLOW);
}

/// Sets the mtime of a folder and of everything directly inside it.
inline void setEntryMtime(const QString& folder, std::int64_t seconds)
{
    for (const QString& n : QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System))
        setMtime(folder + "/" + n, seconds);
    setMtime(folder, seconds);
}

/// Every path under `root` with its size and mtime: to prove that nothing changed.
inline QMap<QString, QString> listing(const QString& root)
{
    QMap<QString, QString> out;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        struct stat st {};
        ::lstat(it.filePath().toLocal8Bit().constData(), &st);
        out.insert(QDir(root).relativeFilePath(it.filePath()), QString::number(st.st_size) + "@" +
                                                                   QString::number(st.st_mtim.tv_sec) + "." +
                                                                   QString::number(st.st_mtim.tv_nsec));
    }
    return out;
}

} // namespace cleantest
