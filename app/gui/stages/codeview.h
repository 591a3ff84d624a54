#pragma once

// A read-only text view for IR: line numbers in a gutter, find, go to line, and text loaded in
// slices so a 100 MB stage never holds the UI thread for long.

#include <QPlainTextEdit>
#include <QTimer>

namespace kl::gui {

class CodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);

    /// Replaces the text, appending it slice by slice from the event loop (loaded() when done).
    void loadText(QString text);
    bool isLoading() const { return m_offset < m_pending.size(); }

    /// Selects the next (or previous) match of `text` after the cursor, wrapping around.
    bool findText(const QString& text, bool backward = false);
    /// Moves the cursor to 1-based `line` (clamped) and centres it.
    void goToLine(int line);

    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

signals:
    void loaded();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void appendSlice();
    QWidget* m_gutter = nullptr;
    QString m_pending;
    qsizetype m_offset = 0;
};

} // namespace kl::gui
