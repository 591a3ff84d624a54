#include "remotesession.h"

#include "app/gui/common/coretext.h"
#include "core/env/environment.h"
#include "core/remote/keyformat.h"
#include "core/remote/redisclient.h"
#include "core/remote/remotecache.h"
#include "core/remote/remotetransfer.h"
#include "core/storage/cachestore.h"
#include "passwordkeyring.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

namespace kl::gui {
namespace {

const QString kRecentKey = QStringLiteral("remote/recent");
const QString kFormatKey = QStringLiteral("remote/keyFormat");

struct ListResult {
    std::shared_ptr<const Snapshot> snapshot;
    std::shared_ptr<const std::vector<int>> rowToEntry; ///< where each row handed over went
    QString error;
};

// Connect and parse the key format: what both jobs do first.
// What a pull or a push did, for the status bar and the banner.
void summarize(const remote::TransferReport& r, PullSummary& s)
{
    s.done = int(r.count(remote::TransferResult::Done));
    s.skipped = int(r.count(remote::TransferResult::Skipped));
    s.refused = int(r.count(remote::TransferResult::Refused));
    s.cancelled = r.cancelled;
    for (const remote::TransferOutcome& o : r.outcomes)
        if (o.result == remote::TransferResult::Refused)
            s.refusedWhy << coreText(o.detail);
}

Result<std::pair<remote::Client, remote::KeyFormat>> connectTo(const remote::Endpoint& endpoint,
                                                               const std::string& keyFormat)
{
    auto format = remote::KeyFormat::parse(keyFormat);
    if (!format)
        return fail(format.error());
    auto client = remote::Client::connect(endpoint);
    if (!client)
        return fail(client.error());
    return std::pair{std::move(*client), std::move(*format)};
}

} // namespace

RemoteSession::RemoteSession(QObject* parent)
    : QObject(parent)
{
}

RemoteSession::~RemoteSession() = default;

void RemoteSession::addStatusWidgets(QStatusBar* bar)
{
    m_label = new QLabel(bar);
    m_label->setObjectName(QStringLiteral("remoteProgressLabel"));
    m_bar = new QProgressBar(bar);
    m_bar->setObjectName(QStringLiteral("remoteProgress"));
    m_bar->setMaximumWidth(180);
    m_bar->setTextVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), bar);
    m_cancel->setObjectName(QStringLiteral("remoteCancelButton"));
    m_cancel->setToolTip(tr("Stop and keep what was read or pulled so far"));
    connect(m_cancel, &QPushButton::clicked, this, &RemoteSession::cancel);
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_bar);
    bar->addPermanentWidget(m_cancel);
    hideProgress();
}

void RemoteSession::showProgress(const QString& text, qint64 done, qint64 total)
{
    if (!m_label)
        return;
    m_label->setText(text);
    if (total > 0) {
        m_bar->setRange(0, int(std::min<qint64>(total, 1'000'000'000)));
        m_bar->setValue(int(std::min(done, total)));
    } else {
        m_bar->setRange(0, 0);
    }
    for (QWidget* w :
         {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_bar), static_cast<QWidget*>(m_cancel)})
        w->show();
    m_cancel->setEnabled(true);
}

void RemoteSession::hideProgress()
{
    if (!m_label)
        return;
    for (QWidget* w :
         {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_bar), static_cast<QWidget*>(m_cancel)})
        w->hide();
}

void RemoteSession::cancel()
{
    m_listJob.cancel();
    m_pullJob.cancel();
    if (m_cancel)
        m_cancel->setEnabled(false);
}

void RemoteSession::discardListing()
{
    ++m_keyringReads; // a keyring read for a reopen no longer opens anything
    if (!m_listJob.isRunning())
        return;
    m_listJob.discard();
    m_current.reset();
    if (!m_pullJob.isRunning())
        hideProgress();
}

void RemoteSession::open(const RemoteSource& source, bool rememberPassword)
{
    ++m_keyringReads; // a reopen() still reading the keyring must not open its server after this
    m_current = source;
    m_listProgress = {0, 0};
    m_listScanned = false;
    remember(source);
    showProgress(tr("Connecting to %1…").arg(source.display()), 0, 0);
    emit listingStarted(source.display());
    auto work = [this, endpoint = source.endpoint, format = source.keyFormat.toStdString(),
                 display = source.display()](const JobToken& token) -> ListResult {
        auto c = connectTo(endpoint, format);
        if (!c)
            return {nullptr, nullptr, coreText(c.error())};
        remote::RemoteScanOptions options;
        options.cancel = token.cancelFlag();
        options.progress = [this, &token](const remote::RemoteProgress& p) {
            token.post([this, p] {
                m_listProgress = {qint64(p.entries), qint64(p.entriesTotal)};
                m_listScanned = p.scanned;
                // While SCAN runs, rows of whole entries arrive with the keys; then the rest is read.
                if (p.scanned)
                    showProgress(tr("Reading %1 of %2 entries").arg(p.entries).arg(p.entriesTotal),
                                 qint64(p.entries), qint64(p.entriesTotal));
                else
                    showProgress(tr("Listing: %1 keys").arg(p.keys), 0, 0);
            });
        };
        // Rows are made here, off the UI thread, as each batch is judged: the table fills while
        // SCAN goes on (an entry is judged once its group and every child it names are listed).
        options.entriesRead = [this, &token, display](std::span<const Entry> entries) {
            auto rows = std::make_shared<std::vector<EntryTableModel::Row>>();
            rows->reserve(entries.size());
            for (const Entry& e : entries)
                rows->push_back(EntryTableModel::makeRow(e));
            token.post([this, display, rows] { emit entriesFound(display, rows); });
        };
        auto snap = remote::scanRemote(c->first, c->second, options);
        if (!snap)
            return {nullptr, nullptr, coreText(snap.error())};
        return {std::make_shared<const Snapshot>(std::move(snap->snapshot)),
                std::make_shared<const std::vector<int>>(std::move(snap->handedOrder)),
                {}};
    };
    const QString password = rememberPassword ? QString::fromStdString(source.endpoint.password) : QString();
    m_listJob.start(std::move(work), [this, display = source.display(), password](const ListResult& r) {
        hideProgress();
        if (r.snapshot) {
            // The server took the password: only now is it worth keeping.
            if (!password.isEmpty())
                keyring::writePassword(display, password, this, [this, display](const keyring::Answer& a) {
                    emit passwordSaved(display, a.outcome == keyring::Outcome::Ok, a.why);
                });
            emit listed(display, r.snapshot, r.rowToEntry);
        } else {
            emit failed(r.error);
        }
    });
}

bool RemoteSession::reopen(const QString& display, QString* error)
{
    if (auto it = m_session.constFind(display); it != m_session.constEnd()) {
        open(*it);
        return true;
    }
    auto endpoint = remote::resolveEndpoint(display.toStdString(), Environment::current());
    if (!endpoint) {
        if (error)
            *error = coreText(endpoint.error());
        return false;
    }
    RemoteSource source{*endpoint, lastKeyFormat()};
    if (!source.endpoint.password.empty()) { // in the URL, or KERNELLENS_REDIS_PASSWORD
        open(source);
        return true;
    }
    // The keyring answers asynchronously; the listing starts with what it holds, or without.
    discardListing();
    showProgress(tr("Reading the password of %1 from the system keyring…").arg(source.display()), 0, 0);
    ++m_keyringReads;
    keyring::readPassword(source.display(), this,
                          [this, source, read = m_keyringReads](const keyring::Answer& a) mutable {
                              if (read != m_keyringReads)
                                  return; // another server was opened meanwhile
                              if (a.outcome == keyring::Outcome::Ok)
                                  source.endpoint.password = a.password.toStdString();
                              open(source);
                          });
    return true;
}

void RemoteSession::forget(const QString& display)
{
    m_session.remove(display);
    m_opened.removeAll(display);
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(display);
    settings.setValue(kRecentKey, recent);
    keyring::deletePassword(display, this, [this, display](const keyring::Answer& a) {
        emit passwordRemoved(display, a.outcome != keyring::Outcome::Unavailable, a.why);
    });
}

void RemoteSession::pull(const QStringList& keys, const QString& into)
{
    if (!m_current)
        return;
    std::vector<std::string> wanted;
    for (const QString& k : keys)
        wanted.push_back(k.toStdString());
    showProgress(tr("Pulling %1 entries…").arg(keys.size()), 0, keys.size());
    auto work = [this, endpoint = m_current->endpoint, format = m_current->keyFormat.toStdString(),
                 wanted = std::move(wanted), into](const JobToken& token) {
        PullSummary s;
        s.into = into;
        auto c = connectTo(endpoint, format);
        if (!c) {
            s.error = coreText(c.error());
            return s;
        }
        // One entry: a SCAN on its own pattern; more: the whole listing once, as klens pull does.
        remote::RemoteScanOptions listOptions;
        listOptions.cancel = token.cancelFlag();
        auto listing = wanted.size() == 1
                           ? remote::listEntryKeys(c->first, c->second, wanted[0], token.cancelFlag())
                           : remote::listKeys(c->first, c->second, listOptions);
        if (!listing) {
            s.error = coreText(listing.error());
            return s;
        }
        const CacheStore store(into.toStdString());
        remote::TransferOptions options;
        options.cancel = token.cancelFlag();
        options.progress = [this, &token](std::size_t done, std::size_t total) {
            token.post([this, done, total] {
                showProgress(tr("Pulling: %1 of %2 entries").arg(done).arg(total), qint64(done),
                             qint64(total));
            });
        };
        auto r = remote::pullEntries(c->first, c->second, *listing, wanted, store, options);
        if (!r) {
            s.error = coreText(r.error());
            return s;
        }
        summarize(*r, s);
        return s;
    };
    m_pullJob.start(std::move(work), [this](const PullSummary& s) {
        hideProgress();
        emit pulled(s);
    });
}

void RemoteSession::remember(const RemoteSource& source)
{
    const QString display = source.display();
    m_session.insert(display, source);
    m_opened.removeAll(display);
    m_opened.prepend(display);
    // Only the URL without its password and the key format reach the settings.
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(display);
    recent.prepend(display);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    settings.setValue(kFormatKey, source.keyFormat);
}

QStringList RemoteSession::recent()
{
    return QSettings().value(kRecentKey).toStringList();
}

QString RemoteSession::lastKeyFormat()
{
    const QString saved = QSettings().value(kFormatKey).toString();
    if (!saved.isEmpty())
        return saved;
    if (auto v = Environment::current().get(std::string(remote::KeyFormat::kVariable)); v && !v->empty())
        return QString::fromStdString(*v);
    return QString::fromUtf8(remote::KeyFormat::kDefault.data(),
                             qsizetype(remote::KeyFormat::kDefault.size()));
}

void RemoteSession::push(const QStringList& paths, const RemoteSource& target)
{
    std::vector<std::string> wanted;
    for (const QString& p : paths)
        wanted.push_back(p.toStdString());
    showProgress(tr("Pushing %1 entries…").arg(paths.size()), 0, paths.size());
    auto work = [this, endpoint = target.endpoint, format = target.keyFormat.toStdString(),
                 wanted = std::move(wanted), server = target.display()](const JobToken& token) {
        PullSummary s;
        s.into = server;
        auto c = connectTo(endpoint, format);
        if (!c) {
            s.error = coreText(c.error());
            return s;
        }
        remote::TransferOptions options;
        options.cancel = token.cancelFlag();
        options.progress = [this, &token](std::size_t done, std::size_t total) {
            token.post([this, done, total] {
                showProgress(tr("Pushing: %1 of %2 entries").arg(done).arg(total), qint64(done),
                             qint64(total));
            });
        };
        auto r = remote::pushEntries(c->first, c->second, wanted, options);
        if (!r) {
            s.error = coreText(r.error());
            return s;
        }
        summarize(*r, s);
        return s;
    };
    remember(target);
    m_pullJob.start(std::move(work), [this](const PullSummary& s) {
        hideProgress();
        emit pushed(s);
    });
}

std::function<Result<std::string>(const Entry&, const std::string&, std::uint64_t)>
RemoteSession::stageFetcher() const
{
    if (!m_current)
        return {};
    return [source = *m_current](const Entry& entry, const std::string& fileName,
                                 std::uint64_t maxBytes) -> Result<std::string> {
        auto format = remote::KeyFormat::parse(source.keyFormat.toStdString());
        if (!format)
            return fail(std::move(format.error()));
        auto client = remote::Client::connect(source.endpoint);
        if (!client)
            return fail(std::move(client.error()));
        return remote::fetchValue(*client, *format, entry.folderName, fileName, maxBytes);
    };
}

} // namespace kl::gui
