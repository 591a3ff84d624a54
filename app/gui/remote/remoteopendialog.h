#pragma once

// File > Open Remote Cache…: the server's URL (this environment's by default, recent ones in the
// list), a password, and Triton's key format. Checked before it closes. With QtKeychain and a
// system keyring (passwordkeyring.h) the password can be remembered there, and a remembered one
// is filled in; otherwise the dialog says why not and the password is asked for each time.

#include "remotesession.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace kl::gui {

class RemoteOpenDialog : public QDialog {
    Q_OBJECT
public:
    explicit RemoteOpenDialog(QWidget* parent = nullptr);

    /// Valid once accepted: the server (with the password typed, if any) and the key format.
    const RemoteSource& source() const { return m_source; }
    /// Valid once accepted: store the password in the system keyring once the server takes it.
    bool rememberPassword() const { return m_remember; }
    /// The keyring's state for the URL shown: what it said last ("" while it is asked).
    QString keyringStatus() const;
    /// True once the keyring answered for the URL shown.
    bool keyringChecked() const { return m_keyringChecked; }

    /// What the URL field starts with: KERNELLENS_REDIS_URL, else TRITON_REDIS_HOST/PORT, shown
    /// without a password.
    static QString environmentUrl();

    void accept() override;

signals:
    /// The keyring answered for the URL shown (the checkbox and the status say what it said).
    void keyringAnswered();

private:
    void askKeyring();

    QComboBox* m_url = nullptr;
    QLineEdit* m_password = nullptr;
    QCheckBox* m_rememberBox = nullptr;
    QLabel* m_keyringLabel = nullptr;
    QLineEdit* m_format = nullptr;
    QLabel* m_error = nullptr;
    RemoteSource m_source;
    bool m_remember = false;
    bool m_keyringChecked = false;
    QString m_keyringFor;       ///< the display URL the last keyring read was for
    QString m_filledPassword;   ///< what the keyring filled in (kept out of the field's history)
    bool m_storedFound = false; ///< the keyring holds a password for m_keyringFor
};

} // namespace kl::gui
