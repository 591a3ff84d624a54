#include "tempcache.h"

#include "core/formats/keyencoding.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <stdexcept>

TempCache::TempCache()
{
    m_dir.setAutoRemove(true);
}

void TempCache::write(const QString& rel, const QByteArray& data) const
{
    writeFileAt(m_dir.filePath(rel), data);
}

void TempCache::mkdir(const QString& rel) const
{
    QDir().mkpath(m_dir.filePath(rel));
}

void writeFileAt(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        throw std::runtime_error("cannot write " + path.toStdString());
    f.write(data);
}

QString sha256Of(const QString& seed)
{
    return QCryptographicHash::hash(seed.toUtf8(), QCryptographicHash::Sha256).toHex();
}

QByteArray readFileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString base32Folder(const QString& hashHex)
{
    auto enc = kl::encodeKeyFolder(hashHex.toStdString(), kl::KeyEra::Base32);
    return enc ? QString::fromStdString(*enc) : QString();
}

QString TempCache::addKernel(const QString& name, const QString& hashHex, int arch) const
{
    return addKernelAt(m_dir.path(), name, hashHex, arch);
}

QString TempCache::addKernelAt(const QString& root, const QString& name, const QString& hashHex, int arch)
{
    const QString folder = base32Folder(hashHex);
    const QString dir = root + "/" + folder;
    auto write = [&](const QString& rel, const QByteArray& data) { writeFileAt(root + "/" + rel, data); };
    const QStringList exts = {"source", "ttir", "ttgir", "llir", "ptx", "cubin"};
    QString children;
    for (const QString& ext : exts) {
        write(folder + "/" + name + "." + ext, ext == "cubin" ? QByteArray("\x7f"
                                                                           "ELF",
                                                                           4) +
                                                                    QByteArray(60, 'x')
                                                              : QByteArray("// ") + ext.toUtf8() + "\n");
        children += QStringLiteral("\"%1.%2\": \"%3/%1.%2\", ").arg(name, ext, dir);
    }
    const QByteArray meta =
        QStringLiteral("{\"hash\": \"%1\", \"target\": {\"backend\": \"cuda\", \"arch\": %2, "
                       "\"warp_size\": 32}, \"num_warps\": 4, \"num_stages\": 3, "
                       "\"triton_version\": \"3.5.0\", \"shared\": 0, \"name\": \"%3\"}")
            .arg(hashHex)
            .arg(arch)
            .arg(name)
            .toUtf8();
    write(folder + "/" + name + ".json", meta);
    children += QStringLiteral("\"%1.json\": \"%2/%1.json\"").arg(name, dir);
    write(folder + "/__grp__" + name + ".json", ("{\"child_paths\": {" + children + "}}").toUtf8());
    return folder;
}

QString corpusDir()
{
    const QString dir = QStringLiteral(KL_CORPUS_DIR);
    return QFileInfo(dir).isDir() ? QFileInfo(dir).canonicalFilePath() : QString();
}
