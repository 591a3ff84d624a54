#pragma once

#include <QCoreApplication>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace kl::gui {

/// A private copy of the bundled demo cache (a real Triton cache), so `--demo` never shows or
/// touches the installed files. The copy is removed when the DemoCache is destroyed.
class DemoCache {
    Q_DECLARE_TR_FUNCTIONS(DemoCache)

public:
    DemoCache();
    ~DemoCache();

    /// The bundled cache: <exe>/../share/kernellens/demo/triton-cache when installed, else the
    /// source tree's fixture. Empty when neither exists.
    static QString sourceDir();

    /// Copy the bundled cache into a new temporary folder. On failure returns false and sets
    /// `error` (naming the path and the cause).
    bool materialize(QString* error);

    /// The copy's cache folder; empty before materialize() succeeded.
    QString path() const { return m_path; }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

} // namespace kl::gui
