#pragma once

// Entry > Clean: the policies of `klens clean`, a dry-run preview of what would go and the space
// it frees, then a confirmed removal. Planning and removing run off the UI thread; a preview made
// for policies that have since changed is dropped, and the Clean button only ever acts on the
// preview the user is looking at.

#include "app/gui/common/backgroundjob.h"
#include "core/clean/cleanexecutor.h"
#include "core/clean/cleanplan.h"
#include "core/clean/cleanpolicy.h"
#include "core/doctor/doctorcontext.h"
#include "core/model/snapshot.h"
#include "jobdialog.h"

#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace kl::gui {

class CleanDialog : public JobDialog {
    Q_OBJECT
public:
    /// `context` is built on a worker thread (for --stale it asks Python and nvidia-smi).
    CleanDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                QWidget* parent = nullptr);
    ~CleanDialog() override;

    /// Asked before anything is removed, with the question; the default shows a QMessageBox.
    void setConfirmer(std::function<bool(const QString&)> confirm) { m_confirm = std::move(confirm); }

    /// The policy the form describes, or nothing (with `error` naming the field) when a field is invalid.
    std::optional<CleanPolicy> policy(QString* error) const;
    bool isBusy() const { return m_busy; }
    QPushButton* cleanButton() const { return m_cleanButton; }

public slots:
    /// Dry run: plan with the form's policies and list what would go. Removes nothing.
    void preview();
    /// Remove what the current preview lists, after confirmation.
    void clean();
    void cancel() override;

signals:
    void previewReady();
    /// A removal ended (also when cancelled); the window rescans.
    void cleaned(qulonglong bytesFreed);

private:
    void policyEdited();
    void showPlan();
    void showResult(const CleanResult& result);
    void setBusy(bool busy, const QString& what);

    std::shared_ptr<const Snapshot> m_snapshot;
    std::function<DoctorContext()> m_makeContext;
    std::function<bool(const QString&)> m_confirm;

    QCheckBox* m_maxSizeBox = nullptr;
    QLineEdit* m_maxSize = nullptr;
    QCheckBox* m_olderBox = nullptr;
    QLineEdit* m_older = nullptr;
    QCheckBox* m_keepBox = nullptr;
    QSpinBox* m_keep = nullptr;
    QCheckBox* m_stale = nullptr;
    QCheckBox* m_orphans = nullptr;
    QCheckBox* m_incomplete = nullptr;
    QLineEdit* m_grace = nullptr;

    QPushButton* m_previewButton = nullptr;
    QPushButton* m_cleanButton = nullptr;

    struct Planned {
        CleanPlan plan;
        std::shared_ptr<const DoctorContext> context;
        std::int64_t graceNs = 0;
    };
    bool m_editedWhilePlanning = false; ///< the plan on its way is for older policies
    std::shared_ptr<const Planned> m_planned;
    bool m_busy = false;
    BackgroundJob m_planJob{backgroundPool()}; ///< reads the snapshot and the environment
    BackgroundJob m_cleanJob{exclusivePool()}; ///< deletes: one writer at a time
};

} // namespace kl::gui
