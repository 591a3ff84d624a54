#pragma once

#include "tracedata.h"

#include <QList>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace kl::gui {

class KernelFilterProxy;
class KernelTableModel;
class TimelineView;
class TraceFindingsView;

/// The Trace page: what the opened profiler traces ran (a kernel table with a filter), when
/// (a timeline per device and stream) and what the join with the caches found. Selecting a
/// kernel marks its launches on the timeline and names its cache entries (kernelSelected).
class TracePage : public QWidget {
    Q_OBJECT

public:
    explicit TracePage(QWidget* parent = nullptr);

    /// Shows `data` (null: nothing opened). The same traces joined again keep the selection.
    void setTraceData(std::shared_ptr<const TraceData> traces);
    const std::shared_ptr<const TraceData>& traceData() const { return m_data; }
    /// Nothing to show and why (a trace that could not be read).
    void showError(const QString& text);

    /// The communication pattern in use, shown in its field (no commPatternEdited).
    void setCommPattern(const QString& pattern);
    /// Why the pattern the user typed was not taken (it stays in the field, marked).
    void showCommPatternError(const QString& text);

    /// Selects kernel `kernel` (a TraceReport index) in the table, clearing a filter that hides it.
    void selectKernel(int kernel);
    /// The kernel of the table's current row; -1 when none.
    int selectedKernel() const;

    QTableView* kernelView() const { return m_view; }
    KernelTableModel* kernelModel() const { return m_model; }
    KernelFilterProxy* kernelProxy() const { return m_proxy; }
    TimelineView* timeline() const { return m_timeline; }
    TraceFindingsView* findings() const { return m_findings; }

signals:
    /// The user typed a pattern naming more kernels as communication ("" for the rules alone).
    void commPatternEdited(const QString& pattern);
    /// The user chose another kernel (the table, the timeline, a finding, selectKernel): its cache
    /// entries' paths, the fitting one first (may be empty). Not sent for the row setTraceData
    /// makes current.
    void kernelSelected(int kernel, const QStringList& entryPaths);
    /// "Show Entries": the user wants the selected kernel's entries on the Entries page.
    void showEntriesRequested(const QStringList& entryPaths);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* makeFilterRow();
    QWidget* makeLegend();
    void onCurrentChanged();
    void updateSummary();
    void fitColumns();
    void divideSpace();

    std::shared_ptr<const TraceData> m_data;
    KernelTableModel* m_model = nullptr;
    KernelFilterProxy* m_proxy = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_notes = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QComboBox* m_classFilter = nullptr;
    QComboBox* m_cacheFilter = nullptr;
    QPushButton* m_showEntries = nullptr;
    QLineEdit* m_commEdit = nullptr;
    QTableView* m_view = nullptr;
    TimelineView* m_timeline = nullptr;
    QWidget* m_findingsBox = nullptr;
    QLabel* m_findingsTitle = nullptr;
    TraceFindingsView* m_findings = nullptr;
    QSplitter* m_splitter = nullptr;
    QWidget* m_legend = nullptr;
    QList<QWidget*> m_overlapLegend; ///< the overlap lane's swatches and words
    bool m_userSized = false;
    bool m_quiet = false; ///< the current row changes by setTraceData, not by the user
};

} // namespace kl::gui
