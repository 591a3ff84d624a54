#include "remotelistingsource.h"

#include "remotesession.h"

namespace kl::gui {

RemoteListingSource::RemoteListingSource(RemoteSession* session, QString display, QObject* parent)
    : EntrySource(parent)
    , m_session(session)
    , m_display(std::move(display))
{
}

StageTabs::StageFetcher RemoteListingSource::stageFetcher() const
{
    return m_session ? m_session->stageFetcher() : StageTabs::StageFetcher();
}

// The session announced the listing before this source existed; what it hands over from now on
// is this source's, until it ends.
void RemoteListingSource::start()
{
    if (!m_session)
        return;
    m_running = true;
    emit begun();
    connect(m_session, &RemoteSession::entriesFound, this, [this](const QString& display, Rows rows) {
        if (m_running && display == m_display)
            emit rowsAppended(std::move(rows));
    });
    connect(m_session, &RemoteSession::listed, this,
            [this](const QString& display, std::shared_ptr<const Snapshot> snapshot, Order order) {
                if (!m_running || display != m_display)
                    return;
                m_running = false;
                // An entry judged again after it was handed over leaves no order: the rows are remade.
                emit finished(std::move(snapshot), order && !order->empty() ? order : Order());
            });
    connect(m_session, &RemoteSession::failed, this, [this](const QString& message) {
        if (std::exchange(m_running, false))
            emit failed(message);
    });
}

} // namespace kl::gui
