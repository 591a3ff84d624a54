#pragma once

// Side-by-side diff of two entries' stage (or two files), computed off the UI thread with
// core's diff: aligned rows, changed lines and their changed middles highlighted, next/previous
// change, the normalisation toggles, and for entries the "why did it miss" explanation.

#include "app/gui/common/backgroundjob.h"
#include "core/explain/stagecomparison.h"
#include "core/model/entry.h"

#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace kl::gui {

struct DiffOutcome; // diffview.cpp

class DiffView : public QWidget {
    Q_OBJECT
public:
    explicit DiffView(QWidget* parent = nullptr);
    ~DiffView() override;

    void compareFiles(const QString& a, const QString& b);
    /// Two entries: every stage is compared first; the stage combo lists the text stages both have
    /// (and sass for two cubins), each marked same or different, and opens on the first that differs.
    void compareEntries(const Entry& a, const Entry& b);

    bool isBusy() const { return m_job.isRunning(); }
    int changeCount() const { return static_cast<int>(m_changeRows.size()); }
    int rowCount() const;
    int currentChange() const { return m_currentChange; }
    QString summaryText() const;
    QString explanationText() const;
    QPlainTextEdit* leftPane() const { return m_left; }
    QPlainTextEdit* rightPane() const { return m_right; }
    QComboBox* stageBox() const { return m_stage; }
    QCheckBox* ignoreSsaBox() const { return m_ignoreSsa; }
    QCheckBox* ignoreLocationsBox() const { return m_ignoreLocations; }
    QCheckBox* ignoreSpaceBox() const { return m_ignoreSpace; }

public slots:
    void nextChange();
    void previousChange();

signals:
    /// A comparison (or its failure) is shown.
    void finished();

private:
    void recompute();
    void compareAllStages(bool select);
    void markStages(const std::vector<StageComparison>& all, const DiffOptions& options, bool select);
    void present(const DiffOutcome& d);
    void goToChange(int index);

    std::optional<Entry> m_entries[2];
    QString m_files[2];
    QComboBox* m_stage = nullptr;
    QCheckBox* m_ignoreSsa = nullptr;
    QCheckBox* m_ignoreLocations = nullptr;
    QCheckBox* m_ignoreSpace = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_next = nullptr;
    QLabel* m_summary = nullptr;
    QPlainTextEdit* m_left = nullptr;
    QPlainTextEdit* m_right = nullptr;
    QPlainTextEdit* m_explain = nullptr;
    std::vector<int> m_changeRows; ///< first row of every change block
    int m_currentChange = -1;
    BackgroundJob m_job{backgroundPool()};       ///< reads two files and diffs them; superseded by any change
    BackgroundJob m_stagesJob{backgroundPool()}; ///< compares every stage of two entries
};

} // namespace kl::gui
