#include "recompiledialog.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"
#include "app/gui/common/tablerows.h"
#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogsettings.h"

#include <QLabel>
#include <QTableWidget>

namespace kl::gui {
namespace {

enum Column { EntryColumn, KindColumn, ArchColumn, AssemblerColumn, VerdictColumn, DetailColumn };

} // namespace

RecompileDialog::RecompileDialog(std::vector<Entry> entries, QString eventsLog, QWidget* parent)
    : JobDialog(tr("Recompile"),
                {tr("Entry"), tr("Kind"), tr("Built for"), tr("Assembler"), tr("Verdict"), tr("Artefacts")},
                QStringLiteral("recompileResults"), parent)
    , m_entries(std::move(entries))
    , m_eventsLog(std::move(eventsLog))
{
    m_summary->setObjectName(QStringLiteral("recompileSummary"));
    m_table->setRowCount(int(m_entries.size()));
    m_table->setWordWrap(true);
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        auto* item =
            new QTableWidgetItem(qs(e.kernel.empty() ? e.folderName : e.kernel + "  " + e.folderName));
        item->setToolTip(qs(e.path));
        m_table->setItem(int(i), EntryColumn, item);
        m_table->setItem(int(i), VerdictColumn, new QTableWidgetItem(tr("waiting")));
    }
    resize(1000, 480);
}

RecompileDialog::~RecompileDialog() = default;

void RecompileDialog::cancel()
{
    m_cancelled = true;
}

void RecompileDialog::start()
{
    if (m_running || m_entries.empty())
        return;
    m_running = true;
    m_cancelled = false;
    m_next = 0;
    m_fresh = m_stale = m_unjudged = m_failed = 0;
    showBusy(QString());
    showProgress(0, m_entries.size());
    runNext();
}

void RecompileDialog::runNext()
{
    if (m_next >= m_entries.size() || m_cancelled) {
        m_running = false;
        for (std::size_t i = m_next; i < m_entries.size(); ++i)
            m_table->item(int(i), VerdictColumn)->setText(tr("cancelled"));
        m_table->resizeRowsToContents();
        showIdle(tr("%1 fresh, %2 stale, %3 not judged, %4 could not be rebuilt%5")
                     .arg(m_fresh)
                     .arg(m_stale)
                     .arg(m_unjudged)
                     .arg(m_failed)
                     .arg(m_next < m_entries.size() ? tr(" — cancelled") : QString()));
        emit finished();
        return;
    }
    const Entry& e = m_entries[m_next];
    m_table->item(int(m_next), VerdictColumn)->setText(tr("rebuilding…"));
    m_summary->setText(tr("Rebuilding %1 (%2 of %3)…")
                           .arg(qs(e.kernel.empty() ? e.folderName : e.kernel))
                           .arg(m_next + 1)
                           .arg(m_entries.size()));
    m_job.start(
        [entry = e, log = m_eventsLog.toStdString()](const JobToken& token) {
            RecompileReport r = recompileEntry(entry, token.cancelFlag());
            if (r.ok && !log.empty()) {
                const EventLog events(log, eventLogOptionsFromEnvironment(Environment::current()));
                if (std::string err = events.append(r.event); !err.empty())
                    r.log += tr("\nevent not logged: %1").arg(QString::fromStdString(err)).toStdString();
            }
            return r;
        },
        [this](const RecompileReport& r) { onEntryDone(r); });
}

void RecompileDialog::onEntryDone(const RecompileReport& r)
{
    const int row = int(m_next);
    QString verdict, detail;
    if (!r.ok) {
        ++m_failed;
        verdict = tr("not rebuilt");
        detail = coreText(r.error);
    } else {
        r.fresh ? ++m_fresh : r.judged ? ++m_stale : ++m_unjudged;
        verdict = coreText(recompileVerdict(r));
        QStringList lines;
        for (const ArtefactComparison& a : r.artefacts)
            lines << qs(a.file) + QLatin1String(": ") +
                         (a.identical && a.difference.empty() ? tr("identical") : coreText(a.difference));
        detail = lines.join(QLatin1Char('\n'));
    }
    const QStringList cells = {qs(r.kind), qs(r.arch), qs(r.assembler), verdict, detail};
    setRowCells(m_table, row, cells, KindColumn);
    if (!r.log.empty()) // the compiler's or linker's log behind the artefact comparison
        m_table->item(row, DetailColumn)->setToolTip(detail + QLatin1String("\n\n") + qs(r.log));
    showProgress(row + 1, m_entries.size());
    ++m_next;
    runNext();
}

} // namespace kl::gui
