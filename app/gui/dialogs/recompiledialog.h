#pragma once

// Entry > Recompile: each selected entry rebuilt (ours from source with NVRTC, Triton's PTX with
// nvJitLink) and compared with what is cached, off the UI thread, one entry at a time so
// progress and cancel are per entry. The entries are never changed; each rebuild is logged as a
// compile event like `klens recompile` does.

#include "app/gui/common/backgroundjob.h"
#include "core/model/entry.h"
#include "core/nvrtc/recompile.h"
#include "jobdialog.h"

#include <memory>
#include <vector>

namespace kl::gui {

class RecompileDialog : public JobDialog {
    Q_OBJECT
public:
    /// `eventsLog`: where each rebuild is logged; empty logs nothing.
    RecompileDialog(std::vector<Entry> entries, QString eventsLog, QWidget* parent = nullptr);
    ~RecompileDialog() override;

    void start();
    bool isRunning() const { return m_running; }

public slots:
    void cancel() override;

private:
    void runNext();
    void onEntryDone(const RecompileReport& r);

    std::vector<Entry> m_entries;
    QString m_eventsLog;
    std::size_t m_next = 0;
    std::size_t m_fresh = 0, m_stale = 0, m_unjudged = 0, m_failed = 0;
    bool m_running = false;
    bool m_cancelled = false;             ///< checked between entries (a rebuild itself cannot be stopped)
    BackgroundJob m_job{exclusivePool()}; ///< compiles: one at a time with the others
};

} // namespace kl::gui
