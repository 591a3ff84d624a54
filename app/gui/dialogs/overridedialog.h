#pragma once

// Entry > Make Override: the override folder Triton reads, made for the selected cache entry
// (through its dump) or dump folder, as `klens override make` makes it: the user picks the stage,
// the folder is written off the UI thread (the kernel's stages are read to find its dump), and
// the dialog says what to set for Triton to use it and opens the file in the override editor
// (the stage view made editable, with Try) or the user's own editor.

#include "app/gui/common/backgroundjob.h"
#include "core/model/snapshot.h"
#include "core/override/overridemake.h"

#include <QDialog>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QPlainTextEdit;

namespace kl::gui {

class OverrideEditor;

class OverrideDialog : public QDialog {
    Q_OBJECT
public:
    /// `entry` indexes `snapshot`; `into` is the override root to offer (the effective one).
    OverrideDialog(std::shared_ptr<const Snapshot> snapshot, std::size_t entry, QString into,
                   QWidget* parent = nullptr);
    ~OverrideDialog() override;

    /// Make it with the stage and folder chosen (what the Make button does).
    void make();
    bool isRunning() const { return m_job.isRunning(); }
    /// What the last make said: the file and the environment, or why not.
    QString resultText() const;
    QString madeFile() const { return m_file; }
    /// Opens the made file in the override editor (the Edit and Try button); null before a make.
    OverrideEditor* openEditor();

signals:
    void made(const QString& file);
    void finished();

private:
    void onDone(const OverrideMakeResult& r);

    std::shared_ptr<const Snapshot> m_snapshot;
    std::size_t m_entry;
    QString m_defaultInto;
    QString m_file;
    QComboBox* m_stage = nullptr;
    QLineEdit* m_into = nullptr;
    QCheckBox* m_force = nullptr;
    QPushButton* m_makeButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QPushButton* m_externalButton = nullptr;
    QPlainTextEdit* m_result = nullptr;
    BackgroundJob m_job{backgroundPool()};
};

} // namespace kl::gui
