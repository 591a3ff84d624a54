#pragma once

// Remote caches' passwords in the system keyring through QtKeychain (on Linux the Secret Service
// on the session D-Bus: GNOME Keyring, KWallet, KeePassXC): the service "KernelLens", the key the
// server's URL without its password (RemoteSource::display()). Every call is asynchronous and
// answers on the UI thread; nothing here blocks. A password never goes to QSettings: without
// QtKeychain in the build, or without a keyring at run time, every call answers Unavailable with
// the reason, and the window asks for the password each time.

#include <QObject>
#include <QString>
#include <functional>

namespace kl::gui::keyring {

/// QtKeychain's service name for KernelLens's entries.
inline constexpr char Service[] = "KernelLens";

/// Whether this build has QtKeychain (the keyring may still be missing at run time).
bool compiledIn();

enum class Outcome {
    Ok,          ///< read, stored or deleted
    NotFound,    ///< the keyring works but holds no password for this key
    Unavailable, ///< no keyring (no QtKeychain, no Secret Service on D-Bus, locked, refused)
};

struct Answer {
    Outcome outcome = Outcome::Unavailable;
    QString password; ///< read(): the password when Ok
    QString why;      ///< Unavailable: the keyring's or the build's reason
};

using Callback = std::function<void(const Answer&)>;

/// Each runs a keychain job and calls `done` on the UI thread when it ends, unless `context`
/// was destroyed meanwhile.
void readPassword(const QString& key, QObject* context, Callback done);
void writePassword(const QString& key, const QString& password, QObject* context, Callback done);
void deletePassword(const QString& key, QObject* context, Callback done);

} // namespace kl::gui::keyring
