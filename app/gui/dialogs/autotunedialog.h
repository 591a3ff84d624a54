#pragma once

// Autotune a kernel of the demo library on the local GPU: pick a spec and a size, watch each
// configuration compile, check and time on a worker thread, cancel at any time, read the table.

#include "app/gui/common/backgroundjob.h"
#include "gpu/autotunejob.h"
#include "gpu/autotuner.h"
#include "jobdialog.h"

#include <functional>
#include <memory>

class QComboBox;
class QPushButton;

namespace kl::gui {

/// Makes the device backend on the worker thread; null with the reason when there is none.

class AutotuneDialog : public JobDialog {
    Q_OBJECT
public:
    /// Runs on the backends `factory` makes, compiles into `cacheRoot` and appends the compiles to
    /// `eventsLog` (none when empty), as `klens autotune` does.
    AutotuneDialog(BackendFactory factory, QString cacheRoot, QString eventsLog, QWidget* parent = nullptr);
    ~AutotuneDialog() override;

    /// Runs `specPath` at `size` ("" the default) with at most `limit` configurations (0: all).
    void start(const QString& specPath, const QString& size, std::size_t limit = 0);
    bool isRunning() const { return m_job.isRunning(); }

public slots:
    void cancel() override;

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
    // The dialog's own thread, joined when it closes: libraries with per-thread state (OpenSSL's,
    // used for hashing by the NVRTC cache) free it at thread exit, not at process exit.
    BackgroundJob m_job{exclusivePool()}; ///< holds the GPU and writes the cache for minutes
};

} // namespace kl::gui
