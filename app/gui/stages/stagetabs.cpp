#include "stagetabs.h"

#include "app/gui/common/coretext.h"
#include "codeview.h"
#include "core/cubin/cubininfo.h"
#include "core/cubin/occupancy.h"
#include "core/env/environment.h"
#include "core/formats/stages.h"
#include "core/lines/linemap.h"
#include "core/pack/entryfiles.h"
#include "core/remote/remotecache.h"
#include "core/report/entrydetail.h"
#include "core/report/entrylabels.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasstext.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "irhighlighter.h"
#include "linesview.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <sys/stat.h>

namespace kl::gui {

struct StageContent {
    QString stage;
    QString text;  ///< text stages, or the hex dump of a cubin
    QString error; ///< names the path and the cause
    std::optional<CubinResult> cubin;
    QString type;   ///< libmagic's description
    QString header; ///< shown above the code: what made it (the SASS tab's nvdisasm) and notes
};

namespace {

// Highlighting costs a regex pass per line; above this a stage shows plain (and says so).
constexpr int kMaxHighlightBytes = 16 << 20;
constexpr std::size_t kHexDumpBytes = 64 * 1024;

// A stage fetched by `fetcher` (a remote cache's value), shown as a local file would be.
std::shared_ptr<const StageContent> fetchStage(const Entry& entry, const QString& stage,
                                               const StageTabs::StageFetcher& fetcher)
{
    auto c = std::make_shared<StageContent>();
    c->stage = stage;
    const std::string ext = stage.toStdString();
    const Stage* s = entry.stage(ext);
    if (!s) {
        c->error = StageTabs::tr("no stage %1").arg(stage);
        return c;
    }
    // The listing knows the size: a value over the limit is not even asked for.
    if (s->size > remote::kMaxValueBytes) {
        // An explicit context: lupdate loses the namespace of StageTabs::tr in this function.
        c->error = QCoreApplication::translate("kl::gui::StageTabs",
                                               "%1 is too large to show: %2, more than the %3 KernelLens "
                                               "fetches from a server. It was not fetched.")
                       .arg(QString::fromStdString(printableName(s->fileName)),
                            QString::fromStdString(humanSize(s->size)),
                            QString::fromStdString(humanSize(remote::kMaxValueBytes)));
        return c;
    }
    auto bytes = fetcher(entry, s->fileName, remote::kMaxValueBytes);
    if (!bytes) {
        c->error = coreText(bytes.error());
        return c;
    }
    if (ext == "cubin") {
        c->cubin =
            readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()));
        c->text = QString::fromStdString(hexDump(*bytes, kHexDumpBytes));
        return c;
    }
    const StageView v = stageViewOfBytes(std::move(*bytes), ext);
    c->type = QString::fromStdString(v.type);
    c->text = QString::fromUtf8(v.text.data(), qsizetype(v.text.size()));
    return c;
}

/// The SASS tab of an entry whose cache holds a cubin but no .sass (Triton writes .sass only into
/// dump folders): the user's nvdisasm, run once per cubin content (core/sass caches its text).
void disassembleInto(StageContent& c, const Entry& entry, const std::atomic<bool>* cancel)
{
    const Stage* cubin = entry.stage("cubin");
    if (!cubin) {
        c.error = StageTabs::tr("The entry has no cubin to disassemble.");
        return;
    }
    SassOptions options;
    options.cancel = cancel;
    Result<std::string> path = entryFileOnDisk(entry, cubin->fileName);
    if (!path) {
        c.error = QString::fromStdString(printableName(joinPath(entry.path, cubin->fileName)) + ": ") +
                  coreText(path.error());
        return;
    }
    Result<SassResult> r = disassembleCubin(*path, Environment::current(), options);
    if (!r) {
        c.error = coreText(r.error());
        return;
    }
    QStringList header{coreText(sassToolText(*r))};
    for (const Text& note : r->notes)
        header << coreText(note);
    c.header = header.join('\n');
    c.text = QString::fromStdString(sassListingText(r->listing));
}

/// The kernel's Python: the file its first MLIR location names (the kernel's `tt.func`), read
/// where it is now, marked when it changed after the entry was written.
void pythonInto(StageContent& c, const Entry& entry)
{
    const Stage* ir = entry.stage("source") ? entry.stage("source") : entry.stage("ttir");
    Result<std::string> text = readEntryFile(entry, ir->fileName, 64ull << 20);
    std::string file;
    // The first FileLineColLoc, `loc("PATH":L:C)`; named locations (`loc("x_ptr")`) are skipped.
    for (std::size_t at = text ? text->find("loc(\"") : std::string::npos; at != std::string::npos;
         at = text->find("loc(\"", at + 5)) {
        const std::size_t close = text->find('"', at + 5);
        if (close != std::string::npos && close + 1 < text->size() && (*text)[close + 1] == ':') {
            file = text->substr(at + 5, close - at - 5);
            break;
        }
    }
    if (file.empty()) {
        c.error =
            StageTabs::tr("The MLIR of this entry records no source file (compiled without line info?).");
        return;
    }
    const QString path = QString::fromStdString(file);
    Result<std::string> source = readFile(file, 16ull << 20);
    if (!source) {
        c.error = StageTabs::tr(
                      "%1 cannot be read here: %2. It was the kernel's source when the entry was compiled.")
                      .arg(path, coreText(source.error()));
        return;
    }
    struct stat st {};
    const bool changed =
        ::stat(file.c_str(), &st) == 0 && entry.newestMtimeNs > 0 &&
        std::int64_t(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec > entry.newestMtimeNs;
    c.header =
        changed ? StageTabs::tr("%1: changed since the entry was written, its lines may not match the stages")
                      .arg(path)
                : path;
    c.text = QString::fromStdString(*source);
}

std::shared_ptr<const StageContent> readStage(const Entry& entry, const QString& stage, const JobToken& token)
{
    auto c = std::make_shared<StageContent>();
    c->stage = stage;
    const std::string ext = stage.toStdString();
    if (ext == "sass" && !entry.stage("sass")) {
        disassembleInto(*c, entry, token.cancelFlag());
        return c;
    }
    if (ext == "python") {
        pythonInto(*c, entry);
        return c;
    }
    if (ext == "cubin") {
        const Stage* s = entry.stage(ext);
        const std::string path = s ? joinPath(entry.path, s->fileName) : std::string();
        if (!s) {
            c->error = QString::fromStdString(printableName(path) + ": ");
            return c;
        }
        auto read = readEntryFile(entry, s->fileName, 256ull << 20);
        if (!read) {
            c->error = QString::fromStdString(printableName(path) + ": " + read.error().english());
            return c;
        }
        const std::string& bytes = *read;
        c->cubin =
            readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
        c->text = QString::fromStdString(hexDump(bytes, kHexDumpBytes));
        return c;
    }
    const StageView v = loadStage(entry, ext);
    if (!v.ok) {
        c->error = coreText(v.error);
        return c;
    }
    c->type = QString::fromStdString(v.type);
    c->text = QString::fromUtf8(v.text.data(), qsizetype(v.text.size()));
    return c;
}

QString optionalNumber(const std::optional<std::uint32_t>& v)
{
    return v ? QString::number(*v) : QStringLiteral("–");
}

} // namespace

StageTabs::StageTabs(QPlainTextEdit* details, QWidget* parent)
    : QTabWidget(parent)
    , m_details(details)
{
    setObjectName(QStringLiteral("stageTabs"));
    addTab(m_details, tr("Details"));
    connect(this, &QTabWidget::currentChanged, this, &StageTabs::loadCurrent);
    auto* find = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this);
    connect(find, &QShortcut::activated, this, &StageTabs::showFind);
    auto* go = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_L), this);
    connect(go, &QShortcut::activated, this, [this] {
        if (auto* v = qobject_cast<CodeView*>(currentWidget()->findChild<CodeView*>())) {
            bool ok = false;
            const int line =
                QInputDialog::getInt(this, tr("Go to Line"), tr("Line:"), v->textCursor().blockNumber() + 1,
                                     1, v->blockCount(), 1, &ok);
            if (ok)
                v->goToLine(line);
        }
    });
}

StageTabs::~StageTabs() = default;

void StageTabs::addFixedTab(QWidget* page, const QString& title)
{
    insertTab(m_fixed++, page, title);
}

void StageTabs::clearEntry()
{
    m_job.discard();
    m_entry.reset();
    while (count() > m_fixed) {
        QWidget* w = widget(m_fixed);
        removeTab(m_fixed);
        w->deleteLater();
    }
    m_cubinTable = nullptr;
}

void StageTabs::setEntry(const Entry& entry)
{
    const int previous = currentIndex();
    const QString previousStage =
        previous >= m_fixed ? widget(previous)->property("stage").toString() : QString();
    clearEntry();
    m_entry = entry;
    // The kernel's Python first, when an MLIR stage records where it is (files on this machine).
    if (!m_fetcher && (entry.stage("source") || entry.stage("ttir")))
        addStagePage(QStringLiteral("python"), tr("Python"),
                     tr("The kernel's Python source, at the path its MLIR records"));
    for (const Stage& s : entry.stages) {
        const QString ext = QString::fromUtf8(s.ext().data(), qsizetype(s.ext().size()));
        if (ext == QLatin1String("hsaco") || (!s.known && isBinaryStage(s.ext())))
            continue;
        // Triton's .source is its first MLIR, not the Python a user reads "source" as.
        if (ext == QLatin1String("source"))
            addStagePage(ext, tr("source (MLIR)"),
                         tr("Triton's first MLIR, written as .source (the Python is its own tab)"));
        else
            addStagePage(ext, ext);
    }
    // A cubin's SASS beside it, from the user's nvdisasm (only for files on this machine: nvdisasm
    // reads a path).
    if (const int cubinTab = tabOf(QStringLiteral("cubin"));
        cubinTab > 0 && tabOf(QStringLiteral("sass")) < 0 && !m_fetcher)
        addStagePage(QStringLiteral("sass"), QStringLiteral("sass"),
                     tr("The cubin's instructions and the source lines they came from (nvdisasm)"),
                     cubinTab + 1);
    // One source line through every stage, side by side (local files: the map reads them).
    const bool hasIr = std::any_of(std::begin(kLineMapStages), std::end(kLineMapStages),
                                   [&](const char* s) { return entry.stage(s) != nullptr; });
    if (hasIr && !m_fetcher) {
        QWidget* page =
            addStagePage(QStringLiteral("lines"), QStringLiteral("lines"),
                         tr("Each source line with the lines of every stage it produced, side by side"));
        auto* view = new LinesView(page);
        connect(view, &LinesView::loaded, this, [this, view] {
            if (const auto pending = std::exchange(m_pendingLine, std::nullopt))
                view->selectSourceLine(pending->first, pending->second);
            emit stageLoaded(QStringLiteral("lines"));
        });
        page->layout()->addWidget(view);
    }
    // Stay on the same stage when moving between entries (or go where showSourceLine asked).
    const int again = tabOf(m_pendingLine ? QStringLiteral("lines") : previousStage);
    setCurrentIndex(again > 0 ? again : previous >= 0 && previous < m_fixed ? previous : 0);
    loadCurrent();
}

QWidget* StageTabs::addStagePage(const QString& stage, const QString& title, const QString& tip, int at)
{
    auto* page = new QWidget;
    page->setProperty("stage", stage);
    page->setProperty("loaded", false);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    const int index = at < 0 ? addTab(page, title) : insertTab(at, page, title);
    if (!tip.isEmpty())
        setTabToolTip(index, tip);
    return page;
}

int StageTabs::tabOf(const QString& stage) const
{
    for (int i = m_fixed; i < count(); ++i)
        if (widget(i)->property("stage").toString() == stage)
            return i;
    return -1;
}

CodeView* StageTabs::codeView(const QString& stage) const
{
    const int i = tabOf(stage);
    return i < 0 ? nullptr : widget(i)->findChild<CodeView*>();
}

bool StageTabs::showFind()
{
    QWidget* page = currentWidget();
    auto* edit = page ? page->findChild<QLineEdit*>(QStringLiteral("findEdit")) : nullptr;
    if (!edit)
        return false;
    edit->parentWidget()->show();
    edit->setFocus();
    edit->selectAll();
    return true;
}

void StageTabs::showSourceLine(const QString& file, unsigned line)
{
    // Kept until a map is shown: the entry may not be set yet, or its tabs rebuilt before then.
    m_pendingLine = {file, line};
    if (const int tab = tabOf(QStringLiteral("lines")); tab > 0)
        setCurrentIndex(tab);
}

void StageTabs::loadCurrent()
{
    QWidget* page = currentWidget();
    if (!m_entry || !page || indexOf(page) < m_fixed || page->property("loaded").toBool())
        return;
    page->setProperty("loaded", true);
    const QString stage = page->property("stage").toString();
    if (auto* lines = page->findChild<LinesView*>()) {
        lines->load(*m_entry);
        return;
    }
    if (m_job.isRunning()) { // superseded: the tab left behind reads again when shown again
        if (QWidget* left = widget(tabOf(m_loading)))
            left->setProperty("loaded", false);
    }
    m_loading = stage;
    m_job.start(
        [entry = *m_entry, stage, fetcher = m_fetcher](const JobToken& token) {
            return fetcher ? fetchStage(entry, stage, fetcher) : readStage(entry, stage, token);
        },
        [this](const std::shared_ptr<const StageContent>& c) { present(*c); });
}

void StageTabs::present(const StageContent& c)
{
    const int index = tabOf(c.stage);
    if (index < 0)
        return;
    QWidget* page = widget(index);
    auto* layout = static_cast<QVBoxLayout*>(page->layout());
    if (!c.error.isEmpty()) {
        auto* label = new QLabel(c.error, page);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(label);
        layout->addStretch();
        emit stageLoaded(c.stage);
        return;
    }
    auto* code = new CodeView(page);
    code->setObjectName(QStringLiteral("code_") + c.stage);
    if (c.cubin) {
        const CubinResult& r = *c.cubin;
        auto* head = new QLabel(page);
        head->setTextInteractionFlags(Qt::TextSelectableByMouse);
        head->setText(r.ok ? tr("sm_%1, %2 kernel(s), ELF ABI %3%4")
                                 .arg(r.info.sm)
                                 .arg(r.info.kernels.size())
                                 .arg(r.info.abiVersion)
                                 .arg(r.info.cudaApiVersion ? tr(", CUDA API %1").arg(*r.info.cudaApiVersion)
                                                            : QString())
                           : tr("Not a readable cubin: %1").arg(coreText(r.error)));
        m_cubinTable = new QTableWidget(0, 9, page);
        m_cubinTable->setObjectName(QStringLiteral("cubinTable"));
        m_cubinTable->setHorizontalHeaderLabels(
            {tr("Kernel"), tr("Registers"), tr("Shared (static)"), tr("Local / spills"), tr("Max threads"),
             tr("Required block"), tr("Params"), tr("Code"), tr("Occupancy")});
        // A Triton entry launches num_warps x warp size threads with its metadata's dynamic shared
        // memory; a bare cubin only its required block.
        const LaunchShape launch = m_entry ? launchShapeOf(*m_entry) : LaunchShape();
        m_cubinTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
        m_cubinTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        for (const CubinKernel& k : r.info.kernels) {
            const int row = m_cubinTable->rowCount();
            m_cubinTable->insertRow(row);
            auto dims = [](const std::optional<std::array<std::uint32_t, 3>>& d) {
                return d ? QStringLiteral("%1×%2×%3").arg((*d)[0]).arg((*d)[1]).arg((*d)[2])
                         : QStringLiteral("–");
            };
            const std::uint32_t frame = k.frameSize.value_or(0);
            const QStringList cells = {QString::fromStdString(k.name),
                                       optionalNumber(k.registers),
                                       QString::number(k.staticSharedBytes) + QStringLiteral(" B"),
                                       frame ? tr("%1 B (spills or stack)").arg(frame) : tr("0 B"),
                                       dims(k.maxThreads),
                                       dims(k.reqNtid),
                                       k.paramBytes ? QStringLiteral("%1 B").arg(*k.paramBytes)
                                                    : QStringLiteral("–"),
                                       QStringLiteral("%1 B").arg(k.codeBytes)};
            for (int col = 0; col < cells.size(); ++col)
                m_cubinTable->setItem(row, col, new QTableWidgetItem(cells[col]));
            const OccupancyResult occ = kernelOccupancy(r.info.sm, k, launch);
            auto* item = new QTableWidgetItem;
            if (occ.ok) {
                const Occupancy& o = occ.value;
                item->setText(tr("%1%: %2 blocks, %3 warps per SM, limited by %4")
                                  .arg(qRound(o.occupancy * 100))
                                  .arg(o.activeBlocksPerSm)
                                  .arg(o.activeWarpsPerSm)
                                  .arg(QString::fromStdString(o.limitedBy)));
                item->setToolTip(tr("At %1 threads per block and %2 bytes of dynamic shared memory; "
                                    "theoretical, as the CUDA occupancy calculator gives it")
                                     .arg(o.blockSize)
                                     .arg(o.dynamicSharedBytes));
            } else {
                item->setText(QStringLiteral("–"));
                item->setToolTip(coreText(occ.error));
            }
            m_cubinTable->setItem(row, 8, item);
        }
        auto* split = new QSplitter(Qt::Vertical, page);
        auto* top = new QWidget(split);
        auto* topLayout = new QVBoxLayout(top);
        topLayout->setContentsMargins(4, 4, 4, 4);
        topLayout->addWidget(head);
        topLayout->addWidget(m_cubinTable);
        split->addWidget(top);
        split->addWidget(code);
        layout->addWidget(split);
        code->loadText(c.text);
        emit stageLoaded(c.stage);
        return;
    }
    // The find bar, hidden until Ctrl+Shift+F (or the window's Ctrl+F while a code tab is shown).
    auto* bar = new QWidget(page);
    auto* barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(4, 2, 4, 2);
    auto* edit = new QLineEdit(bar);
    edit->setObjectName(QStringLiteral("findEdit"));
    edit->setPlaceholderText(tr("Find in %1 (Enter: next, Shift+Enter: previous)").arg(c.stage));
    edit->setClearButtonEnabled(true);
    auto* status = new QLabel(bar);
    barLayout->addWidget(edit, 1);
    barLayout->addWidget(status);
    bar->hide();
    connect(edit, &QLineEdit::returnPressed, code, [code, edit, status] {
        const bool backward = QGuiApplication::keyboardModifiers() & Qt::ShiftModifier;
        status->setText(code->findText(edit->text(), backward) ? QString() : tr("not found"));
    });
    if (!c.header.isEmpty()) {
        auto* head = new QLabel(c.header, page);
        head->setObjectName(QStringLiteral("stageHeader"));
        head->setWordWrap(true);
        head->setTextInteractionFlags(Qt::TextSelectableByMouse);
        head->setContentsMargins(4, 2, 4, 2);
        layout->addWidget(head);
    }
    layout->addWidget(bar);
    layout->addWidget(code);
    if (c.text.size() <= kMaxHighlightBytes)
        new IrHighlighter(IrHighlighter::languageForStage(c.stage), code->document());
    else
        code->setToolTip(
            tr("Shown without syntax colours: larger than %1 MiB").arg(kMaxHighlightBytes >> 20));
    connect(code, &CodeView::loaded, this, [this, stage = c.stage] { emit stageLoaded(stage); });
    code->loadText(c.text);
}

} // namespace kl::gui
