#include "passwordkeyring.h"

#include <QCoreApplication>
#include <QTimer>

#ifdef KL_HAVE_QTKEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace kl::gui::keyring {

#ifdef KL_HAVE_QTKEYCHAIN

bool compiledIn()
{
    return true;
}

namespace {

// Finished jobs delete themselves (QtKeychain's autoDelete); `context` only guards the callback.
void run(QKeychain::Job* job, QObject* context, Callback done)
{
    QObject::connect(job, &QKeychain::Job::finished, context, [done = std::move(done)](QKeychain::Job* j) {
        Answer a;
        switch (j->error()) {
        case QKeychain::NoError:
            a.outcome = Outcome::Ok;
            if (auto* read = qobject_cast<QKeychain::ReadPasswordJob*>(j))
                a.password = read->textData();
            break;
        case QKeychain::EntryNotFound: a.outcome = Outcome::NotFound; break;
        default:
            a.outcome = Outcome::Unavailable;
            a.why = j->errorString();
            break;
        }
        if (done)
            done(a);
    });
    job->start();
}

} // namespace

void readPassword(const QString& key, QObject* context, Callback done)
{
    auto* job = new QKeychain::ReadPasswordJob(QString::fromLatin1(Service));
    job->setKey(key);
    run(job, context, std::move(done));
}

void writePassword(const QString& key, const QString& password, QObject* context, Callback done)
{
    auto* job = new QKeychain::WritePasswordJob(QString::fromLatin1(Service));
    job->setKey(key);
    job->setTextData(password);
    run(job, context, std::move(done));
}

void deletePassword(const QString& key, QObject* context, Callback done)
{
    auto* job = new QKeychain::DeletePasswordJob(QString::fromLatin1(Service));
    job->setKey(key);
    run(job, context, std::move(done));
}

#else // no QtKeychain in this build

bool compiledIn()
{
    return false;
}

namespace {

void unavailable(QObject* context, Callback done)
{
    // Asynchronous like the real jobs, so callers have one code path.
    QTimer::singleShot(0, context, [done = std::move(done)] {
        Answer a;
        a.why = QCoreApplication::translate("kl::gui::keyring", "this build of KernelLens has no QtKeychain");
        if (done)
            done(a);
    });
}

} // namespace

void readPassword(const QString&, QObject* context, Callback done)
{
    unavailable(context, std::move(done));
}

void writePassword(const QString&, const QString&, QObject* context, Callback done)
{
    unavailable(context, std::move(done));
}

void deletePassword(const QString&, QObject* context, Callback done)
{
    unavailable(context, std::move(done));
}

#endif

} // namespace kl::gui::keyring
