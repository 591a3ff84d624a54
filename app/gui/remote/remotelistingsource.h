#pragma once

// A Redis server's listing as the Entries page's source: RemoteSession lists the server (its
// progress and cancel live in its own status widgets); this passes the listing named `display`
// on in the page's protocol. Its entries have no local files: each stage is fetched from the
// server when its tab opens. A new listing of the server is a new source.

#include "app/gui/entries/entrysource.h"

#include <QPointer>

namespace kl::gui {

class RemoteSession;

class RemoteListingSource : public EntrySource {
    Q_OBJECT
public:
    RemoteListingSource(RemoteSession* session, QString display, QObject* parent = nullptr);

    QStringList names() const override { return {m_display}; }
    bool hasLocalFiles() const override { return false; }
    StageTabs::StageFetcher stageFetcher() const override;
    void start() override;
    bool isRunning() const override { return m_running; }

private:
    QPointer<RemoteSession> m_session;
    QString m_display;
    bool m_running = false;
};

} // namespace kl::gui
