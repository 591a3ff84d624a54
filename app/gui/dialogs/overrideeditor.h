#pragma once

// The override editor: a stage file of an override folder opened in the stage view made editable
// (its highlighting and line numbers), saved in place, and tried: "Try" compiles the edit without
// the user's script (core/overridetry, off the UI thread, cancellable) and shows it against the
// cache entry: registers, spills, shared memory and occupancy per kernel, the compiler's messages
// (activating one goes to its line), and the PTX and SASS diffs.

#include "app/gui/common/backgroundjob.h"
#include "core/model/snapshot.h"
#include "core/overridetry/overridetry.h"

#include <QDialog>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace kl::gui {

class CodeView;

class OverrideEditor : public QDialog {
    Q_OBJECT
public:
    /// `file` is the stage file to edit; `entry` indexes `snapshot`: the cache entry it is compared
    /// with, or the dump or override folder whose linked entries are offered.
    OverrideEditor(QString file, std::shared_ptr<const Snapshot> snapshot, std::size_t entry,
                   QWidget* parent = nullptr);
    ~OverrideEditor() override;

    /// Writes the text to the file (atomically); false with `error` set when it cannot.
    bool save(QString* error = nullptr);
    /// Saves, then compiles the edit and compares it with the chosen entry (the Try button).
    void tryEdit();
    void cancel();
    /// Runs the last Try's edit and the entry's kernel on the GPU on the same inputs, as the run
    /// spec `spec` (kernellens.triton-run/1) says, and compares their outputs (the Run on GPU
    /// button asks for the spec). The spec is checked on any machine; without a GPU the run is
    /// refused with the reason.
    void runOnGpu(const QString& spec);
    bool isRunning() const { return m_job.isRunning(); }
    QString summaryText() const;
    QString file() const { return m_file; }

    CodeView* editor() const { return m_editor; }
    const QTableWidget* comparison() const { return m_table; }
    QListWidget* messages() const { return m_messages; }
    QString ptxDiffText() const;
    QString sassDiffText() const;

    /// Close asks what to do with unsaved edits (Save, Discard, Cancel) instead of dropping them.
    void reject() override;

signals:
    /// A Try ended: compiled, rejected by the compiler, or cancelled; the summary says which.
    void tried();
    /// A Run on GPU ended: ran, or refused with the reason (the summary says which).
    void ranOnGpu();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    /// True when the edits are saved, or the user chose to discard them.
    bool settleUnsaved();
    void loadFile();
    void findEntries();
    /// The Try's result: first without its SASS (`final` false: Try stays off, Cancel stops the
    /// disassembly), then whole.
    void showTry(const OverrideTry& r, bool final);
    void showComparison(const OverrideTry& r);
    void updateTitle();

    QString m_file;
    std::shared_ptr<const Snapshot> m_snapshot;
    std::size_t m_entry;
    std::vector<std::size_t> m_candidates; ///< the entries offered in m_entryBox
    QComboBox* m_entryBox = nullptr;
    CodeView* m_editor = nullptr;
    QTabWidget* m_results = nullptr;
    QTableWidget* m_table = nullptr;
    QListWidget* m_messages = nullptr;
    CodeView* m_ptxDiff = nullptr;
    CodeView* m_sassDiff = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_saveButton = nullptr;
    QPushButton* m_tryButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_runButton = nullptr;
    std::optional<OverrideTry> m_lastTry; ///< the last Try that compiled, for Run on GPU
    std::size_t m_lastEntry = 0;          ///< the snapshot entry it was compared with
    BackgroundJob m_job{exclusivePool()};
    BackgroundJob m_linkJob{backgroundPool()};
};

} // namespace kl::gui
