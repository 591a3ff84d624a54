#pragma once

// The doctor tab: the doctor's findings for the selected entry alone (broken, stale, orphaned
// temp files, invalid binaries), run off the UI thread when the entry changes; findings for an
// entry no longer shown are dropped.

#include "doctor/doctor.h"
#include "model/snapshot.h"

#include <QFutureWatcher>
#include <QThreadPool>
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
    std::function<DoctorContext()> m_context;
    quint64 m_generation = 0;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QThreadPool m_pool;
    QFutureWatcher<std::vector<Finding>> m_watcher;
};

} // namespace kl::gui
