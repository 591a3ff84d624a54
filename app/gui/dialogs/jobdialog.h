#pragma once

// The skeleton of every dialog that runs one kind of job and lists its results: an optional form
// on top, a row with the progress bar, the dialog's own buttons and Cancel, a summary line, and a
// read-only results table. A subclass fills the table and says what Cancel stops; the bar, the
// button states and the `finished` signal behave the same in every such dialog.

#include <QDialog>
#include <QStringList>

class QLabel;
class QLayout;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QHBoxLayout;
class QVBoxLayout;

namespace kl::gui {

class JobDialog : public QDialog {
    Q_OBJECT
public:
    ~JobDialog() override;

    const QTableWidget* table() const { return m_table; }
    QString summaryText() const;

public slots:
    virtual void cancel() = 0;

signals:
    /// The job ended: done, cancelled or failed; the summary says which.
    void finished();

protected:
    /// `tableName` is the results table's object name (tests and screenshots find it by it).
    JobDialog(const QString& title, const QStringList& columns, const QString& tableName, QWidget* parent);

    /// A form above the progress row.
    void setForm(QLayout* form);
    enum Place { BeforeCancel, AfterCancel };
    /// A button of the dialog's own beside Cancel.
    void addButton(QPushButton* button, Place place = BeforeCancel);

    /// Running with no known total: a busy bar, Cancel enabled, `what` in the summary.
    void showBusy(const QString& what);
    void showProgress(qulonglong done, qulonglong total);
    /// Not running: the bar full, Cancel disabled, `summary` shown.
    void showIdle(const QString& summary);

    QLabel* m_summary = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QTableWidget* m_table = nullptr;

private:
    QHBoxLayout* m_controls = nullptr;
    QVBoxLayout* m_layout = nullptr;
};

} // namespace kl::gui
