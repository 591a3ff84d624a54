#include "demoplanting.h"

#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/storage/groupwriter.h"
#include "core/util/durablefile.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace kl::gui {
namespace {

// A key of its own for a planted entry: sha256 of a label, the folder named as Triton 3.2+ names
// it, and the copied metadata's "hash" made to match (so only the planted problem shows).
struct DemoKey {
    QString hex, folder;
};

DemoKey demoKey(const QString& label)
{
    const QByteArray digest = QCryptographicHash::hash(label.toUtf8(), QCryptographicHash::Sha256);
    return {QString::fromLatin1(digest.toHex()), QString::fromStdString(base32NoPad(std::string_view(
                                                     digest.constData(), std::size_t(digest.size()))))};
}

bool isGroupFile(const QString& name)
{
    return layout::isGroupFileName(QFile::encodeName(name).toStdString());
}

// The entry's group files, by Triton's naming rule (core's layout).
QStringList groupFiles(const QDir& entry)
{
    QStringList out;
    for (const QString& f : entry.entryList(QDir::Files, QDir::Name))
        if (isGroupFile(f))
            out << f;
    return out;
}

void setMetadataHash(const QDir& entry, const QString& hex)
{
    for (const QString& f : entry.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        if (isGroupFile(f))
            continue;
        QFile meta(entry.filePath(f));
        if (!meta.open(QIODevice::ReadOnly))
            continue;
        QByteArray text = meta.readAll();
        meta.close();
        const QRegularExpression hash(QStringLiteral("\"hash\": *\"[0-9a-f]{64}\""));
        const QString replaced =
            QString::fromUtf8(text).replace(hash, QStringLiteral("\"hash\": \"%1\"").arg(hex));
        const QDateTime when = QFileInfo(meta).lastModified();
        if (meta.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            meta.write(replaced.toUtf8());
            meta.setFileTime(when, QFileDevice::FileModificationTime);
        }
    }
}

QStringList entriesWithGroupFiles(const QString& cache)
{
    QStringList out;
    const QDir root(cache);
    for (const QString& name : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (!groupFiles(QDir(root.filePath(name))).isEmpty())
            out << name;
    return out;
}

} // namespace

bool relocateEntry(const QDir& entry);

bool copyTree(const QString& source, const QString& target, QString* error)
{
    auto fail = [error](const QString& why) {
        *error = why;
        return false;
    };
    const QDir from(source);
    if (!QDir().mkpath(target))
        return fail(QCoreApplication::translate("DemoCache", "cannot create %1").arg(target));
    QDirIterator it(source, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QFileInfo info = it.fileInfo();
        const QString dst = QDir(target).filePath(from.relativeFilePath(src));
        if (info.isDir()) {
            if (!QDir().mkpath(dst))
                return fail(QCoreApplication::translate("DemoCache", "cannot create %1").arg(dst));
            continue;
        }
        QDir().mkpath(QFileInfo(dst).path());
        QFile in(src);
        if (!in.copy(dst))
            return fail(QCoreApplication::translate("DemoCache", "cannot copy %1 to %2: %3")
                            .arg(src, dst, in.errorString()));
        QFile out(dst);
        out.setPermissions(out.permissions() | QFileDevice::WriteOwner);
        if (out.open(QIODevice::ReadWrite))
            out.setFileTime(info.lastModified(), QFileDevice::FileModificationTime);
    }
    return true;
}

// Returns false when the entry's group file records no paths (the list shape) or cannot be read.
// The new group file is written as Triton writes it (core's writer: json.dumps's bytes).
bool relocateEntry(const QDir& entry)
{
    bool any = false;
    for (const QString& group : groupFiles(entry)) {
        QFile f(entry.filePath(group));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const auto parsed = parseGroupFile(f.readAll().toStdString());
        const QDateTime when = QFileInfo(f).lastModified();
        f.close();
        if (!parsed || parsed->shape != GroupShape::PathMap)
            continue;
        std::vector<std::pair<std::string, std::string>> children;
        for (const GroupChild& c : parsed->children)
            children.emplace_back(
                c.name, QFile::encodeName(entry.filePath(QFile::decodeName(c.name.c_str()))).toStdString());
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            const std::string text = tritonGroupFileText(children);
            f.write(text.data(), qint64(text.size()));
            f.setFileTime(when, QFileDevice::FileModificationTime);
            any = true;
        }
    }
    return any;
}

void relocateGroupFiles(const QString& cache, bool leaveOneMoved)
{
    bool left = !leaveOneMoved;
    const QDir root(cache);
    for (const QString& name : entriesWithGroupFiles(cache)) {
        const QDir entry(root.filePath(name));
        if (!left) {
            // This one stays as generated elsewhere: the doctor's moved-cache. Only path maps count.
            QFile f(entry.filePath(groupFiles(entry).value(0)));
            if (f.open(QIODevice::ReadOnly) && f.readAll().contains("child_paths")) {
                left = true;
                continue;
            }
        }
        relocateEntry(entry);
    }
}

QStringList plantProblems(const QString& cache)
{
    QStringList planted;
    const QDir root(cache);
    const QStringList entries = entriesWithGroupFiles(cache);
    if (entries.size() < 3)
        return planted;
    QString error;
    // Incomplete: a copy of an entry whose cubin never arrived (a writer killed mid-way).
    const DemoKey incompleteKey = demoKey(QStringLiteral("kernellens demo: incomplete entry"));
    const QString incomplete = incompleteKey.folder;
    if (copyTree(root.filePath(entries[0]), root.filePath(incomplete), &error)) {
        relocateEntry(QDir(root.filePath(incomplete)));
        setMetadataHash(QDir(root.filePath(incomplete)), incompleteKey.hex);
        for (const QString& f :
             QDir(root.filePath(incomplete)).entryList({QStringLiteral("*.cubin")}, QDir::Files))
            QFile::remove(root.filePath(incomplete + QLatin1Char('/') + f));
        planted << QCoreApplication::translate("DemoCache", "%1: incomplete (its cubin is missing)")
                       .arg(incomplete);
    }
    // Corrupt: metadata cut off in the middle.
    const QString corrupt = demoKey(QStringLiteral("kernellens demo: corrupt metadata")).folder;
    if (copyTree(root.filePath(entries[1]), root.filePath(corrupt), &error)) {
        relocateEntry(QDir(root.filePath(corrupt)));
        for (const QString& f :
             QDir(root.filePath(corrupt)).entryList({QStringLiteral("*.json")}, QDir::Files)) {
            if (isGroupFile(f))
                continue;
            QFile meta(root.filePath(corrupt + QLatin1Char('/') + f));
            if (meta.open(QIODevice::ReadWrite))
                meta.resize(meta.size() / 2);
        }
        planted << QCoreApplication::translate("DemoCache", "%1: corrupt metadata (cut off)").arg(corrupt);
    }
    // Orphan: the temp folder of a writer (pid 4194301, past any pid_max in use) that died.
    const QString temp =
        entries[2] + QLatin1Char('/') + QString::fromStdString(layout::tempFolderPrefix(4194301) + uuid4());
    if (QDir().mkpath(root.filePath(temp))) {
        QFile partial(root.filePath(temp + QStringLiteral("/kernel.ptx")));
        if (partial.open(QIODevice::WriteOnly))
            partial.write("//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 8.");
        planted << QCoreApplication::translate("DemoCache", "%1: orphaned temp folder").arg(temp);
    }
    return planted;
}

} // namespace kl::gui
