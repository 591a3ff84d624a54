#include "jobdialog.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {

JobDialog::JobDialog(const QString& title, const QStringList& columns, const QString& tableName,
                     QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(title);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_cancelButton = new QPushButton(tr("&Cancel"), this);
    m_cancelButton->setEnabled(false);
    connect(m_cancelButton, &QPushButton::clicked, this, &JobDialog::cancel);
    m_table = new QTableWidget(0, int(columns.size()), this);
    m_table->setObjectName(tableName);
    m_table->setHorizontalHeaderLabels(columns);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_controls = new QHBoxLayout;
    m_controls->addWidget(m_progress, 1);
    m_controls->addWidget(m_cancelButton);
    m_layout = new QVBoxLayout(this);
    m_layout->addLayout(m_controls);
    m_layout->addWidget(m_summary);
    m_layout->addWidget(m_table, 1);
}

JobDialog::~JobDialog() = default;

QString JobDialog::summaryText() const
{
    return m_summary->text();
}

void JobDialog::setForm(QLayout* form)
{
    m_layout->insertLayout(0, form);
}

void JobDialog::addButton(QPushButton* button, Place place)
{
    m_controls->insertWidget(m_controls->indexOf(m_cancelButton) + (place == AfterCancel ? 1 : 0), button);
}

void JobDialog::showBusy(const QString& what)
{
    m_cancelButton->setEnabled(true);
    m_progress->setRange(0, 0);
    m_summary->setText(what);
}

void JobDialog::showProgress(qulonglong done, qulonglong total)
{
    m_progress->setRange(0, int(total));
    m_progress->setValue(int(done));
}

void JobDialog::showIdle(const QString& summary)
{
    m_cancelButton->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_summary->setText(summary);
}

} // namespace kl::gui
