#include "remote/remoteopendialog.h"

#include "common/coretext.h"
#include "env/environment.h"
#include "remote/keyformat.h"

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
    m_password->setToolTip(tr("Used for this session only; never saved"));

    m_format = new QLineEdit(RemoteSession::lastKeyFormat(), this);
    m_format->setObjectName(QStringLiteral("remoteKeyFormat"));
    m_format->setToolTip(tr("Triton's TRITON_REDIS_KEY_FORMAT: {key} and {filename} once each"));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("remoteError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #a4000f; }"));
    m_error->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("Server URL:"), m_url);
    form->addRow(tr("Password:"), m_password);
    form->addRow(tr("Key format:"), m_format);
    auto* note = new QLabel(tr("Recent servers are remembered without their password."), this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
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
    QDialog::accept();
}

} // namespace kl::gui
