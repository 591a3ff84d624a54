#include "shortcutsdialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {
namespace {

QString plain(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…")).trimmed();
}

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& out)
{
    for (const QAction* a : menu->actions()) {
        if (a->menu()) {
            collect(a->menu(), path + QStringLiteral(" › ") + plain(a->text()), out);
            continue;
        }
        if (!a->shortcut().isEmpty())
            out.append({path + QStringLiteral(" › ") + plain(a->text()),
                        a->shortcut().toString(QKeySequence::NativeText)});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    QList<QPair<QString, QString>> rows;
    for (const QAction* a : menus->actions())
        if (a->menu())
            collect(a->menu(), plain(a->text()), rows);
    const auto key = [](QKeySequence k) { return k.toString(QKeySequence::NativeText); };
    rows.append({tr("Entries › Filter by kernel or folder name"), key(QKeySequence::Find)});
    rows.append({tr("Stage tab › Find in the code (the code has the focus)"), key(QKeySequence::Find)});
    rows.append({tr("Stage tab › Find in the code"), key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F))});
    rows.append({tr("Stage tab › Go to line"), key(QKeySequence(Qt::CTRL | Qt::Key_L))});
    rows.append({tr("Diff window › Next change"), key(QKeySequence(Qt::Key_F7))});
    rows.append({tr("Diff window › Previous change"), key(QKeySequence(Qt::SHIFT | Qt::Key_F7))});

    m_table = new QTableWidget(int(rows.size()), 2, this);
    m_table->setObjectName(QStringLiteral("shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows[r].first));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[r].second));
    }
    m_table->resizeColumnToContents(1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 480);
}

} // namespace kl::gui
