#pragma once

// File > Open Remote Cache…: the server's URL (this environment's by default, recent ones in the
// list), a password for this session only, and Triton's key format. Checked before it closes.

#include "remote/remotesession.h"

#include <QDialog>

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

    /// What the URL field starts with: KERNELLENS_REDIS_URL, else TRITON_REDIS_HOST/PORT, shown
    /// without a password.
    static QString environmentUrl();

    void accept() override;

private:
    QComboBox* m_url = nullptr;
    QLineEdit* m_password = nullptr;
    QLineEdit* m_format = nullptr;
    QLabel* m_error = nullptr;
    RemoteSource m_source;
};

} // namespace kl::gui
