#include "linesview.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/theme.h"
#include "codeview.h"
#include "core/env/environment.h"
#include "core/lines/linemap.h"
#include "core/pack/entryfiles.h"
#include "core/sass/sasstext.h"
#include "core/util/posixfile.h"
#include "irhighlighter.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QVBoxLayout>
#include <set>

namespace kl::gui {

struct LinesData {
    QString error;
    LineMap map;
    std::map<QString, QString> texts;            ///< stage -> its text ("sass": as the SASS tab shows it)
    std::map<std::uint64_t, unsigned> sassLines; ///< instruction offset -> 1-based line of texts["sass"]
};

namespace {

// The panes, in compile order; TTIR and LLIR start folded (drag the splitter to open them).
const QStringList kPanes = {"ttir", "ttgir", "llir", "ptx", "sass"};

std::shared_ptr<const LinesData> build(const Entry& entry, const JobToken& token)
{
    auto d = std::make_shared<LinesData>();
    LineMapOptions options;
    options.sassOptions.cancel = token.cancelFlag();
    Result<LineMap> map = buildLineMap(entry, Environment::current(), options);
    if (!map) {
        d->error = coreText(map.error());
        return d;
    }
    d->map = std::move(*map);
    for (const std::string& stage : d->map.stages) {
        if (stage == "sass" || stage == "source")
            continue;
        Result<std::string> text = readEntryFile(entry, entry.stage(stage)->fileName, 256ull << 20);
        if (text)
            d->texts[QString::fromStdString(stage)] = QString::fromStdString(*text);
    }
    if (d->map.sass)
        d->texts["sass"] = QString::fromStdString(sassListingText(d->map.sass->listing, {}, &d->sassLines));
    return d;
}

QString baseName(const std::string& path)
{
    return QFileInfo(QString::fromStdString(path)).fileName();
}

} // namespace

LinesView::LinesView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    m_files = new QComboBox(this);
    m_files->setObjectName(QStringLiteral("linesFile"));
    m_state = new QLabel(this);
    m_locate = new QPushButton(tr("Locate…"), this);
    m_locate->setToolTip(tr("Point at the file where it is now, when it moved"));
    m_locate->hide();
    bar->addWidget(m_files, 1);
    bar->addWidget(m_state, 2);
    bar->addWidget(m_locate);
    layout->addLayout(bar);
    m_message = new QLabel(tr("Reading the stages…"), this);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_table = new QTableWidget(0, 5, split);
    m_table->setObjectName(QStringLiteral("linesSource"));
    m_table->setHorizontalHeaderLabels({tr("Line"), tr("SASS"), tr("PTX"), tr("TTGIR"), tr("Python")});
    m_table->horizontalHeaderItem(1)->setToolTip(
        tr("SASS instructions this line produced, directly or through what it calls"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    split->addWidget(m_table);
    m_stages = new QSplitter(Qt::Horizontal, split);
    for (const QString& stage : kPanes) {
        auto* pane = new QWidget(m_stages);
        auto* pl = new QVBoxLayout(pane);
        pl->setContentsMargins(0, 0, 0, 0);
        pl->addWidget(new QLabel(stage, pane));
        auto* view = new CodeView(pane);
        view->setObjectName(QStringLiteral("lines_") + stage);
        pl->addWidget(view);
        m_views.insert(stage, view);
        connect(view, &QPlainTextEdit::cursorPositionChanged, this, [this, stage, view] {
            // Text arriving in slices moves the cursor too: only a loaded pane's cursor is a click.
            if (!view->isLoading() && m_ready.contains(stage))
                onStageCursor(stage);
        });
        connect(view, &CodeView::loaded, this, [this, stage] {
            m_ready.insert(stage);
            if (m_data)
                light(m_current, m_currentExcept); // lines lit before this pane had them
        });
    }
    split->addWidget(m_stages);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({400, 600});
    layout->addWidget(split, 1);

    connect(m_files, &QComboBox::currentIndexChanged, this, &LinesView::showFile);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { onSourceRow(row); });
    connect(m_locate, &QPushButton::clicked, this, [this] {
        const QString recorded = m_files->currentData().toString();
        const QString actual =
            QFileDialog::getOpenFileName(this, tr("Where is %1 now?").arg(QFileInfo(recorded).fileName()));
        if (!actual.isEmpty())
            setSourceFile(recorded, actual);
    });
}

LinesView::~LinesView() = default;

void LinesView::load(const Entry& entry)
{
    m_ready.clear();
    m_current.clear();
    m_message->setText(tr("Reading the stages…"));
    m_message->show();
    m_job.start([entry](const JobToken& token) { return build(entry, token); },
                [this](const std::shared_ptr<const LinesData>& d) { present(d); });
}

void LinesView::present(std::shared_ptr<const LinesData> d)
{
    m_data = std::move(d);
    m_rowsOfLine.clear();
    if (!m_data->error.isEmpty()) {
        m_message->setText(m_data->error);
        emit loaded();
        return;
    }
    QStringList notes;
    for (const Text& n : m_data->map.notes)
        notes << coreText(n);
    m_message->setText(notes.join('\n'));
    m_message->setVisible(!notes.isEmpty());
    const std::vector<LineMapRow>& rows = m_data->map.rows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (const auto& [stage, lines] : rows[i].stages)
            for (unsigned l : lines)
                m_rowsOfLine[QString::fromStdString(stage)][l].push_back(i);
        for (std::uint64_t off : rows[i].sass)
            if (auto it = m_data->sassLines.find(off); it != m_data->sassLines.end())
                m_rowsOfLine["sass"][it->second].push_back(i);
    }
    for (const QString& stage : kPanes) {
        CodeView* v = m_views.value(stage);
        const auto it = m_data->texts.find(stage);
        v->parentWidget()->setVisible(it != m_data->texts.end());
        if (it == m_data->texts.end())
            continue;
        v->loadText(it->second);
        if (it->second.size() <= (16 << 20))
            new IrHighlighter(IrHighlighter::languageForStage(stage), v->document());
    }
    QList<int> sizes;
    for (const QString& stage : kPanes)
        sizes << (stage == "ttir" || stage == "llir" ? 0 : 1);
    m_stages->setSizes(sizes);

    // The kernel's own file first: the one whose lines produced the most SASS outside Triton's
    // library (or the most IR lines when there is no SASS).
    QSignalBlocker block(m_files);
    m_files->clear();
    int best = 0;
    std::size_t bestWeight = 0;
    for (const LineMapFile& f : m_data->map.files) {
        std::size_t weight = 0;
        for (const LineMapRow& r : rows)
            if (r.source.file == f.path)
                weight += r.sass.size() + (r.stages.count("ttgir") ? r.stages.at("ttgir").size() : 0);
        if (f.path.find("/triton/language/") != std::string::npos)
            weight /= 16;
        if (weight > bestWeight) {
            bestWeight = weight;
            best = m_files->count();
        }
        m_files->addItem(baseName(f.path), QString::fromStdString(f.path));
        m_files->setItemData(m_files->count() - 1, QString::fromStdString(f.path), Qt::ToolTipRole);
    }
    m_files->setCurrentIndex(best);
    showFile(best);
    emit loaded();
}

void LinesView::showFile(int index)
{
    m_table->setRowCount(0);
    if (!m_data || index < 0 || std::size_t(index) >= m_data->map.files.size())
        return;
    const LineMapFile& f = m_data->map.files[std::size_t(index)];
    const QString recorded = QString::fromStdString(f.path);
    QStringList source;
    const QString actual = m_moved.value(recorded, recorded);
    const bool moved = m_moved.contains(recorded);
    if (f.exists || moved) {
        QFile in(actual);
        if (in.open(QIODevice::ReadOnly))
            source = QString::fromUtf8(in.readAll()).split('\n');
    }
    if (moved)
        m_state->setText(tr("read from %1").arg(actual));
    else if (!f.exists)
        m_state->setText(tr("not found at the recorded path: only line numbers are shown"));
    else if (f.changed)
        m_state->setText(tr("changed since the entry was written: lines may not match"));
    else
        m_state->clear();
    m_locate->setVisible(!f.exists || f.changed || moved);

    // Every line of the file when it can be read (what produced nothing shows too), else the
    // lines the map names.
    std::map<unsigned, const LineMapRow*> byLine;
    for (const LineMapRow& r : m_data->map.rows)
        if (r.source.file == f.path)
            byLine[r.source.line] = &r;
    std::vector<unsigned> lines;
    if (!source.isEmpty())
        for (unsigned l = 1; l <= unsigned(source.size()); ++l)
            lines.push_back(l);
    else
        for (const auto& [l, r] : byLine)
            lines.push_back(l);
    m_table->setRowCount(int(lines.size()));
    const auto count = [](const LineMapRow* r, const char* stage) {
        if (!r)
            return QString();
        const auto it = r->stages.find(stage);
        return it == r->stages.end() ? QString() : QString::number(it->second.size());
    };
    for (int i = 0; i < int(lines.size()); ++i) {
        const unsigned l = lines[std::size_t(i)];
        const LineMapRow* r = byLine.count(l) ? byLine.at(l) : nullptr;
        const QStringList cells = {QString::number(l),
                                   r && !r->sass.empty() ? QString::number(r->sass.size()) : QString(),
                                   count(r, "ptx"), count(r, "ttgir"),
                                   l <= unsigned(source.size()) ? source[int(l) - 1] : QString()};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c < 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, c, item);
        }
    }
}

void LinesView::setSourceFile(const QString& recorded, const QString& actual)
{
    m_moved.insert(recorded, actual);
    showFile(m_files->currentIndex());
}

bool LinesView::selectSourceLine(const QString& file, unsigned line)
{
    if (!m_data)
        return false;
    for (std::size_t f = 0; f < m_data->map.files.size(); ++f) {
        if (QString::fromStdString(m_data->map.files[f].path) != file &&
            baseName(m_data->map.files[f].path) != file)
            continue;
        if (m_files->currentIndex() != int(f))
            m_files->setCurrentIndex(int(f));
        for (int r = 0; r < m_table->rowCount(); ++r)
            if (m_table->item(r, 0)->text().toUInt() == line) {
                m_table->setCurrentCell(r, 4);
                m_table->scrollToItem(m_table->item(r, 4), QAbstractItemView::PositionAtCenter);
                return true;
            }
    }
    return false;
}

void LinesView::onSourceRow(int row)
{
    if (!m_data || row < 0 || m_linking)
        return;
    const std::string file = m_files->currentData().toString().toStdString();
    const unsigned line = m_table->item(row, 0)->text().toUInt();
    for (std::size_t i = 0; i < m_data->map.rows.size(); ++i)
        if (m_data->map.rows[i].source.file == file && m_data->map.rows[i].source.line == line) {
            light({i}, QString());
            return;
        }
    light({}, QString());
}

void LinesView::selectStageLine(const QString& stage, unsigned line)
{
    CodeView* v = m_views.value(stage);
    if (!v)
        return;
    // As a click: also when the cursor is on that line already (no cursorPositionChanged then).
    m_linking = true;
    v->goToLine(int(line));
    m_linking = false;
    onStageCursor(stage);
}

void LinesView::onStageCursor(const QString& stage)
{
    if (!m_data || m_linking)
        return;
    const unsigned line = unsigned(m_views.value(stage)->textCursor().blockNumber() + 1);
    const auto& index = m_rowsOfLine[stage];
    const auto it = index.find(line);
    if (it == index.end()) {
        light({}, stage);
        return;
    }
    // A stage line lists under every place of its chain; the most specific one (the row with the
    // fewest lines: the innermost helper line rather than the call that inlined it) is what it is.
    std::size_t best = it->second.front();
    const auto weight = [&](std::size_t r) {
        std::size_t n = m_data->map.rows[r].sass.size();
        for (const auto& [s, l] : m_data->map.rows[r].stages)
            n += l.size();
        return n;
    };
    for (std::size_t r : it->second)
        if (weight(r) < weight(best))
            best = r;
    light({best}, stage);
    const LineMapRow& row = m_data->map.rows[best];
    m_linking = true;
    selectSourceLine(QString::fromStdString(row.source.file), row.source.line);
    m_linking = false;
}

void LinesView::light(const std::vector<std::size_t>& rows, const QString& except)
{
    const QColor colour = theme::linkedLine(palette());
    m_current = rows;
    m_currentExcept = except;
    m_linking = true;
    for (const QString& stage : kPanes) {
        CodeView* v = m_views.value(stage);
        std::set<unsigned> lines;
        for (std::size_t r : rows) {
            const LineMapRow& row = m_data->map.rows[r];
            if (stage == "sass") {
                for (std::uint64_t off : row.sass)
                    if (auto it = m_data->sassLines.find(off); it != m_data->sassLines.end())
                        lines.insert(it->second);
            } else if (auto it = row.stages.find(stage.toStdString()); it != row.stages.end()) {
                lines.insert(it->second.begin(), it->second.end());
            }
        }
        QList<QTextEdit::ExtraSelection> sel;
        for (unsigned l : lines) {
            QTextEdit::ExtraSelection s;
            s.cursor = QTextCursor(v->document()->findBlockByNumber(int(l) - 1));
            s.format.setBackground(colour);
            s.format.setProperty(QTextFormat::FullWidthSelection, true);
            sel << s;
        }
        v->setExtraSelections(sel);
        m_lit[stage] = QList<unsigned>(lines.begin(), lines.end());
        if (stage != except && !lines.empty())
            v->goToLine(int(*lines.begin()));
    }
    m_linking = false;
}

QList<unsigned> LinesView::litLines(const QString& stage) const
{
    return m_lit.value(stage);
}

} // namespace kl::gui
