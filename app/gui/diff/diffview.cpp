#include "diffview.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/theme.h"
#include "core/diff/linediff.h"
#include "core/env/environment.h"
#include "core/explain/entrycomparison.h"
#include "core/explain/stagecomparison.h"
#include "core/formats/stages.h"
#include "core/pack/entryfiles.h"
#include "core/report/entrydetail.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasstext.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QVBoxLayout>

namespace kl::gui {

// What the worker hands the view: both panes' text, row by row, and what to highlight.
struct DiffOutcome {
    QString error;
    QString left, right;
    std::vector<AlignedRow::Kind> kinds;
    struct Span {
        int row, leftBegin, leftEnd, rightBegin, rightEnd; ///< columns within the rows
    };
    std::vector<Span> spans;
    std::vector<int> changeRows;
    QString summary;
    QString explanation;
};

namespace {

// Highlighting every row of a huge diff would stall the view; beyond this the rows still show.
constexpr int kMaxHighlightedRows = 20000;
constexpr std::uint64_t kMaxDiffBytes = 1ull << 30;

struct Request {
    QString files[2];
    std::optional<Entry> entries[2];
    std::string stage;
    DiffOptions options;
};

// The kind of a difference in the GUI's language; the CLI and the JSON keep core's names.
QString kindLabel(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Kernel: return QObject::tr("kernel", "difference kind");
    case DifferenceKind::TritonVersion: return QObject::tr("Triton version", "difference kind");
    case DifferenceKind::Target: return QObject::tr("target", "difference kind");
    case DifferenceKind::Option: return QObject::tr("option", "difference kind");
    case DifferenceKind::EnvVar: return QObject::tr("environment", "difference kind");
    case DifferenceKind::Stage: break;
    }
    return QObject::tr("stage", "difference kind");
}

QString explanationText(const Explanation& ex)
{
    if (!ex.ok)
        return coreText(ex.error);
    QString t;
    if (ex.differences.empty())
        t += QObject::tr("Nothing recorded differs between the two entries.\n");
    for (const Difference& d : ex.differences) {
        const QString kind = kindLabel(d.kind);
        if (d.kind == DifferenceKind::Stage)
            t += QObject::tr("%1  .%2 text differs (%3 and %4 lines)\n")
                     .arg(kind, QString::fromStdString(d.name))
                     .arg(d.aLineCount)
                     .arg(d.bLineCount);
        else
            t += QStringLiteral("%1  %2: %3 → %4\n")
                     .arg(kind, QString::fromStdString(d.name),
                          d.a ? QString::fromStdString(*d.a) : QObject::tr("(not set)"),
                          d.b ? QString::fromStdString(*d.b) : QObject::tr("(not set)"));
        if (!d.note.empty())
            t += QStringLiteral("    ") + coreText(d.note) + QLatin1Char('\n');
    }
    for (const Text& n : ex.notes)
        t += QObject::tr("note: %1\n").arg(coreText(n));
    if (ex.differences.empty() && !ex.notRecorded.empty()) {
        t += QObject::tr("Not recorded by the cache, so still suspects:\n");
        for (const Text& s : ex.notRecorded)
            t += QStringLiteral("  - ") + coreText(s) + QLatin1Char('\n');
    }
    return t;
}

// Byte offset within a UTF-8 line -> column in its QString.
int column(std::string_view line, std::size_t byte)
{
    return int(QString::fromUtf8(line.data(), qsizetype(std::min(byte, line.size()))).size());
}

std::shared_ptr<const DiffOutcome> compute(const Request& r, const std::atomic<bool>* cancel)
{
    auto out = std::make_shared<DiffOutcome>();
    std::string paths[2], texts[2];
    DiffOptions options = r.options;
    for (int i = 0; i < 2 && r.stage == "sass"; ++i) {
        const Stage* s = r.entries[i] ? r.entries[i]->stage("cubin") : nullptr;
        if (!s) {
            out->error = QObject::tr("%1 has no cubin")
                             .arg(QString::fromStdString(r.entries[i] ? r.entries[i]->path : ""));
            return out;
        }
        SassOptions so;
        so.cancel = cancel;
        Result<std::string> cubin = entryFileOnDisk(*r.entries[i], s->fileName);
        if (!cubin) {
            out->error =
                QString::fromStdString(printableName(joinPath(r.entries[i]->path, s->fileName)) + ": ") +
                coreText(cubin.error());
            return out;
        }
        Result<SassResult> sass = disassembleCubin(*cubin, Environment::current(), so);
        if (!sass) {
            out->error = coreText(sass.error());
            return out;
        }
        // SASS has registers where IR has SSA numbers: the one toggle serves both.
        texts[i] = sassDiffText(sass->listing, r.options.ignoreSsa, r.options.ignoreLocations);
        options.ignoreSsa = options.ignoreLocations = false;
    }
    for (int i = 0; i < 2 && r.stage != "sass"; ++i) {
        if (r.entries[i]) {
            const Stage* s = r.entries[i]->stage(r.stage);
            if (!s) {
                out->error =
                    QObject::tr("%1 has no %2 stage")
                        .arg(QString::fromStdString(r.entries[i]->path), QString::fromStdString(r.stage));
                return out;
            }
            paths[i] = joinPath(r.entries[i]->path, s->fileName);
        } else {
            paths[i] = r.files[i].toStdString();
        }
        auto text = r.entries[i]
                        ? readEntryFile(*r.entries[i], r.entries[i]->stage(r.stage)->fileName, kMaxDiffBytes)
                        : readFile(paths[i], kMaxDiffBytes);
        if (!text) {
            out->error = QString::fromStdString(printableName(paths[i]) + ": " + text.error().english());
            return out;
        }
        texts[i] = std::move(*text);
    }
    const TextLines a = splitLines(std::move(texts[0])), b = splitLines(std::move(texts[1]));
    const LineDiff d = diffLines(a.lines, b.lines, options, cancel);
    if (d.cancelled)
        return nullptr;
    const std::vector<AlignedRow> rows = alignRows(d);
    const int wa = int(std::to_string(a.lines.size()).size()),
              wb = int(std::to_string(b.lines.size()).size());
    out->kinds.reserve(rows.size());
    bool inChange = false;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const AlignedRow& row = rows[i];
        auto line = [&](const TextLines& t, std::int64_t index, int width) {
            if (index < 0)
                return QString();
            return QStringLiteral("%1  ").arg(index + 1, width) +
                   QString::fromUtf8(t.lines[std::size_t(index)].data(),
                                     qsizetype(t.lines[std::size_t(index)].size()));
        };
        out->left += line(a, row.a, wa) + QLatin1Char('\n');
        out->right += line(b, row.b, wb) + QLatin1Char('\n');
        out->kinds.push_back(row.kind);
        const bool changed = row.kind != AlignedRow::Same;
        if (changed && !inChange)
            out->changeRows.push_back(int(i));
        inChange = changed;
        if (row.kind == AlignedRow::Changed) {
            const std::string_view la = a.lines[std::size_t(row.a)], lb = b.lines[std::size_t(row.b)];
            const IntraLine c = intraLineChange(la, lb);
            out->spans.push_back({int(i), wa + 2 + column(la, c.a.first), wa + 2 + column(la, c.a.second),
                                  wb + 2 + column(lb, c.b.first), wb + 2 + column(lb, c.b.second)});
        }
        if ((i & 4095) == 0 && cancel->load())
            return nullptr;
    }
    out->summary =
        d.identical()
            ? QObject::tr("No differences (%1 and %2 lines)").arg(a.lines.size()).arg(b.lines.size())
            : QObject::tr("%1 changes: %2 lines removed, %3 added")
                  .arg(out->changeRows.size())
                  .arg(d.deleted)
                  .arg(d.inserted);
    if (r.entries[0] && r.entries[1]) {
        const EntryDetail da = loadEntryDetail(*r.entries[0]), db = loadEntryDetail(*r.entries[1]);
        out->explanation = explanationText(compareEntries(da, db));
    }
    return out;
}

} // namespace

DiffView::DiffView(QWidget* parent)
    : QWidget(parent)
{
    m_stage = new QComboBox(this);
    m_stage->setObjectName(QStringLiteral("diffStage"));
    m_ignoreSsa = new QCheckBox(tr("Ignore SSA numbers"), this);
    m_ignoreSsa->setToolTip(
        tr("%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal; in SASS, R12 and R17, P0 "
           "and P3, .L_x_1 and .L_x_2"));
    m_ignoreLocations = new QCheckBox(tr("Ignore locations"), this);
    m_ignoreLocations->setToolTip(tr("Leave out loc(...), #loc lines, !dbg and .loc/.file lines"));
    m_ignoreSpace = new QCheckBox(tr("Ignore whitespace"), this);
    m_prev = new QPushButton(tr("&Previous Change"), this);
    m_next = new QPushButton(tr("&Next Change"), this);
    m_prev->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
    m_next->setShortcut(QKeySequence(Qt::Key_F7));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("diffSummary"));

    auto pane = [this](const char* name) {
        auto* p = new QPlainTextEdit(this);
        p->setObjectName(QLatin1String(name));
        p->setReadOnly(true);
        p->setLineWrapMode(QPlainTextEdit::NoWrap);
        p->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        return p;
    };
    m_left = pane("diffLeft");
    m_right = pane("diffRight");
    m_explain = pane("diffExplain");
    m_explain->setPlaceholderText(tr("Why did it miss: shown when two entries are compared."));
    m_explain->setMaximumHeight(160);
    // One scroll position for both sides: rows are aligned.
    connect(m_left->verticalScrollBar(), &QScrollBar::valueChanged, m_right->verticalScrollBar(),
            &QScrollBar::setValue);
    connect(m_right->verticalScrollBar(), &QScrollBar::valueChanged, m_left->verticalScrollBar(),
            &QScrollBar::setValue);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Stage:"), this));
    bar->addWidget(m_stage);
    bar->addWidget(m_ignoreSsa);
    bar->addWidget(m_ignoreLocations);
    bar->addWidget(m_ignoreSpace);
    bar->addStretch();
    bar->addWidget(m_summary);
    bar->addWidget(m_prev);
    bar->addWidget(m_next);
    auto* sides = new QSplitter(Qt::Horizontal, this);
    sides->addWidget(m_left);
    sides->addWidget(m_right);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(sides, 1);
    layout->addWidget(m_explain);

    for (QCheckBox* box : {m_ignoreSsa, m_ignoreLocations, m_ignoreSpace})
        connect(box, &QCheckBox::toggled, this, [this] {
            if (m_entries[0] && m_entries[1])
                compareAllStages(false); // the marks follow the toggles; the stage stays
            recompute();
        });
    connect(m_stage, &QComboBox::currentIndexChanged, this, &DiffView::recompute);
    connect(m_prev, &QPushButton::clicked, this, &DiffView::previousChange);
    connect(m_next, &QPushButton::clicked, this, &DiffView::nextChange);
}

DiffView::~DiffView() = default;

int DiffView::rowCount() const
{
    return m_left->document()->blockCount() - 1; // the text ends with a newline
}

QString DiffView::summaryText() const
{
    return m_summary->text();
}

QString DiffView::explanationText() const
{
    return m_explain->toPlainText();
}

void DiffView::compareFiles(const QString& a, const QString& b)
{
    m_entries[0].reset();
    m_entries[1].reset();
    m_files[0] = a;
    m_files[1] = b;
    m_stagesJob.discard();
    const QSignalBlocker block(m_stage);
    m_stage->clear();
    m_stage->setEnabled(false);
    recompute();
}

void DiffView::compareEntries(const Entry& a, const Entry& b)
{
    m_entries[0] = a;
    m_entries[1] = b;
    const QSignalBlocker block(m_stage);
    m_stage->clear();
    for (std::string_view ext : kKnownStages)
        if (!isBinaryStage(ext) && a.stage(ext) && b.stage(ext))
            m_stage->addItem(QString::fromUtf8(ext.data(), qsizetype(ext.size())));
    // Two cubins compare as SASS (the user's nvdisasm, core/sass).
    if (a.stage("cubin") && b.stage("cubin"))
        m_stage->addItem(QStringLiteral("sass"));
    m_stage->setEnabled(m_stage->count() > 1);
    // Every stage first, so the view opens where the entries differ (two compiles whose first MLIR
    // is the same must not open on "No differences"), with each stage marked same or different.
    m_job.discard();
    m_summary->setText(tr("Comparing every stage…"));
    compareAllStages(true);
}

void DiffView::compareAllStages(bool select)
{
    DiffOptions o;
    o.ignoreSsa = m_ignoreSsa->isChecked();
    o.ignoreLocations = m_ignoreLocations->isChecked();
    o.ignoreSpace = m_ignoreSpace->isChecked();
    m_stagesJob.start(
        [a = *m_entries[0], b = *m_entries[1], o](const JobToken& token) {
            return std::make_shared<const std::vector<StageComparison>>(
                compareStages(a, b, o, token.cancelFlag()));
        },
        [this, o, select](const std::shared_ptr<const std::vector<StageComparison>>& all) {
            markStages(*all, o, select);
        });
}

void DiffView::markStages(const std::vector<StageComparison>& all, const DiffOptions& options, bool select)
{
    const theme::DiffColours colours = theme::diff(palette());
    const auto swatch = [](const QColor& c) {
        QPixmap p(10, 10);
        p.fill(c);
        return QIcon(p);
    };
    int first = -1;
    bool cubinDiffers = false;
    const QSignalBlocker block(m_stage);
    for (const StageComparison& c : all) {
        cubinDiffers = cubinDiffers || (c.stage == "cubin" && c.differs(options));
        const int i = m_stage->findText(QString::fromStdString(c.stage));
        if (i < 0)
            continue;
        const bool differs = c.differs(options);
        m_stage->setItemIcon(i, swatch(differs ? colours.spanA : colours.added));
        m_stage->setItemData(i,
                             differs
                                 ? tr("differs: %1 lines removed, %2 added").arg(c.deleted).arg(c.inserted)
                                 : tr("the same"),
                             Qt::ToolTipRole);
        m_stage->setItemData(i, differs, Qt::UserRole);
        if (differs && first < 0)
            first = i;
    }
    if (const int sass = m_stage->findText(QStringLiteral("sass")); sass >= 0) {
        m_stage->setItemIcon(sass, swatch(cubinDiffers ? colours.spanA : colours.added));
        m_stage->setItemData(sass,
                             cubinDiffers ? tr("the cubins differ") : tr("the cubins hold the same code"),
                             Qt::ToolTipRole);
        if (first < 0 && cubinDiffers)
            first = sass;
    }
    if (!select)
        return;
    m_stage->setCurrentIndex(first >= 0 ? first : 0);
    recompute();
}

void DiffView::recompute()
{
    Request r;
    r.files[0] = m_files[0];
    r.files[1] = m_files[1];
    r.entries[0] = m_entries[0];
    r.entries[1] = m_entries[1];
    r.stage = m_stage->currentText().toStdString();
    r.options.ignoreSsa = m_ignoreSsa->isChecked();
    r.options.ignoreLocations = m_ignoreLocations->isChecked();
    r.options.ignoreSpace = m_ignoreSpace->isChecked();
    if (m_entries[0] && r.stage.empty()) {
        m_job.discard();
        m_summary->setText(tr("The entries share no text stage"));
        emit finished();
        return;
    }
    m_summary->setText(tr("Comparing…"));
    m_job.start([r](const JobToken& token) { return compute(r, token.cancelFlag()); },
                [this](const std::shared_ptr<const DiffOutcome>& result) {
                    if (result) // null: cancelled
                        present(*result);
                });
}

void DiffView::present(const DiffOutcome& d)
{
    m_changeRows.clear();
    m_currentChange = -1;
    if (!d.error.isEmpty()) {
        m_left->clear();
        m_right->clear();
        m_summary->setText(d.error);
        emit finished();
        return;
    }
    m_left->setPlainText(d.left);
    m_right->setPlainText(d.right);
    m_changeRows = d.changeRows;
    m_summary->setText(d.summary);
    m_explain->setPlainText(d.explanation);

    const theme::DiffColours colours = theme::diff(m_left->palette());
    const QColor removed = colours.removed, added = colours.added, changedA = colours.changedA,
                 changedB = colours.changedB, empty = colours.empty, spanA = colours.spanA,
                 spanB = colours.spanB;
    QList<QTextEdit::ExtraSelection> left, right;
    auto rowSelection = [](QPlainTextEdit* pane, int row, const QColor& color) {
        QTextEdit::ExtraSelection s;
        s.cursor = QTextCursor(pane->document()->findBlockByNumber(row));
        s.format.setBackground(color);
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        return s;
    };
    auto span = [](QPlainTextEdit* pane, int row, int begin, int end, const QColor& color) {
        QTextEdit::ExtraSelection s;
        const QTextBlock block = pane->document()->findBlockByNumber(row);
        s.cursor = QTextCursor(block);
        s.cursor.setPosition(block.position() + begin);
        s.cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
        s.format.setBackground(color);
        return s;
    };
    int highlighted = 0;
    for (int row = 0; row < int(d.kinds.size()) && highlighted < kMaxHighlightedRows; ++row) {
        switch (d.kinds[std::size_t(row)]) {
        case AlignedRow::Same: continue;
        case AlignedRow::Deleted:
            left.append(rowSelection(m_left, row, removed));
            right.append(rowSelection(m_right, row, empty));
            break;
        case AlignedRow::Inserted:
            left.append(rowSelection(m_left, row, empty));
            right.append(rowSelection(m_right, row, added));
            break;
        case AlignedRow::Changed:
            left.append(rowSelection(m_left, row, changedA));
            right.append(rowSelection(m_right, row, changedB));
            break;
        }
        ++highlighted;
    }
    for (const DiffOutcome::Span& s : d.spans) {
        if (s.row >= kMaxHighlightedRows)
            break;
        if (s.leftEnd > s.leftBegin)
            left.append(span(m_left, s.row, s.leftBegin, s.leftEnd, spanA));
        if (s.rightEnd > s.rightBegin)
            right.append(span(m_right, s.row, s.rightBegin, s.rightEnd, spanB));
    }
    m_left->setExtraSelections(left);
    m_right->setExtraSelections(right);
    if (highlighted >= kMaxHighlightedRows)
        m_summary->setText(d.summary + tr(" (the first %1 highlighted)").arg(kMaxHighlightedRows));
    m_prev->setEnabled(!m_changeRows.empty());
    m_next->setEnabled(!m_changeRows.empty());
    if (!m_changeRows.empty())
        goToChange(0);
    emit finished();
}

void DiffView::goToChange(int index)
{
    if (m_changeRows.empty())
        return;
    m_currentChange = (index + changeCount()) % changeCount();
    const int row = m_changeRows[std::size_t(m_currentChange)];
    for (QPlainTextEdit* pane : {m_left, m_right}) {
        QTextCursor c(pane->document()->findBlockByNumber(row));
        pane->setTextCursor(c);
        pane->centerCursor();
    }
}

void DiffView::nextChange()
{
    goToChange(m_currentChange + 1);
}

void DiffView::previousChange()
{
    goToChange(m_currentChange - 1);
}

} // namespace kl::gui
