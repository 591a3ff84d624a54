#include "dashboardpage.h"

#include "chartexport.h"
#include "dashboardcharts.h"
#include "dashboardmodels.h"
#include "eventsource.h"
#include "rangechartview.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace kl::gui {

DashboardPage::DashboardPage(QWidget* parent)
    : QWidget(parent)
    , m_source(new EventSource(this))
    , m_timeline(new TimelineModel(this))
    , m_stages(new StageBreakdownModel(this))
    , m_histogram(new CompileHistogramModel(this))
    , m_slowest(new SlowestKernelsModel(this))
    , m_origins(new OriginModel(this))
    , m_byKernel(new SizeShareModel(SizeKey::Kernel, this))
    , m_byArch(new SizeShareModel(SizeKey::Arch, this))
{
    m_diskTimeline = new DiskTimelineModel(this);

    auto* top = new QHBoxLayout;
    m_statusLabel = new QLabel;
    m_rangeLabel = new QLabel(tr("Drag across the hit-rate chart to select a time range."));
    m_clearRange = new QPushButton(tr("Clear Range"));
    m_clearRange->setEnabled(false);
    // Wrapped, so that long sentences (German) never widen the page and squeeze the folders pane.
    m_statusLabel->setWordWrap(true);
    m_rangeLabel->setWordWrap(true);
    m_rangeLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    top->addWidget(m_statusLabel, 1);
    top->addWidget(m_rangeLabel, 1);
    top->addWidget(m_clearRange);

    // Two cards a row; the two charts labelled by kernel names take a whole row, since a half-width
    // chart leaves their labels too little room.
    auto* grid = new QGridLayout;
    grid->addWidget(makeCard(Panel::HitRate), 0, 0);
    grid->addWidget(makeCard(Panel::CacheSize), 0, 1);
    grid->addWidget(makeCard(Panel::StageTimes), 1, 0, 1, 2);
    grid->addWidget(makeCard(Panel::Distribution), 2, 0);
    grid->addWidget(makeCard(Panel::Slowest), 2, 1);
    grid->addWidget(makeCard(Panel::SizeByKernel), 3, 0, 1, 2);
    grid->addWidget(makeCard(Panel::Origins), 4, 0);
    grid->addWidget(makeCard(Panel::SizeByArch), 4, 1);
    auto* content = new QWidget;
    content->setLayout(grid);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(scroll);

    connect(m_hitRateView, &RangeChartView::rangeSelected, this,
            [this](const QDateTime& from, const QDateTime& to) {
                showRange();
                emit timeRangeSelected(from, to);
            });
    connect(m_clearRange, &QPushButton::clicked, this, &DashboardPage::clearTimeRange);
    connect(m_source, &EventSource::eventsChanged, this, &DashboardPage::schedule);
    connect(m_source, &EventSource::problemsChanged, this, &DashboardPage::updateStatus);
    updateStatus();
}

DashboardPage::~DashboardPage() = default;

QChart* DashboardPage::newChart(Panel panel)
{
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    auto refill = [this, chart, panel] {
        switch (panel) {
        case Panel::HitRate:
            fillHitRateChart(chart, *m_timeline);
            m_hitRateView->updateBand();
            break;
        case Panel::CacheSize: fillCacheSizeChart(chart, *m_timeline, m_diskTimeline); break;
        case Panel::StageTimes: fillStageChart(chart, *m_stages); break;
        case Panel::Distribution: fillHistogramChart(chart, *m_histogram); break;
        case Panel::Origins: fillOriginChart(chart, *m_origins); break;
        case Panel::SizeByKernel: fillSizeByKernelChart(chart, *m_byKernel); break;
        case Panel::SizeByArch: fillSizeByArchChart(chart, *m_byArch); break;
        case Panel::Slowest: break;
        }
    };
    connect(panelModel(panel), &QAbstractItemModel::modelReset, chart, refill);
    if (panel == Panel::CacheSize) // both series: the events' and the entries'
        connect(m_diskTimeline, &QAbstractItemModel::modelReset, chart, refill);
    return chart;
}

QWidget* DashboardPage::makeCard(Panel panel)
{
    PanelInfo& p = m_panels[static_cast<int>(panel)];
    p.model = panelModel(panel);
    switch (panel) {
    case Panel::HitRate: p.title = tr("Cache hit rate over time"); break;
    case Panel::CacheSize: p.title = tr("Cache size over time (bytes compiled)"); break;
    case Panel::StageTimes: p.title = tr("Compile time per stage (slowest kernels)"); break;
    case Panel::Distribution: p.title = tr("Compile time distribution"); break;
    case Panel::Slowest: p.title = tr("Slowest kernels"); break;
    case Panel::Origins: p.title = tr("Events by origin"); break;
    case Panel::SizeByKernel: p.title = tr("Bytes compiled by kernel"); break;
    case Panel::SizeByArch: p.title = tr("Bytes compiled by arch"); break;
    }
    if (panel == Panel::Slowest) {
        auto* table = new QTableView;
        table->setModel(p.model);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->horizontalHeader()->setStretchLastSection(true);
        table->verticalHeader()->hide();
        p.view = table;
    } else if (panel == Panel::HitRate) {
        m_hitRateView = new RangeChartView(newChart(panel));
        p.view = m_hitRateView;
    } else {
        auto* view = new QChartView(newChart(panel));
        view->setRenderHint(QPainter::Antialiasing);
        p.view = view;
    }
    p.view->setMinimumSize(420, 280);

    auto* box = new QGroupBox(p.title);
    p.box = box;
    auto* layout = new QVBoxLayout(box);
    auto* exportButton = new QToolButton;
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    menu->addAction(tr("Image (PNG)…"), this,
                    [this, panel] { exportInteractively(panel, QStringLiteral("png")); });
    menu->addAction(tr("Vector Image (SVG)…"), this,
                    [this, panel] { exportInteractively(panel, QStringLiteral("svg")); });
    menu->addAction(tr("Data (CSV)…"), this,
                    [this, panel] { exportInteractively(panel, QStringLiteral("csv")); });
    exportButton->setMenu(menu);
    auto* bar = new QHBoxLayout;
    bar->addStretch();
    bar->addWidget(exportButton);
    layout->addLayout(bar);
    layout->addWidget(p.view, 1);
    return box;
}

QWidget* DashboardPage::panelView(Panel panel) const
{
    return info(panel).view;
}

QAbstractItemModel* DashboardPage::panelModel(Panel panel) const
{
    switch (panel) {
    case Panel::HitRate:
    case Panel::CacheSize:
        return m_diskTimeline->rowCount() > 0 ? static_cast<QAbstractItemModel*>(m_diskTimeline) : m_timeline;
    case Panel::StageTimes: return m_stages;
    case Panel::Distribution: return m_histogram;
    case Panel::Slowest: return m_slowest;
    case Panel::Origins: return m_origins;
    case Panel::SizeByKernel: return m_byKernel;
    case Panel::SizeByArch: return m_byArch;
    }
    return nullptr;
}

void DashboardPage::setEventLogPaths(const QStringList& paths)
{
    m_figuresJob.discard();    // figures of the old logs
    m_source->setPaths(paths); // emits eventsChanged: the charts empty, then fill as lines are read
}

QStringList DashboardPage::eventLogPaths() const
{
    return m_source->paths();
}

void DashboardPage::setEvents(std::vector<CompileEvent> events)
{
    m_figuresJob.discard();
    const QSignalBlocker block(m_source); // computed here and now, not on the pool
    m_source->setEvents(std::move(events));
    m_dirty = false;
    apply(computeDashboard(m_source->events()));
    updateStatus();
}

int DashboardPage::corruptLines() const
{
    return m_source->corruptLines();
}

int DashboardPage::partialLines() const
{
    return m_source->partialLines();
}

void DashboardPage::schedule()
{
    if (m_figuresJob.isRunning()) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    // A copy: the source keeps appending while the pool computes.
    m_figuresJob.start([events = m_source->events()](const JobToken&) { return computeDashboard(events); },
                       [this](const DashboardData& figures) {
                           apply(figures);
                           if (m_dirty)
                               schedule();
                       });
}

void DashboardPage::apply(const DashboardData& figures)
{
    m_shownEvents = static_cast<int>(figures.events);
    m_timeline->setTimeline(figures.timeline);
    m_stages->setBreakdown(figures.stages);
    m_histogram->setBins(figures.histogram);
    m_slowest->setKernels(figures.stats.slowest);
    m_origins->setOrigins(figures.stats.byOrigin);
    m_events = figures;
    // With a cache open, the size panels show what is on disk; without one, what was compiled.
    m_byKernel->setShares(m_disk.byKernel.empty() ? figures.byKernel : m_disk.byKernel);
    m_byArch->setShares(m_disk.byArch.empty() ? figures.byArch : m_disk.byArch);
    updateStatus();
    emit refreshed();
}

void DashboardPage::setCacheSnapshot(std::shared_ptr<const Snapshot> snapshot)
{
    if (!snapshot) {
        m_diskJob.discard();
        applyDisk({});
        return;
    }
    m_diskJob.start([snapshot](const JobToken&) { return computeDiskFigures(*snapshot); },
                    [this](DiskFigures figures) { applyDisk(std::move(figures)); });
}

void DashboardPage::applyDisk(DiskFigures figures)
{
    m_disk = std::move(figures);
    m_byKernel->setShares(m_disk.byKernel.empty() ? m_events.byKernel : m_disk.byKernel);
    m_byArch->setShares(m_disk.byArch.empty() ? m_events.byArch : m_disk.byArch);
    m_diskTimeline->setPoints(m_disk.timeline);
    updateTitles();
    emit refreshed();
}

void DashboardPage::updateTitles()
{
    const bool disk = !m_disk.byKernel.empty();
    auto set = [this](Panel panel, const QString& title) {
        PanelInfo& p = m_panels[static_cast<int>(panel)];
        p.title = title;
        if (p.box)
            p.box->setTitle(title);
    };
    set(Panel::CacheSize, disk ? tr("Cache size over time (on disk, and compiled)")
                               : tr("Cache size over time (bytes compiled)"));
    set(Panel::SizeByKernel, disk ? tr("Cache on disk by kernel") : tr("Bytes compiled by kernel"));
    set(Panel::SizeByArch, disk ? tr("Cache on disk by arch") : tr("Bytes compiled by arch"));
}

void DashboardPage::updateStatus()
{
    const QLocale l;
    QStringList parts;
    parts << tr("%1 events").arg(l.toString(m_shownEvents));
    if (const int n = m_source->corruptLines())
        parts << tr("%1 corrupt lines skipped").arg(l.toString(n));
    if (const int n = m_source->partialLines())
        parts << tr("%1 partial lines skipped").arg(l.toString(n));
    for (const QString& path : m_source->missing())
        parts << tr("no events log at %1 yet").arg(path);
    parts << m_source->errors();
    const QString status = parts.join(QStringLiteral(" · "));
    m_statusLabel->setText(status);
    m_statusLabel->setToolTip(m_source->issues().join(QLatin1Char('\n')));
    if (status != m_status) {
        m_status = status;
        emit statusChanged(status);
    }
}

void DashboardPage::selectTimeRange(const QDateTime& from, const QDateTime& to)
{
    m_hitRateView->setSelection(from, to);
    if (!m_hitRateView->hasSelection())
        return;
    showRange();
    emit timeRangeSelected(m_hitRateView->selectionFrom(), m_hitRateView->selectionTo());
}

void DashboardPage::clearTimeRange()
{
    const bool had = m_hitRateView->hasSelection();
    m_hitRateView->clearSelection();
    showRange();
    if (had)
        emit timeRangeCleared();
}

bool DashboardPage::hasTimeRange() const
{
    return m_hitRateView->hasSelection();
}

void DashboardPage::showRange()
{
    const bool on = m_hitRateView->hasSelection();
    m_clearRange->setEnabled(on);
    if (!on) {
        m_rangeLabel->setText(tr("Drag across the hit-rate chart to select a time range."));
        return;
    }
    const QLocale l;
    m_rangeLabel->setText(
        tr("Selected: %1 – %2")
            .arg(l.toString(m_hitRateView->selectionFrom().toLocalTime(), QLocale::ShortFormat),
                 l.toString(m_hitRateView->selectionTo().toLocalTime(), QLocale::ShortFormat)));
}

bool DashboardPage::exportPng(Panel panel, const QString& path, QString* error) const
{
    return savePng(info(panel).view, path, error);
}

bool DashboardPage::exportSvg(Panel panel, const QString& path, QString* error) const
{
    return saveSvg(info(panel).view, path, info(panel).title, error);
}

bool DashboardPage::exportCsv(Panel panel, const QString& path, QString* error) const
{
    return saveCsv(*panelModel(panel), path, error); // the cache size panel: on disk once known
}

void DashboardPage::exportInteractively(Panel panel, const QString& format)
{
    const QString filter = format == QLatin1String("png")   ? tr("PNG images (*.png)")
                           : format == QLatin1String("svg") ? tr("SVG images (*.svg)")
                                                            : tr("CSV files (*.csv)");
    QString name = info(panel).title.toLower();
    name.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(info(panel).title),
                                                      name + QLatin1Char('.') + format, filter);
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = format == QLatin1String("png")   ? exportPng(panel, path, &error)
                    : format == QLatin1String("svg") ? exportSvg(panel, path, &error)
                                                     : exportCsv(panel, path, &error);
    if (!ok)
        QMessageBox::warning(this, tr("Export"), tr("The export failed: %1").arg(error));
}

} // namespace kl::gui
