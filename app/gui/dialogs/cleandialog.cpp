#include "cleandialog.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"
#include "app/gui/common/tablerows.h"
#include "app/gui/entries/entrytext.h"
#include "core/util/units.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {
namespace {

enum Column { PathColumn, KernelColumn, KindColumn, SizeColumn, WrittenColumn, WhyColumn, ResultColumn };

} // namespace

CleanDialog::CleanDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                         QWidget* parent)
    : JobDialog(
          tr("Clean Cache"),
          {tr("Path"), tr("Kernel"), tr("Kind"), tr("Size"), tr("Last written"), tr("Why"), tr("Result")},
          QStringLiteral("plan"), parent)
    , m_snapshot(std::move(snapshot))
    , m_makeContext(std::move(context))
{
    m_confirm = [this](const QString& question) {
        return QMessageBox::question(this, tr("Clean Cache"), question) == QMessageBox::Yes;
    };

    auto lineEdit = [this](const char* name, const QString& text, const QString& tip) {
        auto* e = new QLineEdit(text, this);
        e->setObjectName(QLatin1String(name));
        e->setToolTip(tip);
        e->setMaximumWidth(120);
        connect(e, &QLineEdit::textEdited, this, &CleanDialog::policyEdited);
        return e;
    };
    auto checkBox = [this](const char* name, const QString& text, bool on) {
        auto* b = new QCheckBox(text, this);
        b->setObjectName(QLatin1String(name));
        b->setChecked(on);
        connect(b, &QCheckBox::toggled, this, &CleanDialog::policyEdited);
        return b;
    };
    m_maxSizeBox = checkBox("maxSizeBox", tr("Keep the cache under"), false);
    m_maxSize = lineEdit("maxSize", QStringLiteral("10G"),
                         tr("Bytes, or with K, M, G, T (powers of 1024): the least recently written "
                            "entries go first"));
    m_olderBox = checkBox("olderBox", tr("Entries not written for"), false);
    m_older = lineEdit("olderThan", QStringLiteral("30d"), tr("A duration such as 7d, 12h, 1h30m or 2w"));
    m_keepBox = checkBox("keepBox", tr("Per kernel, keep only the newest"), false);
    m_keep = new QSpinBox(this);
    m_keep->setObjectName(QStringLiteral("keepLatest"));
    m_keep->setRange(1, 1000);
    m_keep->setValue(3);
    connect(m_keep, &QSpinBox::valueChanged, this, &CleanDialog::policyEdited);
    m_stale = checkBox("staleBox", tr("Stale entries: written by another Triton or for another GPU"), false);
    m_orphans = checkBox("orphansBox", tr("Leftover temp folders whose writer is gone"), true);
    m_incomplete = checkBox("incompleteBox", tr("Incomplete or corrupt entries Triton cannot use"), true);
    m_grace = lineEdit("grace", QStringLiteral("10m"),
                       tr("Never touch what was written more recently than this: another process may "
                          "still be writing it"));

    auto* form = new QFormLayout;
    auto row = [form, this](QCheckBox* box, QWidget* field) {
        auto* h = new QHBoxLayout;
        h->addWidget(box);
        h->addWidget(field);
        h->addStretch(1);
        form->addRow(h);
        field->setEnabled(box->isChecked());
        connect(box, &QCheckBox::toggled, field, &QWidget::setEnabled);
    };
    row(m_maxSizeBox, m_maxSize);
    row(m_olderBox, m_older);
    row(m_keepBox, m_keep);
    form->addRow(m_stale);
    form->addRow(m_orphans);
    form->addRow(m_incomplete);
    form->addRow(tr("Grace period:"), m_grace);

    m_summary->setObjectName(QStringLiteral("cleanSummary"));
    m_previewButton = new QPushButton(tr("&Preview"), this);
    m_previewButton->setObjectName(QStringLiteral("previewButton"));
    m_previewButton->setToolTip(tr("Dry run: list what would be removed, remove nothing"));
    m_cleanButton = new QPushButton(tr("&Remove…"), this);
    m_cleanButton->setObjectName(QStringLiteral("cleanButton"));
    m_cleanButton->setEnabled(false);
    auto* close = new QPushButton(tr("Close"), this);
    connect(m_previewButton, &QPushButton::clicked, this, &CleanDialog::preview);
    connect(m_cleanButton, &QPushButton::clicked, this, &CleanDialog::clean);
    connect(close, &QPushButton::clicked, this, &QDialog::close);

    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);

    setForm(form);
    addButton(m_previewButton);
    addButton(m_cleanButton);
    addButton(close, AfterCancel);
    resize(1100, 640);

    m_summary->setText(tr("%1 entries, %2. Choose what may go, then Preview: nothing is removed until you "
                          "confirm.")
                           .arg(m_snapshot ? m_snapshot->entries.size() : 0)
                           .arg(EntryText::size(m_snapshot ? m_snapshot->summary().totalSize : 0)));
}

CleanDialog::~CleanDialog() = default;

std::optional<CleanPolicy> CleanDialog::policy(QString* error) const
{
    CleanPolicy p;
    Text why;
    if (m_maxSizeBox->isChecked()) {
        p.maxSize = parseSize(m_maxSize->text().trimmed().toStdString(), why);
        if (!p.maxSize) {
            *error = tr("Size limit: %1").arg(coreText(why));
            return std::nullopt;
        }
    }
    if (m_olderBox->isChecked()) {
        p.olderThanNs = parseDuration(m_older->text().trimmed().toStdString(), why);
        if (!p.olderThanNs) {
            *error = tr("Age: %1").arg(coreText(why));
            return std::nullopt;
        }
    }
    if (m_keepBox->isChecked())
        p.keepLatest = std::size_t(m_keep->value());
    p.stale = m_stale->isChecked();
    p.orphans = m_orphans->isChecked();
    p.incomplete = m_incomplete->isChecked();
    const auto grace = parseDuration(m_grace->text().trimmed().toStdString(), why);
    if (!grace) {
        *error = tr("Grace period: %1").arg(coreText(why));
        return std::nullopt;
    }
    p.graceNs = *grace;
    if (!p.selectsAnything()) {
        *error = tr("Choose at least one kind of entry to remove.");
        return std::nullopt;
    }
    return p;
}

void CleanDialog::policyEdited()
{
    m_editedWhilePlanning = m_planJob.isRunning();
    if (m_planned) {
        m_planned.reset();
        m_cleanButton->setEnabled(false);
        m_summary->setText(tr("The policies changed: press Preview to see what they would remove."));
    }
}

void CleanDialog::setBusy(bool busy, const QString& what)
{
    m_busy = busy;
    m_previewButton->setEnabled(!busy);
    m_cancelButton->setEnabled(busy);
    if (busy) {
        m_cleanButton->setEnabled(false);
        m_progress->setRange(0, 0);
        m_summary->setText(what);
    } else {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
    }
}

void CleanDialog::preview()
{
    if (m_busy || !m_snapshot)
        return;
    QString error;
    const auto p = policy(&error);
    if (!p) {
        m_summary->setText(error);
        return;
    }
    m_editedWhilePlanning = false;
    setBusy(true, tr("Planning…"));
    m_planJob.start(
        [snapshot = m_snapshot, make = m_makeContext, policy = *p](const JobToken&) {
            auto context = std::make_shared<const DoctorContext>(make());
            return std::make_shared<const Planned>(
                Planned{makeCleanPlan(*snapshot, policy, *context), context, policy.graceNs});
        },
        [this](std::shared_ptr<const Planned> planned) {
            setBusy(false, {});
            if (m_editedWhilePlanning) {
                m_summary->setText(tr("The policies changed while planning: press Preview again."));
                return;
            }
            m_planned = std::move(planned);
            showPlan();
            emit previewReady();
        });
}

void CleanDialog::showPlan()
{
    const CleanPlan& plan = m_planned->plan;
    m_table->setSortingEnabled(false);
    m_table->setRowCount(int(plan.removals.size()));
    for (std::size_t i = 0; i < plan.removals.size(); ++i) {
        const PlannedRemoval& r = plan.removals[i];
        QStringList why;
        for (const Text& reason : r.reasons)
            why << coreText(reason);
        const QString scope = r.scope == RemovalScope::TempsInside ? tr("temp files inside") : QString();
        const QStringList cells = {qs(r.path),
                                   qs(r.kernel),
                                   EntryText::kindLabel(r.kind),
                                   EntryText::size(r.size),
                                   EntryText::time(r.mtimeNs),
                                   (scope.isEmpty() ? QString() : scope + QLatin1String(": ")) +
                                       why.join(QLatin1String("; ")),
                                   tr("would go")};
        setRowCells(m_table, int(i), cells);
    }
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(PathColumn, std::min(m_table->columnWidth(PathColumn), 380));
    m_table->setColumnWidth(WhyColumn, std::min(m_table->columnWidth(WhyColumn), 360));
    QString text = tr("Dry run: %n entries would go, freeing %1 of %2.", nullptr, int(plan.removals.size()))
                       .arg(EntryText::size(plan.bytesPlanned), EntryText::size(plan.totalBefore));
    if (!plan.skipped.empty())
        text += QLatin1Char(' ') + tr("%n chosen entries are younger than the grace period and stay.",
                                      nullptr, int(plan.skipped.size()));
    if (!plan.note.empty())
        text += QLatin1Char(' ') + coreText(plan.note);
    m_summary->setText(text);
    m_cleanButton->setEnabled(!plan.removals.empty());
    m_cleanButton->setText(plan.removals.empty()
                               ? tr("&Remove…")
                               : tr("&Remove %n Entries…", nullptr, int(plan.removals.size())));
}

void CleanDialog::clean()
{
    if (m_busy || !m_planned || m_planned->plan.removals.empty())
        return;
    const CleanPlan& plan = m_planned->plan;
    const QString question =
        tr("Remove %n entries (%1) from %2?\n\nEntries written to since the preview, and those a running "
           "process is writing, are skipped.",
           nullptr, int(plan.removals.size()))
            .arg(EntryText::size(plan.bytesPlanned), plan.roots.size() == 1
                                                         ? qs(plan.roots.front().path)
                                                         : tr("%1 folders").arg(plan.roots.size()));
    if (!m_confirm(question))
        return;
    setBusy(true, tr("Removing…"));
    m_progress->setRange(0, int(plan.removals.size()));
    m_progress->setValue(0);
    m_cleanJob.start(
        [this, planned = m_planned](const JobToken& token) {
            CleanOptions options;
            options.graceNs = planned->graceNs; // re-checked on each entry just before it goes
            options.cancel = token.cancelFlag();
            options.progress = [this, &token](std::size_t done, std::size_t total) {
                token.post([this, done, total] {
                    m_progress->setRange(0, int(total));
                    m_progress->setValue(int(done));
                });
            };
            return executeCleanPlan(planned->plan, *planned->context, options);
        },
        [this](const CleanResult& result) {
            setBusy(false, {});
            showResult(result);
            m_planned.reset(); // acted on: a new preview is needed before removing again
            m_cleanButton->setEnabled(false);
            emit cleaned(result.bytesFreed);
        });
}

void CleanDialog::cancel()
{
    m_planJob.cancel();
    m_cleanJob.cancel();
}

namespace {

// The result column in the GUI's language; the CLI and the JSON keep core's toString() keys.
QString resultLabel(RemovalResult result)
{
    switch (result) {
    case RemovalResult::Removed: return CleanDialog::tr("removed", "clean result");
    case RemovalResult::Vanished: return CleanDialog::tr("already gone", "clean result");
    case RemovalResult::SkippedYoung: return CleanDialog::tr("skipped: written recently", "clean result");
    case RemovalResult::SkippedLiveWriter: return CleanDialog::tr("skipped: writer running", "clean result");
    case RemovalResult::SkippedUnsafe: return CleanDialog::tr("skipped: unsafe", "clean result");
    case RemovalResult::Interrupted: return CleanDialog::tr("interrupted", "clean result");
    case RemovalResult::Failed: return CleanDialog::tr("failed", "clean result");
    case RemovalResult::Cancelled: return CleanDialog::tr("cancelled", "clean result");
    }
    return CleanDialog::tr("failed", "clean result");
}

} // namespace

void CleanDialog::showResult(const CleanResult& result)
{
    for (std::size_t i = 0; i < result.outcomes.size() && int(i) < m_table->rowCount(); ++i) {
        const RemovalOutcome& o = result.outcomes[i];
        QString text = resultLabel(o.result);
        if (!o.detail.empty())
            text = tr("%1: %2", "clean result: its detail").arg(text, coreText(o.detail));
        setRowCells(m_table, int(i), {text}, ResultColumn);
    }
    QString text = tr("Removed %1 entries, freed %2; %3 already gone, %4 skipped, %5 failed.")
                       .arg(result.removed)
                       .arg(EntryText::size(result.bytesFreed))
                       .arg(result.vanished)
                       .arg(result.skipped)
                       .arg(result.failed);
    if (result.cancelled)
        text += QLatin1Char(' ') + tr("Cancelled: the rest was left alone.");
    for (const Text& e : result.errors)
        text += QLatin1Char('\n') + coreText(e);
    m_summary->setText(text);
}

} // namespace kl::gui
