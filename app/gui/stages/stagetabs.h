#pragma once

// The selected entry's stages as tabs: the details text first, then one code tab per text stage
// (line numbers, syntax colours, Ctrl+F find, Ctrl+L go to line) and a cubin tab (per kernel:
// registers, shared memory, spills, threads, occupancy; the arch; a hex view), the cubin's SASS
// (nvdisasm) and a Lines tab (stages/linesview). A stage is read off the UI
// thread the first time its tab is shown; results for an entry no longer shown are dropped.

#include "app/gui/common/backgroundjob.h"
#include "core/model/entry.h"
#include "core/util/result.h"

#include <QTabWidget>
#include <functional>
#include <memory>
#include <optional>

class QLineEdit;
class QPlainTextEdit;
class QTableWidget;

namespace kl::gui {

class CodeView;
struct StageContent; // stagetabs.cpp

class StageTabs : public QTabWidget {
    Q_OBJECT
public:
    /// `details` becomes the first tab (the main window keeps filling it).
    explicit StageTabs(QPlainTextEdit* details, QWidget* parent = nullptr);
    ~StageTabs() override;

    /// Where a stage's bytes come from when the entry's files are not on this machine (a remote
    /// cache): called off the UI thread with the entry, the stage's file name and a size limit.
    using StageFetcher = std::function<Result<std::string>(const Entry&, const std::string&, std::uint64_t)>;
    /// Set (or, with an empty function, unset) before setEntry(); local files are read otherwise.
    void setFetcher(StageFetcher fetcher) { m_fetcher = std::move(fetcher); }

    void setEntry(const Entry& entry);
    void clearEntry();
    /// A tab kept across entries (metadata, doctor), after Details and before the stages.
    void addFixedTab(QWidget* page, const QString& title);

    /// Tests: the tab of a stage ("lines" for the Lines tab), its code view (null for cubin), the cubin
    /// table.
    int tabOf(const QString& stage) const;
    CodeView* codeView(const QString& stage) const;
    QTableWidget* cubinTable() const { return m_cubinTable; }
    /// Shows the find bar in the current code tab (Ctrl+F when a code tab has focus, Ctrl+Shift+F);
    /// false when the current tab has no code.
    bool showFind();
    /// Shows the Lines tab with source line `line` of `file` (a path or a file name) selected once
    /// the map is read.
    void showSourceLine(const QString& file, unsigned line);

signals:
    /// A stage finished loading into its tab (or failed: its tab says why).
    void stageLoaded(const QString& stage);

private:
    void loadCurrent();
    /// A tab for `stage` (its page's "stage" property, what tabOf finds), titled `title`.
    QWidget* addStagePage(const QString& stage, const QString& title, const QString& tip = {}, int at = -1);
    void present(const StageContent& c);

    QPlainTextEdit* m_details;
    int m_fixed = 1; ///< Details and the tabs added with addFixedTab
    std::optional<Entry> m_entry;
    StageFetcher m_fetcher;
    QTableWidget* m_cubinTable = nullptr;
    QLineEdit* m_findEdit = nullptr;
    QString m_loading;                                         ///< the stage being read
    std::optional<std::pair<QString, unsigned>> m_pendingLine; ///< showSourceLine before the map is read
    BackgroundJob m_job{backgroundPool()}; ///< reads the shown tab's stage; superseded by the next
};

} // namespace kl::gui
