#pragma once

// Autotune a kernel of the demo library on the local GPU: pick a spec and a size, watch each
// configuration compile, check and time on a worker thread, cancel at any time, read the table.

#include "autotunejob.h"
#include "autotuner.h"
#include "common/backgroundjob.h"

#include <QDialog>
#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace kl::gui {

/// Makes the device backend on the worker thread; null with the reason when there is none.

class AutotuneDialog : public QDialog {
    Q_OBJECT
public:
    /// Runs on the backends `factory` makes, compiles into `cacheRoot` and appends the compiles to
    /// `eventsLog` (none when empty), as `klens autotune` does.
    AutotuneDialog(BackendFactory factory, QString cacheRoot, QString eventsLog, QWidget* parent = nullptr);
    ~AutotuneDialog() override;

    /// Runs `specPath` at `size` ("" the default) with at most `limit` configurations (0: all).
    void start(const QString& specPath, const QString& size, std::size_t limit = 0);
    bool isRunning() const { return m_job.isRunning(); }
    const QTableWidget* table() const { return m_table; }
    QString statusText() const;

public slots:
    void cancel();

signals:
    void finished();

private:
    void onSpecChanged();
    void onProgress(const AutotuneProgress& p);
    void onFinished(const AutotuneReport& r);

    BackendFactory m_factory;
    QString m_cacheRoot;
    QString m_eventsLog;
    QComboBox* m_spec = nullptr;
    QComboBox* m_size = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    // The dialog's own thread, joined when it closes: libraries with per-thread state (OpenSSL's,
    // used for hashing by the NVRTC cache) free it at thread exit, not at process exit.
    BackgroundJob m_job{exclusivePool()}; ///< holds the GPU and writes the cache for minutes
};

} // namespace kl::gui
