#pragma once

// A Redis remote cache opened in the window: the server (its password, when it has one, kept in
// memory for this session and, when asked, in the system keyring: passwordkeyring.h), the listing
// of its entries (handed over batch by batch as they are read) and pulls into a local cache, each
// in a BackgroundJob with progress and cancel in the status bar. Recent servers are kept in the
// settings by their URL without the password (Endpoint::display()); a password never is.

#include "app/gui/common/backgroundjob.h"
#include "app/gui/entries/entrytablemodel.h"
#include "core/model/snapshot.h"
#include "core/remote/redisendpoint.h"
#include "core/util/result.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace kl::gui {

/// Where a remote cache is and how its keys are made.
struct RemoteSource {
    remote::Endpoint endpoint; ///< may hold a password: never written to the settings
    QString keyFormat;
    /// The URL without the password: what the window, the settings and the roots panel show.
    QString display() const { return QString::fromStdString(endpoint.display()); }
};

/// What a pull did.
struct PullSummary {
    int done = 0;
    int skipped = 0;
    int refused = 0;
    bool cancelled = false;
    QString error; ///< the pull could not run at all (no server, a bad key format)
    QString into;
    QStringList refusedWhy; ///< one line per refused entry
};

class RemoteSession : public QObject {
    Q_OBJECT
public:
    explicit RemoteSession(QObject* parent = nullptr);
    ~RemoteSession() override;

    /// The listing's and the pull's progress and cancel button (hidden while idle).
    void addStatusWidgets(QStatusBar* bar);

    /// List the server's entries off the UI thread: listingStarted(), entriesFound() per batch
    /// read, then listed() or failed(). With `rememberPassword`, the password is stored in the
    /// system keyring once the server accepted it (passwordSaved()).
    void open(const RemoteSource& source, bool rememberPassword = false);
    /// A server listed by its display URL: as opened this session (with its password), else with
    /// the password the system keyring holds for it, else KERNELLENS_REDIS_PASSWORD if set (the
    /// keyring is read asynchronously, so the listing may start after this returns). False (and
    /// `error`) when the URL does not parse.
    bool reopen(const QString& display, QString* error);
    /// The server leaves the recent list and the session, and its password the keyring
    /// (passwordRemoved()).
    void forget(const QString& display);
    /// Fetch the entries `keys` of the server shown into the local cache `into`, on the
    /// exclusive pool; ends in pulled().
    void pull(const QStringList& keys, const QString& into);
    /// Store the local entries (or cache folders) `paths` on `target` in Triton's remote form, on
    /// the exclusive pool; ends in pushed() (`into` names the server).
    void push(const QStringList& paths, const RemoteSource& target);
    void cancel();
    /// Another cache was opened: the listing running no longer matters.
    void discardListing();

    bool isListing() const { return m_listJob.isRunning(); }
    /// The listing's progress as last shown: entries read, of how many known (the total grows
    /// while SCAN runs, listingScanned() false).
    std::pair<qint64, qint64> listingProgress() const { return m_listProgress; }
    /// True once the listing shown has been told SCAN ended (the rest is judged after).
    bool listingScanned() const { return m_listScanned; }
    bool isPulling() const { return m_pullJob.isRunning(); }
    /// The server whose listing is shown (or running).
    const std::optional<RemoteSource>& current() const { return m_current; }
    /// Reads one value of the server shown, on its own connection (called off the UI thread by
    /// the stage tabs): the entry's key and a file name in, the bytes out.
    std::function<Result<std::string>(const Entry&, const std::string&, std::uint64_t)> stageFetcher() const;
    /// Servers opened in this session, newest first.
    QStringList opened() const { return m_opened; }
    /// Recent servers from the settings (no passwords), newest first.
    static QStringList recent();
    /// The key format remembered from the last open, else TRITON_REDIS_KEY_FORMAT, else Triton's.
    static QString lastKeyFormat();

signals:
    /// A listing starts: rows of `display` follow in entriesFound(), then listed() or failed().
    void listingStarted(const QString& display);
    /// Entries of the listing running, as read (made into rows off the UI thread): listed()'s
    /// snapshot holds exactly the entries handed over, sorted by key.
    void entriesFound(const QString& display,
                      std::shared_ptr<std::vector<kl::gui::EntryTableModel::Row>> rows);
    /// The listing ended: `rowToEntry` gives the snapshot index of each entry handed over, in
    /// the order handed over (empty when an entry was judged again after it was handed over).
    void listed(const QString& display, std::shared_ptr<const kl::Snapshot> snapshot,
                std::shared_ptr<const std::vector<int>> rowToEntry);
    void failed(const QString& message);
    void pulled(const kl::gui::PullSummary& summary);
    void pushed(const kl::gui::PullSummary& summary);
    /// The system keyring stored (ok) or could not store (`why`) the password of `display`.
    void passwordSaved(const QString& display, bool ok, const QString& why);
    /// forget(): the keyring's password of `display` is gone (or there was none: ok too).
    void passwordRemoved(const QString& display, bool ok, const QString& why);

private:
    void remember(const RemoteSource& source);
    void showProgress(const QString& text, qint64 done, qint64 total);
    void hideProgress();

    std::optional<RemoteSource> m_current;
    QHash<QString, RemoteSource> m_session; ///< by display URL: what was opened, passwords included
    QStringList m_opened;
    std::pair<qint64, qint64> m_listProgress{0, 0};
    bool m_listScanned = false;
    quint64 m_keyringReads = 0; ///< the newest reopen()'s keyring read; older answers are dropped
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
    BackgroundJob m_listJob{backgroundPool()}; ///< SCAN and pipelined reads
    BackgroundJob m_pullJob{exclusivePool()};  ///< writes into a local cache
};

} // namespace kl::gui
