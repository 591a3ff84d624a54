#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

namespace kl::gui {

/// A private copy of the bundled demo cache (a real Triton cache) and of the demo's compile-events
/// history, so `--demo` never shows or touches the installed files. The copy is removed when the
/// DemoCache is destroyed.
class DemoCache {
    Q_DECLARE_TR_FUNCTIONS(DemoCache)

public:
    DemoCache();
    ~DemoCache();

    /// The bundled cache: <exe>/../share/kernellens/demo/triton-cache when installed, else the
    /// source tree's fixture. Empty when neither exists.
    static QString sourceDir();

    /// The bundled events log: <exe>/../share/kernellens/demo/events/events.jsonl when installed,
    /// else the source tree's resources/demo/events/events.jsonl. Empty when neither exists.
    static QString eventsSourceFile();

    /// Copy the bundled cache, and the events log when there is one, into a new temporary folder.
    /// On failure returns false and sets `error` (naming the path and the cause).
    bool materialize(QString* error);

    /// The demo's profiler trace, made from the demo cache's kernels with one planted register
    /// mismatch: <exe>/../share/kernellens/demo/trace/demo.pt.trace.json.gz when installed, else
    /// the source tree's resources/demo/trace/. Empty when neither exists. Read in place: the
    /// reader never writes.
    static QString traceSourceFile();

    /// Entries older Tritons wrote, one folder per version (scripts/gen_demo_eras.py).
    static QString erasSourceDir();
    /// The bundled NVRTC cache (KernelLens's own entries, from scripts/gen_demo_nvrtc.sh).
    static QString nvrtcSourceDir();

    /// The copy's cache folder; empty before materialize() succeeded.
    QString path() const { return m_path; }
    /// The copy of KernelLens's NVRTC cache; empty when none is bundled.
    QString nvrtcPath() const { return m_nvrtcPath; }
    /// What was planted in the copy for the doctor and the cleaner to find, one line each.
    QStringList plantedProblems() const { return m_planted; }

    /// The copy of the events log (<temp>/events/events.jsonl), for the dashboard; empty before
    /// materialize() succeeded or when no events log is bundled.
    QString eventsPath() const { return m_eventsPath; }

private:
    static void dateEntriesFromEvents(const QString& cache, const QString& events);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    QString m_eventsPath;
    QString m_nvrtcPath;
    QStringList m_planted;
};

} // namespace kl::gui
