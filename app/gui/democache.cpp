#include "democache.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace kl::gui {

DemoCache::DemoCache() = default;
DemoCache::~DemoCache() = default;

QString DemoCache::sourceDir()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/kernellens/demo/triton-cache"));
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    const QString source = QStringLiteral(KL_DEMO_SOURCE_DIR);
    return QFileInfo(source).isDir() ? source : QString();
}

bool DemoCache::materialize(QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QString source = sourceDir();
    if (source.isEmpty())
        return fail(tr("the demo cache is not installed (looked in %1 and %2)")
                        .arg(QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("../share/kernellens/demo/triton-cache")),
                             QStringLiteral(KL_DEMO_SOURCE_DIR)));

    auto dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kernellens-demo-XXXXXX"));
    if (!dir->isValid())
        return fail(
            tr("cannot create a temporary folder in %1: %2").arg(QDir::tempPath(), dir->errorString()));
    const QString target = dir->filePath(QStringLiteral("triton-cache"));
    const QDir from(source);
    if (!QDir().mkpath(target))
        return fail(tr("cannot create %1").arg(target));

    QDirIterator it(source, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QFileInfo info = it.fileInfo();
        const QString dst = QDir(target).filePath(from.relativeFilePath(src));
        if (info.isDir()) {
            if (!QDir().mkpath(dst))
                return fail(tr("cannot create %1").arg(dst));
            continue;
        }
        QDir().mkpath(QFileInfo(dst).path());
        QFile in(src);
        if (!in.copy(dst))
            return fail(tr("cannot copy %1 to %2: %3").arg(src, dst, in.errorString()));
        // Keep the recorded times, so the demo shows when the kernels were really compiled.
        QFile out(dst);
        out.setPermissions(out.permissions() | QFileDevice::WriteOwner);
        if (out.open(QIODevice::ReadWrite))
            out.setFileTime(info.lastModified(), QFileDevice::FileModificationTime);
    }
    m_dir = std::move(dir);
    m_path = target;
    return true;
}

} // namespace kl::gui
