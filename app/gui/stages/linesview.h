#pragma once

// One source line, every stage, side by side (the Lines tab): the kernel's Python with how many
// SASS instructions and IR lines each line produced, beside the TTIR, TTGIR, LLIR, PTX and SASS.
// Clicking a line anywhere lights the lines it is linked to everywhere else, as Compiler Explorer
// and TritonParse do. The map (core/lines) is built off the UI thread when the tab is first shown.

#include "app/gui/common/backgroundjob.h"
#include "core/model/entry.h"

#include <QHash>
#include <QSet>
#include <QWidget>
#include <map>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QTableWidget;

namespace kl::gui {

class CodeView;
struct LinesData; // linesview.cpp

class LinesView : public QWidget {
    Q_OBJECT
public:
    explicit LinesView(QWidget* parent = nullptr);
    ~LinesView() override;

    /// Builds the entry's map in the background; loaded() when it is shown.
    void load(const Entry& entry);

    /// Tests: the source table (columns: line, SASS, PTX, TTGIR, code), a stage's pane.
    QTableWidget* sourceTable() const { return m_table; }
    CodeView* stageView(const QString& stage) const { return m_views.value(stage); }
    /// Selects a source line (its file becomes the one shown) and lights its stage lines.
    bool selectSourceLine(const QString& file, unsigned line);
    /// As a click on `line` (1-based) of a stage's pane.
    void selectStageLine(const QString& stage, unsigned line);
    /// Reads `recorded`'s lines from `actual` (a moved file the user pointed at).
    void setSourceFile(const QString& recorded, const QString& actual);
    /// The 1-based lines lit in a stage's pane.
    QList<unsigned> litLines(const QString& stage) const;

signals:
    void loaded();

private:
    void present(std::shared_ptr<const LinesData> d);
    void showFile(int index);
    void light(const std::vector<std::size_t>& rows, const QString& except);
    void onStageCursor(const QString& stage);
    void onSourceRow(int row);

    QComboBox* m_files = nullptr;
    QLabel* m_state = nullptr;
    QPushButton* m_locate = nullptr;
    QTableWidget* m_table = nullptr;
    QSplitter* m_stages = nullptr;
    QLabel* m_message = nullptr;
    QHash<QString, CodeView*> m_views;
    std::shared_ptr<const LinesData> m_data;
    /// stage -> line -> the rows (indexes into the map) that list it
    std::map<QString, std::map<unsigned, std::vector<std::size_t>>> m_rowsOfLine;
    QHash<QString, QString> m_moved; ///< recorded path -> where the user says it is now
    QHash<QString, QList<unsigned>> m_lit;
    bool m_linking = false;             ///< moving cursors ourselves: not a click
    QSet<QString> m_ready;              ///< panes whose text has finished loading
    std::vector<std::size_t> m_current; ///< the rows lit, kept for panes that finish loading later
    QString m_currentExcept;
    BackgroundJob m_job{backgroundPool()};
};

} // namespace kl::gui
