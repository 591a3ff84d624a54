#pragma once

// Help > Keyboard Shortcuts: every menu action that has a shortcut (read from the menus, so the
// list cannot drift from what the keys do) plus the keys of the code views and the diff window.

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace kl::gui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);
    const QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

} // namespace kl::gui
