#include "tracesession.h"

#include "app/gui/common/coretext.h"
#include "traceloader.h"
#include "tracetext.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

namespace kl::gui {

TraceSession::TraceSession(QObject* parent)
    : QObject(parent)
{
    // The pattern of the last run; one that no longer compiles (edited by hand) is dropped.
    QString ignored;
    setCommPattern(QSettings().value(QStringLiteral("trace/commPattern")).toString(), &ignored);
}

TraceSession::~TraceSession() = default;

void TraceSession::addStatusWidgets(QStatusBar* bar)
{
    m_label = new QLabel(bar);
    m_label->setObjectName(QStringLiteral("traceProgressLabel"));
    m_bar = new QProgressBar(bar);
    m_bar->setObjectName(QStringLiteral("traceProgress"));
    m_bar->setMaximumWidth(180);
    m_bar->setTextVisible(false);
    m_cancel = new QPushButton(TraceText::tr("Cancel"), bar);
    m_cancel->setObjectName(QStringLiteral("traceCancelButton"));
    m_cancel->setToolTip(TraceText::tr("Stop reading the trace and keep what was shown before"));
    connect(m_cancel, &QPushButton::clicked, this, &TraceSession::cancel);
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_bar);
    bar->addPermanentWidget(m_cancel);
    hideProgress();
}

void TraceSession::showProgress(const QString& text, qint64 done, qint64 total)
{
    if (!m_label)
        return;
    m_label->setText(text);
    if (total > 0) {
        // The bar counts in KiB: a file's bytes overflow its int.
        m_bar->setRange(0, int(std::min<qint64>(total / 1024 + 1, INT32_MAX)));
        m_bar->setValue(int(std::min<qint64>(done / 1024, INT32_MAX)));
    } else {
        m_bar->setRange(0, 0);
    }
    for (QWidget* w :
         {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_bar), static_cast<QWidget*>(m_cancel)})
        w->show();
}

void TraceSession::hideProgress()
{
    if (!m_label)
        return;
    for (QWidget* w :
         {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_bar), static_cast<QWidget*>(m_cancel)})
        w->hide();
}

void TraceSession::open(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    m_paths = paths;
    m_joinJob.discard(); // it joins traces that are about to go
    showProgress(TraceText::tr("Opening %n trace(s)…", nullptr, int(paths.size())), 0, 0);
    auto work = [this, paths, comm = m_comm](const JobToken& token) {
        // Progress every few MiB would flood the UI thread's queue on a fast disk: at most one
        // report per percent of the bytes (and every change of step) is posted.
        auto last = std::make_shared<std::pair<QString, qint64>>(QString(), -1);
        return loadTraces(paths, comm, token.cancelFlag(), [this, &token, last](const TraceLoadProgress& p) {
            const qint64 percent = p.total > 0 ? p.done * 100 / p.total : -1;
            if (p.step == last->first && percent == last->second)
                return;
            *last = {p.step, percent};
            token.post([this, p] { showProgress(p.step, p.done, p.total); });
        });
    };
    m_loadJob.start(std::move(work), [this](const TraceLoadResult& r) {
        if (r.cancelled || !r.data) {
            hideProgress();
            m_paths = m_data ? m_data->paths : QStringList();
            if (r.cancelled)
                emit cancelled();
            else
                emit failed(r.error);
            return;
        }
        m_data = r.data;
        emit loaded(m_data);
        startJoin();
    });
}

bool TraceSession::setCommPattern(const QString& pattern, QString* error)
{
    const QString trimmed = pattern.trimmed();
    std::vector<std::string> patterns;
    if (!trimmed.isEmpty())
        patterns.push_back(trimmed.toStdString());
    auto comm = trace::CommClassifier::withUserPatterns(patterns);
    if (!comm) {
        if (error)
            *error = coreText(comm.error());
        return false;
    }
    if (trimmed == m_commPattern)
        return true;
    m_commPattern = trimmed;
    m_comm = std::move(*comm);
    QSettings().setValue(QStringLiteral("trace/commPattern"), m_commPattern);
    if (!m_paths.isEmpty())
        open(m_paths); // the figures change with the classes
    return true;
}

void TraceSession::setCaches(std::vector<std::shared_ptr<const Snapshot>> snapshots,
                             trace::CubinLoader loadCubin)
{
    m_snapshots = std::move(snapshots);
    m_loadCubin = std::move(loadCubin);
    if (m_data && !m_loadJob.isRunning())
        startJoin(); // a running load joins with these when it ends
}

void TraceSession::startJoin()
{
    if (!m_data)
        return;
    bool any = false;
    for (const auto& s : m_snapshots)
        any = any || s;
    if (!any) {
        if (m_data->joined) {
            auto unjoined = std::make_shared<TraceData>(*m_data);
            unjoined->setJoin({}, false);
            m_data = std::move(unjoined);
            emit loaded(m_data);
        }
        hideProgress();
        return;
    }
    showProgress(TraceText::tr("Matching kernels with cache entries…"), 0, 0);
    m_joinJob.start([data = m_data, snapshots = m_snapshots,
                     loader = m_loadCubin](const JobToken&) { return joinTraces(*data, snapshots, loader); },
                    [this](std::shared_ptr<TraceData> joined) {
                        hideProgress();
                        m_data = std::move(joined);
                        emit loaded(m_data);
                    });
}

void TraceSession::cancel()
{
    m_loadJob.cancel();
    // The join reads a few cubins; it has no cancel flag in core, so it is dropped instead.
    if (m_joinJob.isRunning()) {
        m_joinJob.discard();
        hideProgress();
    }
}

} // namespace kl::gui
