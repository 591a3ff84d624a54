#include "codeview.h"

#include <QElapsedTimer>
#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>

namespace kl::gui {
namespace {

// Small enough for the window to repaint and react between slices when the text is highlighted:
// 512 KiB slices of a 1 MB cubin's SASS stalled the UI for 120 ms each (bench_gui_sass); 64 KiB
// slices keep the longest stall near 30 ms. Plain text lays out about ten times faster.
constexpr qsizetype kSliceChars = 64 * 1024;

class Gutter : public QWidget {
public:
    explicit Gutter(CodeView* view)
        : QWidget(view)
        , m_view(view)
    {
    }
    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }

private:
    CodeView* m_view;
};

} // namespace

CodeView::CodeView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    document()->setUndoRedoEnabled(false);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            m_gutter->scroll(0, dy);
        else
            m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

int CodeView::gutterWidth() const
{
    int digits = 1;
    for (int n = std::max(1, blockCount()); n >= 10; n /= 10)
        ++digits;
    return 8 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CodeView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void CodeView::paintGutter(QPaintEvent* event)
{
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    p.setPen(palette().color(QPalette::PlaceholderText));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top())
            p.drawText(0, top, m_gutter->width() - 4, fontMetrics().height(), Qt::AlignRight,
                       QString::number(block.blockNumber() + 1));
        block = block.next();
        top += height;
    }
}

void CodeView::loadText(QString text)
{
    clear();
    m_pending = std::move(text);
    m_offset = 0;
    appendSlice();
}

void CodeView::appendSlice()
{
    if (m_offset >= m_pending.size()) {
        m_pending.clear();
        m_offset = 0;
        moveCursor(QTextCursor::Start);
        emit loaded();
        return;
    }
    // Cut after a newline so no line is split between slices.
    qsizetype end = std::min(m_pending.size(), m_offset + kSliceChars);
    if (end < m_pending.size()) {
        const qsizetype nl = m_pending.indexOf(QLatin1Char('\n'), end);
        end = nl < 0 ? m_pending.size() : nl + 1;
    }
    QTextCursor c(document());
    c.movePosition(QTextCursor::End);
    c.insertText(m_pending.mid(m_offset, end - m_offset));
    m_offset = end;
    QTimer::singleShot(0, this, &CodeView::appendSlice);
}

bool CodeView::findText(const QString& text, bool backward)
{
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags =
        backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (find(text, flags))
        return true;
    QTextCursor wrap(document());
    wrap.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
    setTextCursor(wrap);
    return find(text, flags);
}

void CodeView::goToLine(int line)
{
    const int n = std::clamp(line, 1, blockCount());
    setTextCursor(QTextCursor(document()->findBlockByNumber(n - 1)));
    centerCursor();
}

} // namespace kl::gui
