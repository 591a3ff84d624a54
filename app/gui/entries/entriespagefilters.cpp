#include "app/gui/stages/stagetabs.h"
#include "core/report/entrylabels.h"
#include "entriespage.h"
#include "entryfilterproxy.h"
#include "entrytext.h"
#include "windowtext.h"

#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>
#include <functional>

// The Entries page's filters: the filter box, the facet combos and the dashboard's time range.
namespace kl::gui {
namespace {

constexpr int FilterDelayMs = 300;

} // namespace

// The filter box and one combo per facet; each combo hands its value ("" for any) to the proxy.
QWidget* EntriesPage::makeFilterRow()
{
    auto* row = new QWidget(this);
    auto* filterRow = new QHBoxLayout(row);
    filterRow->setContentsMargins(0, 0, 0, 0);
    filterRow->setSpacing(4);
    m_filterEdit = new QLineEdit(row);
    m_filterEdit->setObjectName(QStringLiteral("filterEdit"));
    m_filterEdit->setPlaceholderText(WindowText::tr("Filter by kernel or folder name (Ctrl+F)"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(FilterDelayMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] {
        m_proxy->setFilterText(m_filterEdit->text());
        updateSummary();
    });
    filterRow->addWidget(m_filterEdit, 1);
    auto facet = [this, row, filterRow](const char* name, const QString& tip,
                                        std::function<void(const QString&)> apply) {
        auto* box = new QComboBox(row);
        box->setObjectName(QLatin1String(name));
        box->setToolTip(tip);
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        connect(box, &QComboBox::currentIndexChanged, this, [this, box, apply = std::move(apply)] {
            apply(box->currentData().toString());
            updateSummary();
        });
        filterRow->addWidget(box);
        return box;
    };
    m_stageFilter = facet("stageFilter", WindowText::tr("Only entries that have this stage"),
                          [this](const QString& v) { m_proxy->setStageFilter(v); });
    m_archFilter = facet("archFilter", WindowText::tr("Only entries for this target"),
                         [this](const QString& v) { m_proxy->setArchFilter(v); });
    m_statusFilter = facet("statusFilter", WindowText::tr("Only entries in this state"),
                           [this](const QString& v) { m_proxy->setStatusFilter(v); });
    m_kindFilter = facet("kindFilter", WindowText::tr("Only entries of this kind"),
                         [this](const QString& v) { m_proxy->setKindFilter(v); });
    return row;
}

void EntriesPage::find()
{
    QWidget* focus = QApplication::focusWidget();
    if (focus && m_stageTabs->isAncestorOf(focus) && m_stageTabs->showFind())
        return;
    m_filterEdit->setFocus();
    m_filterEdit->selectAll();
}

void EntriesPage::setTimeRange(const QDateTime& from, const QDateTime& to)
{
    m_proxy->setTimeRange(from.toMSecsSinceEpoch() * 1'000'000, to.toMSecsSinceEpoch() * 1'000'000 + 999'999);
    m_rangeLabel->setText(WindowText::tr("Written %1 – %2")
                              .arg(QLocale().toString(from.toLocalTime(), QLocale::ShortFormat),
                                   QLocale().toString(to.toLocalTime(), QLocale::ShortFormat)));
    m_rangeBar->show();
    updateSummary();
}

void EntriesPage::clearTimeRange()
{
    m_proxy->clearTimeRange();
    m_rangeBar->hide();
    updateSummary();
}

void EntriesPage::setFilesystemBanner(const QString& text)
{
    m_fsBanner->setText(text);
    m_fsBanner->setVisible(!text.isEmpty());
}

// The filter combos offer what this snapshot holds; a choice that still exists is kept. The
// values are gathered off the UI thread: a 100,000-entry snapshot takes over 100 ms.
void EntriesPage::fillFacets(const std::shared_ptr<const Snapshot>& snapshot)
{
    m_facetsJob.start([snapshot](const JobToken&) { return gatherFacets(*snapshot); },
                      [this](const Facets& f) { showFacets(f); });
}

EntriesPage::Facets EntriesPage::gatherFacets(const Snapshot& snapshot)
{
    Facets f;
    std::set<std::string_view> stages;
    std::set<std::string> archs;
    for (const Entry& e : snapshot.entries) {
        for (const Stage& st : e.stages)
            if (st.known)
                stages.insert(st.ext());
        if (!e.target.empty())
            archs.insert(archLabel(e.target));
        f.statuses.insert(e.status);
        f.kinds.insert(e.kind);
    }
    for (std::string_view s : stages)
        f.stages.insert(QString::fromUtf8(s.data(), qsizetype(s.size())));
    for (const std::string& a : archs)
        f.archs.insert(QString::fromStdString(a));
    return f;
}

void EntriesPage::showFacets(const Facets& f)
{
    // Items show a label and hold the value the proxy matches (core's name for kinds and states).
    using Items = std::vector<std::pair<QString, QString>>;
    auto fill = [](QComboBox* box, const QString& any, const Items& items) {
        const QString keep = box->currentData().toString();
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(any, QString());
        for (const auto& [label, value] : items)
            box->addItem(label, value);
        const int again = box->findData(keep);
        box->setCurrentIndex(again < 0 ? 0 : again);
        return again < 0 && !keep.isEmpty();
    };
    // A choice that vanished falls back to "any": tell the proxy.
    auto same = [](const std::set<QString>& values) {
        Items items;
        for (const QString& v : values)
            items.emplace_back(v, v);
        return items;
    };
    Items statuses, kinds;
    for (EntryStatus s : f.statuses)
        statuses.emplace_back(EntryText::statusLabel(s), QString::fromUtf8(toString(s).data()));
    for (EntryKind k : f.kinds)
        kinds.emplace_back(EntryText::kindLabel(k), QString::fromUtf8(toString(k).data()));
    if (fill(m_stageFilter, WindowText::tr("Any stage"), same(f.stages)))
        m_proxy->setStageFilter({});
    if (fill(m_archFilter, WindowText::tr("Any arch"), same(f.archs)))
        m_proxy->setArchFilter({});
    if (fill(m_statusFilter, WindowText::tr("Any status"), statuses))
        m_proxy->setStatusFilter({});
    if (fill(m_kindFilter, WindowText::tr("Any kind"), kinds))
        m_proxy->setKindFilter({});
}

} // namespace kl::gui
