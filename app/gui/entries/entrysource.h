#pragma once

// Where the Entries page's rows come from. One object per kind of source (a local folder scan,
// a Redis listing, and next a packed cache) owns its scanning, its streaming, its rescans and the
// order in which it handed rows over; the page only follows this protocol:
//
//   begun()                      what was shown goes; rows follow
//   rowsAppended(rows)*          rows as they are read (any thread prepared them)
//   finished(snapshot, order)    the listing ended: streamed row n is snapshot->entries[(*order)[n]],
//                                so the rows stay (sort, scroll, selection); no order: they are
//                                replaced by the snapshot's
//   updated(snapshot)*           a later snapshot of the same source (a rescan): rows that differ change
//   failed(message)              the listing ended without a snapshot: its rows go
//
// and progress(...)/liveStatus(...) for the status bar. A source never touches the page or its
// model, so a new source is a new class, not a new mode of the page.

#include "app/gui/stages/stagetabs.h"
#include "core/model/snapshot.h"
#include "entrytablemodel.h"

#include <QObject>
#include <QStringList>
#include <memory>
#include <vector>

namespace kl::gui {

class EntrySource : public QObject {
    Q_OBJECT
public:
    using Rows = std::shared_ptr<std::vector<EntryTableModel::Row>>;
    using Order = std::shared_ptr<const std::vector<int>>;

    using QObject::QObject;

    /// What the page names as opened (the folders, or the server).
    virtual QStringList names() const = 0;
    /// False when the entries' paths are not files here (a server's keys): the detail pane
    /// reads nothing from disk and stages come from stageFetcher().
    virtual bool hasLocalFiles() const = 0;
    /// How a stage of an entry without local files is read; empty reads none.
    virtual StageTabs::StageFetcher stageFetcher() const { return {}; }

    /// Starts the first listing. Called once, after the page connected the signals.
    virtual void start() = 0;
    /// Lists again (the user's Rescan); a source that cannot ignores it.
    virtual void rescan() {}
    /// Stops the listing running; it still ends with finished() or updated().
    virtual void cancel() {}
    /// True from start() or rescan() until their finished(), updated() or failed().
    virtual bool isRunning() const = 0;

signals:
    void begun();
    void rowsAppended(kl::gui::EntrySource::Rows rows);
    void finished(std::shared_ptr<const kl::Snapshot> snapshot, kl::gui::EntrySource::Order order);
    void updated(std::shared_ptr<const kl::Snapshot> snapshot);
    void failed(const QString& message);
    /// A listing runs: `done` of `total` so far (total 0: not known yet).
    void progress(qint64 done, qint64 total, qint64 elapsedMs);
    /// What keeps the rows current ("live: watching 2 folders"), or "" when nothing does.
    void liveStatus(const QString& text);
};

} // namespace kl::gui
