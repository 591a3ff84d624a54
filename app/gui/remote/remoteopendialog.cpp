#include "remoteopendialog.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/theme.h"
#include "core/env/environment.h"
#include "core/remote/keyformat.h"
#include "passwordkeyring.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace kl::gui {

RemoteOpenDialog::RemoteOpenDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Open Remote Cache"));
    m_url = new QComboBox(this);
    m_url->setObjectName(QStringLiteral("remoteUrl"));
    m_url->setEditable(true);
    m_url->setMinimumWidth(360);
    QStringList urls{environmentUrl()};
    for (const QString& r : RemoteSession::recent())
        if (!urls.contains(r))
            urls << r;
    urls.removeAll(QString());
    m_url->addItems(urls);
    if (const QStringList recent = RemoteSession::recent(); !recent.isEmpty())
        m_url->setCurrentText(recent.constFirst());
    m_url->setToolTip(tr("redis://[user@]host[:port][/db], rediss://… (TLS) or unix:///path"));

    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("remotePassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("only if the server asks for one"));
    m_password->setToolTip(tr("Kept in memory for this session; saved only in the system keyring, "
                              "and only when asked to"));

    m_rememberBox = new QCheckBox(tr("Remember password in the system keyring"), this);
    m_rememberBox->setObjectName(QStringLiteral("remoteRememberPassword"));
    m_rememberBox->setEnabled(false); // until the keyring answers
    m_keyringLabel = new QLabel(this);
    m_keyringLabel->setObjectName(QStringLiteral("remoteKeyringStatus"));
    m_keyringLabel->setWordWrap(true);

    m_format = new QLineEdit(RemoteSession::lastKeyFormat(), this);
    m_format->setObjectName(QStringLiteral("remoteKeyFormat"));
    m_format->setToolTip(tr("Triton's TRITON_REDIS_KEY_FORMAT: {key} and {filename} once each"));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("remoteError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(theme::errorText(palette()));
    m_error->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("Server URL:"), m_url);
    form->addRow(tr("Password:"), m_password);
    form->addRow(QString(), m_rememberBox);
    form->addRow(QString(), m_keyringLabel);
    form->addRow(tr("Key format:"), m_format);
    auto* note = new QLabel(tr("Recent servers are remembered without their password (a password "
                               "only ever goes to the system keyring)."),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    // The keyring is asked for the URL shown: a password it holds is filled in.
    connect(m_url, &QComboBox::currentTextChanged, this, &RemoteOpenDialog::askKeyring);
    askKeyring();
}

QString RemoteOpenDialog::keyringStatus() const
{
    return m_keyringLabel->text();
}

void RemoteOpenDialog::askKeyring()
{
    auto endpoint =
        remote::resolveEndpoint(m_url->currentText().trimmed().toStdString(), Environment::current());
    const QString display = endpoint ? QString::fromStdString(endpoint->display()) : QString();
    if (display == m_keyringFor && m_keyringChecked)
        return;
    m_keyringFor = display;
    m_keyringChecked = false;
    m_storedFound = false;
    if (!m_filledPassword.isEmpty() && m_password->text() == m_filledPassword)
        m_password->clear(); // the keyring's password of another server
    m_filledPassword.clear();
    if (display.isEmpty())
        return;
    m_keyringLabel->setText(tr("Asking the system keyring…"));
    keyring::readPassword(display, this, [this, display](const keyring::Answer& a) {
        if (display != m_keyringFor)
            return; // the URL changed meanwhile: its own read answers
        m_keyringChecked = true;
        switch (a.outcome) {
        case keyring::Outcome::Ok:
            m_storedFound = true;
            m_rememberBox->setEnabled(true);
            m_rememberBox->setChecked(true);
            if (m_password->text().isEmpty()) {
                m_password->setText(a.password);
                m_filledPassword = a.password;
            }
            m_keyringLabel->setText(tr("The password was read from the system keyring."));
            break;
        case keyring::Outcome::NotFound:
            m_rememberBox->setEnabled(true);
            m_keyringLabel->setText(QString());
            break;
        case keyring::Outcome::Unavailable:
            m_rememberBox->setChecked(false);
            m_rememberBox->setEnabled(false);
            m_keyringLabel->setText(
                keyring::compiledIn()
                    ? tr("The system keyring is not available (%1): the password is asked for each time.")
                          .arg(a.why)
                    : tr("This build has no QtKeychain: the password is asked for each time."));
            break;
        }
        emit keyringAnswered();
    });
}

QString RemoteOpenDialog::environmentUrl()
{
    auto endpoint = remote::resolveEndpoint("", Environment::current());
    return endpoint ? QString::fromStdString(endpoint->display()) : QString();
}

void RemoteOpenDialog::accept()
{
    // resolveEndpoint: a password in the URL, else KERNELLENS_REDIS_PASSWORD; the field wins.
    auto endpoint =
        remote::resolveEndpoint(m_url->currentText().trimmed().toStdString(), Environment::current());
    auto format = remote::KeyFormat::parse(m_format->text().trimmed().toStdString());
    if (!endpoint || !format) {
        m_error->setText(coreText(!endpoint ? endpoint.error() : format.error()));
        m_error->show();
        return;
    }
    if (!m_password->text().isEmpty())
        endpoint->password = m_password->text().toStdString();
    m_source = RemoteSource{*endpoint, m_format->text().trimmed()};
    m_remember = m_rememberBox->isEnabled() && m_rememberBox->isChecked() && !m_password->text().isEmpty();
    // Unticked for a server whose password the keyring holds: the keyring forgets it.
    if (m_storedFound && !m_rememberBox->isChecked() && m_source.display() == m_keyringFor)
        keyring::deletePassword(m_keyringFor, this, {});
    QDialog::accept();
}

} // namespace kl::gui
