#pragma once

// The doctor tab: the doctor's findings for the selected entry alone (broken, stale, orphaned
// temp files, invalid binaries), run off the UI thread when the entry changes; findings for an
// entry no longer shown are dropped.

#include "app/gui/common/backgroundjob.h"
#include "core/doctor/doctor.h"
#include "core/model/snapshot.h"

#include <QWidget>
#include <functional>

class QLabel;
class QTableWidget;

namespace kl::gui {

class EntryDoctorView : public QWidget {
    Q_OBJECT
public:
    /// `context` is called on the worker thread (it may ask Python and nvidia-smi: cache it).
    explicit EntryDoctorView(std::function<DoctorContext()> context, QWidget* parent = nullptr);
    ~EntryDoctorView() override;

    /// Examine `entry` (one of `roots`' entries).
    void setEntry(const std::vector<Root>& roots, const Entry& entry);
    void clear();
    const QTableWidget* table() const { return m_table; }
    QString summaryText() const;

signals:
    void examined();

private:
    void showFindings(const std::vector<Finding>& findings);
    std::function<DoctorContext()> m_context;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    BackgroundJob m_job{backgroundPool()}; ///< reads the entry's files; superseded by the next entry
};

} // namespace kl::gui
