#pragma once

// Doctor over the opened snapshot, off the UI thread: progress, cancel, and the findings as a
// table (severity, code, path, what is wrong, the fix).

#include "common/backgroundjob.h"
#include "doctor/doctor.h"
#include "model/snapshot.h"

#include <QDialog>
#include <functional>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace kl::gui {

class DoctorDialog : public QDialog {
    Q_OBJECT
public:
    /// `context` is built on the worker thread (it may ask Python for Triton's version).
    DoctorDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                 QWidget* parent = nullptr);
    ~DoctorDialog() override;

    void start();
    bool isRunning() const { return m_job.isRunning(); }
    const QTableWidget* table() const { return m_table; }
    QString summaryText() const;

    /// The context a user's machine gives: Triton's version from python3, the GPUs nvidia-smi
    /// lists, the real filesystem probe.
    static DoctorContext machineContext();

public slots:
    void cancel();

signals:
    void finished();

private:
    void onProgress(qulonglong done, qulonglong total);
    void onFinished(const DoctorReport& report);

    std::shared_ptr<const Snapshot> m_snapshot;
    std::function<DoctorContext()> m_context;
    QLabel* m_summary = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QTableWidget* m_table = nullptr;
    BackgroundJob m_job{backgroundPool()}; ///< reads the entries: with the other reads
};

} // namespace kl::gui
