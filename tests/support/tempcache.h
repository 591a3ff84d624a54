#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

/// A throwaway cache root for tests: write entries, files and folders by relative path.
class TempCache {
public:
    TempCache();
    bool isValid() const { return m_dir.isValid(); }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString& rel) const { return m_dir.filePath(rel); }

    /// Write `data` to `rel`, creating folders on the way.
    void write(const QString& rel, const QByteArray& data) const;
    void mkdir(const QString& rel) const;

    /// A complete Triton 3.x CUDA kernel entry named after the base32 of `hashHex`, with a
    /// path-map group file that records the entry's real location. Returns the folder name.
    QString addKernel(const QString& name, const QString& hashHex, int arch = 90) const;
    /// The same, in any folder `root`.
    static QString addKernelAt(const QString& root, const QString& name, const QString& hashHex,
                               int arch = 90);

private:
    QTemporaryDir m_dir;
};

/// Write `data` to `path`, creating folders on the way (throws when it cannot).
void writeFileAt(const QString& path, const QByteArray& data);

/// The sha256 hex of `seed`: a stand-in key or source hash for a test's entries and folders.
QString sha256Of(const QString& seed);

/// A file's bytes; empty when it cannot be read.
QByteArray readFileBytes(const QString& path);

/// Folder name Triton 3.2+ uses for a sha256 hex digest.
QString base32Folder(const QString& hashHex);

/// Path of a real corpus cache, or empty when ../shared/corpus is absent.
QString corpusDir();
