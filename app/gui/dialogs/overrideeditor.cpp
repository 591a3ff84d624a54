#include "overrideeditor.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/theme.h"
#include "app/gui/stages/codeview.h"
#include "app/gui/stages/irhighlighter.h"
#include "core/cubin/occupancy.h"
#include "core/override/folderlinks.h"
#include "gpu/tritonrun/trygpurun.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QSyntaxHighlighter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {
namespace {

constexpr qint64 kMaxEditBytes = 64ll << 20;

// Unified-diff colours: removed and added lines, hunk headers.
class UnifiedDiffHighlighter : public QSyntaxHighlighter {
public:
    UnifiedDiffHighlighter(QTextDocument* document, const QPalette& palette)
        : QSyntaxHighlighter(document)
        , m_colours(theme::diff(palette))
    {
    }

protected:
    void highlightBlock(const QString& text) override
    {
        const theme::DiffColours& c = m_colours;
        QTextCharFormat f;
        if (text.startsWith(QLatin1String("@@"))) {
            f.setFontWeight(QFont::Bold);
        } else if (text.startsWith(QLatin1String("---")) || text.startsWith(QLatin1String("+++"))) {
            f.setFontWeight(QFont::Bold);
        } else if (text.startsWith(QLatin1Char('-'))) {
            f.setBackground(c.removed);
        } else if (text.startsWith(QLatin1Char('+'))) {
            f.setBackground(c.added);
        } else {
            return;
        }
        setFormat(0, int(text.size()), f);
    }

private:
    theme::DiffColours m_colours;
};

QString optText(const std::optional<std::uint32_t>& v)
{
    return v ? QString::number(*v) : QStringLiteral("–");
}

QString occupancyText(const TrySide& side, const CubinKernel& k)
{
    const OccupancyResult o = kernelOccupancy(side.info.info.sm, k, side.launch);
    if (!o.ok)
        return QStringLiteral("–");
    return OverrideEditor::tr("%1% (%2 blocks/SM, %3)")
        .arg(qRound(o.value.occupancy * 100))
        .arg(o.value.activeBlocksPerSm)
        .arg(QString::fromStdString(o.value.limitedBy));
}

const CubinKernel* kernelNamed(const TrySide& side, const std::string& name)
{
    if (!side.info.ok)
        return nullptr;
    for (const CubinKernel& k : side.info.info.kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

} // namespace

OverrideEditor::OverrideEditor(QString file, std::shared_ptr<const Snapshot> snapshot, std::size_t entry,
                               QWidget* parent)
    : QDialog(parent)
    , m_file(std::move(file))
    , m_snapshot(std::move(snapshot))
    , m_entry(entry)
{
    setObjectName(QStringLiteral("overrideEditor"));
    m_entryBox = new QComboBox(this);
    m_entryBox->setObjectName(QStringLiteral("tryEntry"));
    m_entryBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_entryBox->setToolTip(
        tr("The cache entry the edit is compared with: its target and options are the ones "
           "the edit is compiled for"));
    m_editor = new CodeView(this);
    m_editor->setObjectName(QStringLiteral("overrideText"));
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("tryComparison"));
    m_table->setHorizontalHeaderLabels({tr("Kernel"), tr("Figure"), tr("Entry"), tr("Edit")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_messages = new QListWidget(this);
    m_messages->setObjectName(QStringLiteral("tryMessages"));
    m_ptxDiff = new CodeView(this);
    m_ptxDiff->setObjectName(QStringLiteral("tryPtxDiff"));
    new UnifiedDiffHighlighter(m_ptxDiff->document(), palette());
    m_sassDiff = new CodeView(this);
    m_sassDiff->setObjectName(QStringLiteral("trySassDiff"));
    new UnifiedDiffHighlighter(m_sassDiff->document(), palette());
    m_results = new QTabWidget(this);
    m_results->addTab(m_table, tr("Comparison"));
    m_results->addTab(m_messages, tr("Messages"));
    m_results->addTab(m_ptxDiff, tr("PTX Diff"));
    m_results->addTab(m_sassDiff, tr("SASS Diff"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_editor);
    split->addWidget(m_results);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("trySummary"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Edit the stage, then Try: KernelLens compiles it without your script and compares "
                          "it with the entry."));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_saveButton = buttons->addButton(tr("&Save"), QDialogButtonBox::ActionRole);
    m_tryButton = buttons->addButton(tr("&Try"), QDialogButtonBox::ActionRole);
    m_tryButton->setObjectName(QStringLiteral("tryButton"));
    m_tryButton->setToolTip(
        tr("Save, compile the edit (PTX: the CUDA toolkit's ptxas or the entry's Triton; IR: the Triton in "
           "your Python) and compare it with the entry (Ctrl+Return)"));
    m_runButton = buttons->addButton(tr("&Run on GPU…"), QDialogButtonBox::ActionRole);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(tr("Run the entry's kernel and the tried edit on the GPU on the same inputs and "
                               "compare their outputs; a run spec gives the grid and the arguments"));
    m_runButton->setEnabled(false);
    m_cancelButton = buttons->addButton(tr("Cancel"), QDialogButtonBox::ActionRole);
    m_cancelButton->setEnabled(false);
    connect(m_saveButton, &QPushButton::clicked, this, [this] {
        QString error;
        if (!save(&error))
            m_summary->setText(error);
    });
    connect(m_tryButton, &QPushButton::clicked, this, &OverrideEditor::tryEdit);
    connect(m_cancelButton, &QPushButton::clicked, this, &OverrideEditor::cancel);
    connect(m_runButton, &QPushButton::clicked, this, [this] {
        QSettings settings;
        const QString spec = QFileDialog::getOpenFileName(
            this, tr("Run Spec"), settings.value(QStringLiteral("override/runSpec")).toString(),
            tr("Run specs (*.json);;All files (*)"));
        if (spec.isEmpty())
            return;
        settings.setValue(QStringLiteral("override/runSpec"), spec);
        runOnGpu(spec);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* saveKey = new QShortcut(QKeySequence::Save, this);
    connect(saveKey, &QShortcut::activated, m_saveButton, &QPushButton::click);
    auto* tryKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(tryKey, &QShortcut::activated, m_tryButton, &QPushButton::click);
    connect(m_messages, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int line = item->data(Qt::UserRole).toInt();
        if (line > 0) {
            m_editor->goToLine(line);
            m_editor->setFocus();
        }
    });

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Compare with:"), this));
    top->addWidget(m_entryBox, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    resize(1000, 760);
    loadFile();
    findEntries();
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &OverrideEditor::updateTitle);
    updateTitle();
}

OverrideEditor::~OverrideEditor() = default;

void OverrideEditor::updateTitle()
{
    setWindowTitle(tr("Override Editor: %1%2")
                       .arg(QFileInfo(m_file).fileName(),
                            m_editor->document()->isModified() ? QStringLiteral(" *") : QString()));
}

void OverrideEditor::loadFile()
{
    const QString ext = QFileInfo(m_file).suffix();
    new IrHighlighter(IrHighlighter::languageForStage(ext), m_editor->document());
    QFile f(m_file);
    if (!f.open(QIODevice::ReadOnly) || f.size() > kMaxEditBytes) {
        m_summary->setText(f.size() > kMaxEditBytes
                               ? tr("%1: larger than 64 MiB, not opened for editing").arg(m_file)
                               : tr("%1: %2").arg(m_file, f.errorString()));
        m_tryButton->setEnabled(false);
        m_saveButton->setEnabled(false);
        return;
    }
    const QByteArray bytes = f.readAll();
    if (bytes.contains('\0')) {
        m_summary->setText(
            tr("%1: not a text file; Try compiles .ttir, .ttgir, .llir and .ptx stages").arg(m_file));
        m_tryButton->setEnabled(false);
        m_saveButton->setEnabled(false);
        return;
    }
    m_editor->setPlainText(QString::fromUtf8(bytes));
    m_editor->document()->setUndoRedoEnabled(true);
    m_editor->document()->setModified(false);
    m_editor->setReadOnly(false);
    if (tryStageOf(m_file.toStdString()).empty()) {
        m_tryButton->setEnabled(false);
        m_summary->setText(
            tr("Try compiles .ttir, .ttgir, .llir and .ptx stages; this one can be edited and saved."));
    }
}

// The entries to compare with: the entry itself, or those a dump or override folder is linked
// to (found off the UI thread: it reads that kernel's stages).
void OverrideEditor::findEntries()
{
    const Entry& e = m_snapshot->entries.at(m_entry);
    if (e.kind != EntryKind::Dump && e.kind != EntryKind::Override) {
        m_candidates = {m_entry};
        m_entryBox->addItem(QString::fromStdString(e.path));
        return;
    }
    m_entryBox->addItem(tr("finding the entries this folder belongs to…"));
    m_entryBox->setEnabled(false);
    m_tryButton->setEnabled(false);
    m_linkJob.start(
        [snapshot = m_snapshot, entry = m_entry](const JobToken& token) {
            FolderLinkOptions o;
            o.cancel = token.cancelFlag();
            return linkedCacheEntries(*snapshot, entry, o);
        },
        [this](const std::vector<std::size_t>& linked) {
            m_entryBox->clear();
            m_candidates = linked;
            for (std::size_t i : linked) {
                const Entry& c = m_snapshot->entries[i];
                m_entryBox->addItem(
                    QStringLiteral("%1 (sm_%2)")
                        .arg(QString::fromStdString(c.path), QString::fromStdString(c.target.arch)));
            }
            m_entryBox->setEnabled(linked.size() > 1);
            if (linked.empty()) {
                m_entryBox->addItem(tr("no cache entry shares this folder's stages"));
                m_summary->setText(tr("No cache entry shares this folder's stages: compile the kernel "
                                      "once (its cache entry is what an edit is compared with)."));
            } else if (!tryStageOf(m_file.toStdString()).empty()) {
                m_tryButton->setEnabled(true);
            }
        });
}

bool OverrideEditor::save(QString* error)
{
    if (!m_editor->document()->isModified())
        return true;
    QSaveFile f(m_file);
    const QByteArray bytes = m_editor->toPlainText().toUtf8();
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = tr("Cannot save %1: %2").arg(m_file, f.errorString());
        return false;
    }
    m_editor->document()->setModified(false);
    return true;
}

void OverrideEditor::tryEdit()
{
    QString error;
    if (!save(&error)) {
        m_summary->setText(error);
        return;
    }
    const int chosen = m_entryBox->currentIndex();
    if (chosen < 0 || std::size_t(chosen) >= m_candidates.size())
        return;
    const Entry entry = m_snapshot->entries.at(m_candidates[std::size_t(chosen)]);
    m_lastEntry = m_candidates[std::size_t(chosen)];
    m_lastTry.reset();
    m_runButton->setEnabled(false);
    m_tryButton->setEnabled(false);
    m_cancelButton->setEnabled(true);
    m_summary->setText(
        tr("Compiling %1 for %2…").arg(QFileInfo(m_file).fileName(), QString::fromStdString(entry.path)));
    m_job.start(
        [this, file = m_file.toStdString(), entry](const JobToken& token) {
            OverrideTryOptions o;
            o.cancel = token.cancelFlag();
            // The comparison first, the SASS when nvdisasm has it: nvdisasm needs about a third
            // of a second to start, ten times a small kernel's ptxas.
            o.sass = false;
            const Environment env = Environment::current();
            OverrideTry r = tryOverride(file, entry, env, o);
            if (token.isCancelled() && !r.ok)
                r.error = Text::of(KL_TEXT("kl::overridetry", "cancelled"));
            if (r.ok && !token.isCancelled()) {
                token.post([this, r] { showTry(r, false); });
                disassembleTry(r, env, token.cancelFlag());
            }
            return r;
        },
        [this](const OverrideTry& r) { showTry(r, true); });
}

void OverrideEditor::cancel()
{
    m_job.cancel();
}

void OverrideEditor::runOnGpu(const QString& spec)
{
    if (!m_lastTry || m_job.isRunning())
        return;
    m_tryButton->setEnabled(false);
    m_runButton->setEnabled(false);
    m_summary->setText(tr("Running both kernels on the GPU as %1 says…").arg(spec));
    m_job.start(
        [tried = *m_lastTry, entry = m_snapshot->entries.at(m_lastEntry),
         spec = spec.toStdString()](const JobToken&) {
            return runTryOnGpu(tried, entry, {spec, {}, 0});
        },
        [this](const TryGpuRun& run) {
            m_tryButton->setEnabled(true);
            m_runButton->setEnabled(true);
            const TritonRunResult& r = run.result;
            m_summary->setText(r.ran ? tr("GPU run on %1 (problem size %2): %3")
                                           .arg(QString::fromStdString(r.device),
                                                QString::fromStdString(r.size), coreText(r.reason))
                                     : tr("GPU run: %1").arg(coreText(r.reason)));
            for (const TritonRunOutput& o : r.outputs)
                new QListWidgetItem(tr("GPU run: %1").arg(coreText(o.description)), m_messages);
            emit ranOnGpu();
        });
}

bool OverrideEditor::settleUnsaved()
{
    if (!m_editor->document()->isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Edits"), tr("%1 has edits that are not saved.").arg(m_file),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        QString error;
        if (!save(&error)) {
            m_summary->setText(error);
            return false;
        }
    }
    return true;
}

void OverrideEditor::reject()
{
    if (settleUnsaved())
        QDialog::reject();
}

void OverrideEditor::closeEvent(QCloseEvent* event)
{
    if (settleUnsaved())
        QDialog::closeEvent(event);
    else
        event->ignore();
}

void OverrideEditor::showTry(const OverrideTry& r, bool final)
{
    m_tryButton->setEnabled(final);
    if (final && r.ok)
        m_lastTry = r;
    m_runButton->setEnabled(final && r.ok);
    m_cancelButton->setEnabled(!final);
    m_messages->clear();
    for (const CompileDiagnostic& d : r.diagnostics) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1:%2: %3: %4")
                .arg(QString::fromStdString(d.file))
                .arg(d.line)
                .arg(QString::fromStdString(d.severity), QString::fromStdString(d.message)),
            m_messages);
        item->setData(Qt::UserRole, d.file == m_file.toStdString() ? d.line : 0);
    }
    for (const Text& n : r.notes)
        new QListWidgetItem(tr("note: %1").arg(coreText(n)), m_messages);
    if (!r.ok) {
        m_table->setRowCount(0);
        m_ptxDiff->setPlainText(QString());
        m_sassDiff->setPlainText(QString());
        m_summary->setText(coreText(r.error));
        if (m_messages->count() > 0) {
            m_results->setCurrentWidget(m_messages);
            m_messages->setCurrentRow(0);
        }
        if (final)
            emit tried();
        return;
    }
    showComparison(r);
    if (!final)
        m_sassDiff->setPlainText(tr("Disassembling the edit with nvdisasm…"));
    m_summary->setText(tr("Built by %1 in %2 s, compared with %3: %4.")
                           .arg(QString::fromStdString(r.assembler))
                           .arg(double(r.compileUs) / 1e6, 0, 'f', 2)
                           .arg(coreText(r.baseline), r.sameCode ? tr("the same instructions as the entry")
                                                                 : tr("the instructions changed")));
    // The comparison stays in front when the SASS comes (the user may have turned to a tab).
    if (!final)
        m_results->setCurrentWidget(m_table);
    else
        emit tried();
}

void OverrideEditor::showComparison(const OverrideTry& r)
{
    m_table->setRowCount(0);
    const QColor changed = theme::linkedLine(palette());
    auto row = [&](const QString& kernel, const QString& what, const QString& a, const QString& b) {
        const int at = m_table->rowCount();
        m_table->insertRow(at);
        const QString cells[4] = {kernel, what, a, b};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (a != b)
                item->setBackground(changed);
            m_table->setItem(at, c, item);
        }
    };
    std::vector<std::string> names;
    for (const TrySide* s : {&r.edited, &r.original})
        if (s->info.ok)
            for (const CubinKernel& k : s->info.info.kernels)
                if (std::find(names.begin(), names.end(), k.name) == names.end())
                    names.push_back(k.name);
    const QString none = QStringLiteral("–");
    for (const std::string& name : names) {
        const CubinKernel* o = kernelNamed(r.original, name);
        const CubinKernel* e = kernelNamed(r.edited, name);
        const QString k = QString::fromStdString(name);
        row(k, tr("Registers"), o ? optText(o->registers) : none, e ? optText(e->registers) : none);
        row(k, tr("Local bytes (spills)"), o ? optText(o->frameSize) : none,
            e ? optText(e->frameSize) : none);
        row(k, tr("Static shared bytes"), o ? QString::number(o->staticSharedBytes) : none,
            e ? QString::number(e->staticSharedBytes) : none);
        row(k, tr("Dynamic shared bytes"), QString::number(r.original.launch.dynamicSharedBytes),
            QString::number(r.edited.launch.dynamicSharedBytes));
        row(k, tr("Occupancy"), o ? occupancyText(r.original, *o) : none,
            e ? occupancyText(r.edited, *e) : none);
        row(k, tr("Code bytes"), o ? QString::number(o->codeBytes) : none,
            e ? QString::number(e->codeBytes) : none);
        row(k, tr("Instructions"), o ? tr("the entry's") : none,
            !e                                    ? none
            : o && o->codeDigest == e->codeDigest ? tr("the entry's")
                                                  : tr("changed"));
    }
    m_table->resizeColumnsToContents();
    m_ptxDiff->setPlainText(r.ptxDiff.empty() ? tr("The PTX is the entry's.")
                                              : QString::fromStdString(r.ptxDiff));
    m_sassDiff->setPlainText(!r.sassUnavailable.empty()
                                 ? tr("No SASS diff: %1").arg(coreText(r.sassUnavailable))
                             : r.sassDiff.empty() ? tr("The SASS is the entry's.")
                                                  : QString::fromStdString(r.sassDiff));
}

QString OverrideEditor::summaryText() const
{
    return m_summary->text();
}

QString OverrideEditor::ptxDiffText() const
{
    return m_ptxDiff->toPlainText();
}

QString OverrideEditor::sassDiffText() const
{
    return m_sassDiff->toPlainText();
}

} // namespace kl::gui
