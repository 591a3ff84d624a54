#pragma once

// File > Open CUDA File: compile a .cu file through KernelLens's NVRTC cache off the UI thread,
// with the arch, -O level and defines; show whether it was a hit, the time per stage, NVRTC's
// diagnostics as file:line, and each kernel's registers and shared memory. The compile is
// logged to the events log like `klens compile`.

#include "app/gui/common/backgroundjob.h"
#include "core/nvrtc/nvrtccache.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace kl::gui {

class CompileDialog : public QDialog {
    Q_OBJECT
public:
    /// `cacheRoot`: the NVRTC cache; `eventsLog`: where compile events go ("" logs nothing).
    CompileDialog(QString cacheRoot, QString eventsLog, QWidget* parent = nullptr);
    ~CompileDialog() override;

    void setSourceFile(const QString& path);
    void compile();
    bool isRunning() const { return m_job.isRunning(); }
    QString resultText() const;
    QComboBox* archBox() const { return m_arch; }
    QCheckBox* alwaysCompileBox() const { return m_always; }
    QLineEdit* definesEdit() const { return m_defines; }

signals:
    void finished();
    /// The user asked to browse the cache the entry went into.
    void openCacheRequested(const QString& root);

private:
    void onFinished(const NvrtcCacheResult& r);

    QString m_cacheRoot;
    QString m_eventsLog;
    QLineEdit* m_file = nullptr;
    QComboBox* m_arch = nullptr;
    QComboBox* m_opt = nullptr;
    QLineEdit* m_defines = nullptr;
    QCheckBox* m_always = nullptr;
    QPushButton* m_compile = nullptr;
    QPushButton* m_openCache = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_result = nullptr;
    BackgroundJob m_job; ///< exclusivePool(): compiles write the NVRTC cache, one at a time
};

} // namespace kl::gui
