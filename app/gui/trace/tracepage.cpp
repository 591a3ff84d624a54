#include "tracepage.h"

#include "app/gui/common/qstrings.h"
#include "app/gui/common/theme.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "timelineview.h"
#include "tracefindingsview.h"
#include "tracetext.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace kl::gui {
namespace {

QStringList toQStrings(const std::vector<std::string>& v)
{
    QStringList out;
    for (const std::string& s : v)
        out << QString::fromStdString(s);
    return out;
}

QPixmap swatch(const QColor& c, int size)
{
    QPixmap pm(size, size);
    pm.fill(c);
    return pm;
}

} // namespace

TracePage::TracePage(QWidget* parent)
    : QWidget(parent)
    , m_model(new KernelTableModel(this))
    , m_proxy(new KernelFilterProxy(this))
{
    setObjectName(QStringLiteral("tracePage"));
    m_proxy->setSourceModel(m_model);

    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("tracePlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_placeholder->setText(
        TraceText::tr("No profiler trace is open.\n\nFile > Open Trace… reads PyTorch profiler (Kineto) "
                      "traces, .json or .json.gz; choose several files to see one trace per rank. "
                      "Their kernels are matched with the cache entries shown on the Entries page."));

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("traceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("traceNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setStyleSheet(theme::noteBanner());
    m_notes->hide();

    m_timeline = new TimelineView(this);
    connect(m_timeline, &TimelineView::kernelClicked, this, &TracePage::selectKernel);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("kernelTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(KernelTableModel::TotalColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    // Whether the cache holds what ran is the question this page answers: next to the name,
    // where a window beside the folders pane still shows it.
    m_view->horizontalHeader()->moveSection(KernelTableModel::CacheColumn, KernelTableModel::ClassColumn + 1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &TracePage::onCurrentChanged);
    connect(m_view, &QTableView::doubleClicked, this, [this] {
        if (m_showEntries->isEnabled())
            m_showEntries->click();
    });

    m_findings = new TraceFindingsView(this);
    connect(m_findings, &TraceFindingsView::kernelChosen, this, &TracePage::selectKernel);
    m_findingsBox = new QWidget(this);
    auto* findingsLayout = new QVBoxLayout(m_findingsBox);
    findingsLayout->setContentsMargins(0, 0, 0, 0);
    findingsLayout->setSpacing(2);
    m_findingsTitle = new QLabel(m_findingsBox);
    m_findingsTitle->setObjectName(QStringLiteral("traceFindingsTitle"));
    findingsLayout->addWidget(m_findingsTitle);
    findingsLayout->addWidget(m_findings);

    auto* timelineBox = new QWidget(this);
    auto* timelineLayout = new QVBoxLayout(timelineBox);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(2);
    m_legend = makeLegend();
    timelineLayout->addWidget(m_legend);
    timelineLayout->addWidget(m_timeline);

    auto* tableBox = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->setSpacing(4);
    tableLayout->addWidget(makeFilterRow());
    tableLayout->addWidget(m_view);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("traceSplitter"));
    m_splitter->addWidget(timelineBox);
    m_splitter->addWidget(tableBox);
    m_splitter->addWidget(m_findingsBox);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setStretchFactor(2, 0);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });

    auto* content = new QWidget(this);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(4, 4, 4, 0);
    contentLayout->setSpacing(4);
    contentLayout->addWidget(m_summary);
    contentLayout->addWidget(m_notes);
    contentLayout->addWidget(m_splitter, 1);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
}

QWidget* TracePage::makeLegend()
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    const int size = fontMetrics().height() - 4;
    for (auto cls : {trace::KernelClass::Compute, trace::KernelClass::Communication,
                     trace::KernelClass::Memcpy, trace::KernelClass::Memset}) {
        auto* colour = new QLabel(row);
        colour->setPixmap(swatch(theme::timelineColour(cls, palette()), size));
        layout->addWidget(colour);
        layout->addWidget(new QLabel(TraceText::kernelClass(cls), row));
        layout->addSpacing(8);
    }
    // The overlap lanes' two parts; shown only when a device communicated (updateLegend).
    for (bool hidden : {true, false}) {
        auto* colour = new QLabel(row);
        colour->setPixmap(swatch(theme::overlapColour(hidden, palette()), size));
        auto* label = new QLabel(TraceText::overlapPart(hidden), row);
        label->setToolTip(TraceText::tr("The comm overlap lane under each GPU's streams shows where its "
                                        "communication ran while compute ran (hidden) and where it ran "
                                        "alone (exposed)"));
        layout->addWidget(colour);
        layout->addWidget(label);
        layout->addSpacing(8);
        m_overlapLegend << colour << label;
    }
    layout->addStretch(1);
    auto* hint = new QLabel(TraceText::tr("Wheel or +/− zooms, drag pans, 0 shows all; click a kernel to "
                                          "select it"),
                            row);
    hint->setForegroundRole(QPalette::PlaceholderText);
    // The hint gives way (clipped) before the page grows wider than the window allows.
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(hint);
    return row;
}

QWidget* TracePage::makeFilterRow()
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_filterEdit = new QLineEdit(row);
    m_filterEdit->setObjectName(QStringLiteral("kernelFilter"));
    m_filterEdit->setPlaceholderText(TraceText::tr("Filter kernels by name"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_proxy, &KernelFilterProxy::setText);

    m_classFilter = new QComboBox(row);
    m_classFilter->setObjectName(QStringLiteral("kernelClassFilter"));
    m_classFilter->addItem(TraceText::tr("All classes"), KernelFilterProxy::Any);
    for (auto cls : {trace::KernelClass::Compute, trace::KernelClass::Communication,
                     trace::KernelClass::Memcpy, trace::KernelClass::Memset})
        m_classFilter->addItem(TraceText::kernelClass(cls), int(cls));
    connect(m_classFilter, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setClassFilter(m_classFilter->currentData().toInt()); });

    m_cacheFilter = new QComboBox(row);
    m_cacheFilter->setObjectName(QStringLiteral("kernelCacheFilter"));
    m_cacheFilter->addItem(TraceText::tr("Any cache entry"), KernelFilterProxy::Any);
    m_cacheFilter->addItem(TraceText::tr("Fits"), int(CacheMatch::Fits));
    m_cacheFilter->addItem(TraceText::tr("Mismatch"), int(CacheMatch::Mismatch));
    m_cacheFilter->addItem(TraceText::tr("No entry"), int(CacheMatch::None));
    connect(m_cacheFilter, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setCacheFilter(m_cacheFilter->currentData().toInt()); });

    m_showEntries = new QPushButton(TraceText::tr("Show Entries"), row);
    m_showEntries->setObjectName(QStringLiteral("showEntriesButton"));
    m_showEntries->setToolTip(TraceText::tr("Show the selected kernel's cache entries on the Entries page"));
    m_showEntries->setEnabled(false);
    connect(m_showEntries, &QPushButton::clicked, this, [this] {
        const int k = selectedKernel();
        if (k >= 0 && m_data)
            emit showEntriesRequested(toQStrings(m_data->entryPaths(std::size_t(k))));
    });

    m_commEdit = new QLineEdit(row);
    m_commEdit->setObjectName(QStringLiteral("commPattern"));
    m_commEdit->setPlaceholderText(TraceText::tr("Also communication (regex)"));
    m_commEdit->setToolTip(TraceText::tr(
        "A regular expression naming kernels that communicate, beside the built-in rules "
        "(NCCL, RCCL, MSCCL, NVSHMEM, DeepEP, symmetric memory, userbuffers, ...). Kept between "
        "runs; Enter applies it."));
    m_commEdit->setClearButtonEnabled(true);
    m_commEdit->setMinimumWidth(m_commEdit->fontMetrics().horizontalAdvance(m_commEdit->placeholderText()) +
                                40);
    connect(m_commEdit, &QLineEdit::editingFinished, this, [this] {
        m_commEdit->setStyleSheet(QString());
        emit commPatternEdited(m_commEdit->text().trimmed());
    });

    layout->addWidget(m_filterEdit, 1);
    layout->addWidget(m_classFilter);
    layout->addWidget(m_commEdit);
    layout->addWidget(m_cacheFilter);
    layout->addWidget(m_showEntries);
    return row;
}

void TracePage::setCommPattern(const QString& pattern)
{
    const QSignalBlocker block(m_commEdit);
    m_commEdit->setText(pattern);
    m_commEdit->setStyleSheet(QString());
}

void TracePage::showCommPatternError(const QString& text)
{
    m_commEdit->setStyleSheet(theme::errorField(palette()));
    m_notes->setText(text);
    m_notes->show();
}

void TracePage::setTraceData(std::shared_ptr<const TraceData> traces)
{
    const bool sameTraces = m_data && traces && m_data->report == traces->report;
    const int keep = selectedKernel();
    m_data = std::move(traces);
    m_model->setTraceData(m_data);
    if (!sameTraces) {
        m_timeline->setData(m_data ? m_data->timeline : nullptr);
        const bool overlap =
            m_data && m_data->timeline &&
            std::any_of(m_data->timeline->lanes.begin(), m_data->timeline->lanes.end(),
                        [](const TimelineLane& l) { return l.kind == LaneKind::CommOverlap; });
        for (QWidget* w : m_overlapLegend)
            w->setVisible(overlap);
        fitColumns();
    }
    const int findingsBefore = m_findings->rowCount();
    m_findings->setTraceData(m_data);
    const int findings = m_data ? int(m_data->join.findings.size()) : 0;
    m_findingsTitle->setText(TraceText::tr("Findings (%1)").arg(findings));
    m_findingsBox->setVisible(findings > 0);
    m_stack->setCurrentIndex(m_data ? 1 : 0);
    updateSummary();
    if (!sameTraces || (!m_userSized && findingsBefore != findings))
        divideSpace();
    // The first row or the kept one is current, quietly: only the user's choice selects entries
    // on the Entries page (the demo's start and --entry keep theirs, a rescan keeps the user's).
    m_quiet = true;
    if (sameTraces && keep >= 0)
        onCurrentChanged(); // the same kernel, its entries joined again
    else if (m_data && m_proxy->rowCount() > 0)
        m_view->setCurrentIndex(m_proxy->index(0, 0));
    m_quiet = false;
}

void TracePage::showError(const QString& text)
{
    m_data.reset();
    m_model->setTraceData(nullptr);
    m_timeline->setData(nullptr);
    m_findings->setTraceData(nullptr);
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(0);
}

void TracePage::updateSummary()
{
    if (!m_data || !m_data->report) {
        m_summary->clear();
        m_notes->hide();
        return;
    }
    const trace::TraceReport& r = *m_data->report;
    const QLocale locale;
    QStringList names;
    for (const QString& p : m_data->paths)
        names << QFileInfo(p).fileName();
    std::uint64_t gpuEvents = 0;
    for (const trace::TraceFileSummary& f : r.files)
        gpuEvents += f.gpuEvents;
    // "GPU time" sums the lanes: it can exceed the span, so the sentence says what it is.
    std::size_t streamLanes = 0;
    if (m_data->timeline)
        for (const TimelineLane& l : m_data->timeline->lanes)
            streamLanes += l.kind == LaneKind::Stream;
    QString text =
        TraceText::tr("%1 — %2 GPU activities, %3 kernels, %4 of GPU time (durations summed over %5 lanes)")
            .arg(names.join(QLatin1String(", ")), locale.toString(qulonglong(gpuEvents)),
                 locale.toString(qulonglong(r.kernels.size())), TraceText::duration(r.gpuTotalNs),
                 locale.toString(qulonglong(streamLanes)));
    std::int64_t comm = 0, hidden = 0;
    for (const trace::DeviceStats& d : r.devices) {
        comm += d.communicationNs;
        hidden += d.overlapNs;
    }
    if (comm > 0)
        text += QStringLiteral(" — ") +
                TraceText::tr("communication busy %1, %2 of it hidden under compute")
                    .arg(TraceText::duration(comm), TraceText::share(double(hidden) / double(comm)));
    if (!m_data->joined)
        text += QStringLiteral(" — ") + TraceText::tr("no cache open to match with");
    else if (r.gpuTotalNs > 0)
        text += QStringLiteral(" — ") +
                TraceText::tr("%1 of the GPU time ran from cache entries that fit")
                    .arg(TraceText::share(double(m_data->join.matchedNs) / double(r.gpuTotalNs)));
    m_summary->setText(text);
    QStringList notes = m_data->notes;
    if (!r.unnamedOnCommStreams.empty()) {
        QStringList kernels;
        for (std::size_t i : r.unnamedOnCommStreams)
            kernels << qs(r.kernels[i].shortName);
        notes << TraceText::tr("%n kernel(s) no rule names ran on streams that are mostly communication: %1. "
                               "If they communicate, name them in \"Also communication\".",
                               nullptr, int(kernels.size()))
                     .arg(kernels.join(QLatin1String(", ")));
    }
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

// Widths from the header and the first rows' text: the view's own resizeColumnsToContents()
// lays out every cell through the style.
void TracePage::fitColumns()
{
    QHeaderView* header = m_view->horizontalHeader();
    const QFontMetrics cell(m_view->font());
    const QFontMetrics head(header->font());
    const int rows = std::min(m_proxy->rowCount(), 50);
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_view) + 6;
    for (int c = 0; c < KernelTableModel::NUM_COLUMNS; ++c) {
        int w = head.horizontalAdvance(m_proxy->headerData(c, Qt::Horizontal).toString()) + 28;
        for (int r = 0; r < rows; ++r)
            w = std::max(w, cell.horizontalAdvance(m_proxy->index(r, c).data().toString()) + 16 +
                                (c == KernelTableModel::KernelColumn ? icon : 0));
        header->resizeSection(c, std::min(w, c == KernelTableModel::KernelColumn ? 320 : 160));
    }
}

// The timeline as tall as its lanes (up to half the page), the findings as tall as their rows
// (up to a third), the table the rest: two lanes need no half page.
void TracePage::divideSpace()
{
    const int total = m_splitter->height() > 100 ? m_splitter->height() : 700;
    const int timeline =
        std::clamp(m_legend->sizeHint().height() + 2 + m_timeline->contentHeight(), 100, total / 2);
    int findings = 0;
    if (m_findingsBox->isVisibleTo(this)) {
        // Every finding whole, up to a third of the page (then the table scrolls).
        const int width = m_splitter->width() > 100 ? m_splitter->width() : 900;
        findings = std::clamp(m_findingsTitle->sizeHint().height() + 6 + m_findings->wholeHeight(width), 80,
                              total / 3);
    }
    m_splitter->setSizes({timeline, std::max(100, total - timeline - findings), findings});
}

void TracePage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Only until the user moves a handle: then the layout is theirs.
    if (!m_userSized)
        divideSpace();
}

int TracePage::selectedKernel() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return -1;
    return current.data(KernelTableModel::KernelIndexRole).toInt();
}

void TracePage::selectKernel(int kernel)
{
    QModelIndex source = m_model->indexOfKernel(std::size_t(kernel));
    if (!source.isValid())
        return;
    QModelIndex row = m_proxy->mapFromSource(source);
    if (!row.isValid()) {
        // Hidden by the filter: the user asked for this kernel, so the filter goes.
        m_filterEdit->clear();
        m_classFilter->setCurrentIndex(0);
        m_cacheFilter->setCurrentIndex(0);
        row = m_proxy->mapFromSource(source);
    }
    m_view->setCurrentIndex(row);
    m_view->scrollTo(row);
}

void TracePage::onCurrentChanged()
{
    const int k = selectedKernel();
    m_timeline->setHighlightedKernel(k);
    const QStringList paths =
        k >= 0 && m_data ? toQStrings(m_data->entryPaths(std::size_t(k))) : QStringList();
    m_showEntries->setEnabled(!paths.isEmpty());
    if (!m_quiet)
        emit kernelSelected(k, paths);
}

} // namespace kl::gui
