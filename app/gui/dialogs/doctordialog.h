#pragma once

// Doctor over the opened snapshot, off the UI thread: progress, cancel, and the findings as a
// table (severity, code, path, what is wrong, the fix).

#include "app/gui/common/backgroundjob.h"
#include "core/doctor/doctor.h"
#include "core/model/snapshot.h"
#include "jobdialog.h"

#include <functional>
#include <memory>

namespace kl::gui {

class DoctorDialog : public JobDialog {
    Q_OBJECT
public:
    /// `context` is built on the worker thread (it may ask Python for Triton's version).
    DoctorDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                 QWidget* parent = nullptr);
    ~DoctorDialog() override;

    void start();
    bool isRunning() const { return m_job.isRunning(); }

public slots:
    void cancel() override;

private:
    void onFinished(const DoctorReport& report);

    std::shared_ptr<const Snapshot> m_snapshot;
    std::function<DoctorContext()> m_context;
    BackgroundJob m_job{backgroundPool()}; ///< reads the entries: with the other reads
};

} // namespace kl::gui
