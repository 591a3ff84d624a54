#include "overridedialog.h"

#include "app/gui/common/coretext.h"
#include "core/util/posixfile.h"
#include "overrideeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace kl::gui {

OverrideDialog::OverrideDialog(std::shared_ptr<const Snapshot> snapshot, std::size_t entry, QString into,
                               QWidget* parent)
    : QDialog(parent)
    , m_snapshot(std::move(snapshot))
    , m_entry(entry)
    , m_defaultInto(std::move(into))
{
    setWindowTitle(tr("Make Override"));
    const Entry& e = m_snapshot->entries.at(m_entry);
    auto* intro = new QLabel(tr("Triton reads an override folder named as the dump of the kernel's source, "
                                "holding the stages to replace. KernelLens writes the stage you pick there "
                                "(never over an existing file unless you say so); edit it, then run your "
                                "script with the environment below."),
                             this);
    intro->setWordWrap(true);
    m_stage = new QComboBox(this);
    m_stage->setObjectName(QStringLiteral("stage"));
    for (const Stage& s : e.stages)
        if (isOverridableStage(s.ext()))
            m_stage->addItem(QString::fromStdString(std::string(s.ext())));
    if (const int ptx = m_stage->findText(QStringLiteral("ptx")); ptx >= 0)
        m_stage->setCurrentIndex(ptx);
    m_into = new QLineEdit(m_defaultInto, this);
    m_into->setObjectName(QStringLiteral("into"));
    m_force = new QCheckBox(tr("Replace a stage file already there"), this);
    auto* form = new QFormLayout;
    form->addRow(tr("Entry:"), new QLabel(QString::fromStdString(e.path), this));
    form->addRow(tr("Stage:"), m_stage);
    form->addRow(tr("Override folder:"), m_into);
    form->addRow(QString(), m_force);
    m_result = new QPlainTextEdit(this);
    m_result->setObjectName(QStringLiteral("result"));
    m_result->setReadOnly(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_makeButton = buttons->addButton(tr("&Make"), QDialogButtonBox::ActionRole);
    m_openButton = buttons->addButton(tr("&Edit and Try"), QDialogButtonBox::ActionRole);
    m_openButton->setObjectName(QStringLiteral("editAndTry"));
    m_openButton->setToolTip(tr("Edit the stage here, and try the edit without your script"));
    m_openButton->setEnabled(false);
    m_externalButton = buttons->addButton(tr("Open E&xternally"), QDialogButtonBox::ActionRole);
    m_externalButton->setEnabled(false);
    connect(m_makeButton, &QPushButton::clicked, this, &OverrideDialog::make);
    connect(m_openButton, &QPushButton::clicked, this, &OverrideDialog::openEditor);
    connect(m_externalButton, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_file)); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (m_stage->count() == 0) {
        m_makeButton->setEnabled(false);
        m_result->setPlainText(tr("This entry holds no stage Triton reads from an override folder (ttir, "
                                  "ttgir, llir, ptx, cubin; amdgcn, hsaco on AMD)."));
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_result, 1);
    layout->addWidget(buttons);
    resize(760, 420);
}

OverrideDialog::~OverrideDialog() = default;

void OverrideDialog::make()
{
    OverrideMakeOptions options;
    options.stage = m_stage->currentText().toStdString();
    options.into = absoluteClean(m_into->text().trimmed().toStdString());
    options.force = m_force->isChecked();
    options.effectiveInto = m_defaultInto.toStdString();
    m_makeButton->setEnabled(false);
    m_result->setPlainText(tr("Making the override folder…"));
    // Finding the entry's dump reads that kernel's stages.
    m_job.start([snapshot = m_snapshot, entry = m_entry,
                 options](const JobToken&) { return makeOverride(*snapshot, entry, options); },
                [this](const OverrideMakeResult& r) { onDone(r); });
}

void OverrideDialog::onDone(const OverrideMakeResult& r)
{
    m_makeButton->setEnabled(true);
    if (!r.ok) {
        m_file.clear();
        m_openButton->setEnabled(false);
        m_externalButton->setEnabled(false);
        m_result->setPlainText(coreText(r.error));
        emit finished();
        return;
    }
    m_file = QString::fromStdString(r.file);
    QStringList env;
    for (const std::string& v : r.environment)
        env << QString::fromStdString(v);
    m_result->setPlainText(
        (r.replaced ? tr("Replaced %1") : tr("Wrote %1")).arg(m_file) + QLatin1Char('\n') +
        tr("(from %1, named as the dump %2)")
            .arg(QString::fromStdString(r.copiedFrom), QString::fromStdString(r.dumpFolder)) +
        QLatin1String("\n\n") + tr("Edit it, then run your script with:") + QLatin1String("\n  ") +
        env.join(QLatin1Char(' ')) + QLatin1String("\n\n") + tr("or, Triton 3.4+, for one config only:") +
        QLatin1String("\n  ") + QString::fromStdString(r.perConfig) + QLatin1Char('\n'));
    m_openButton->setEnabled(true);
    m_externalButton->setEnabled(true);
    emit made(m_file);
    emit finished();
}

OverrideEditor* OverrideDialog::openEditor()
{
    if (m_file.isEmpty())
        return nullptr;
    auto* editor = new OverrideEditor(m_file, m_snapshot, m_entry, parentWidget());
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->show();
    return editor;
}

QString OverrideDialog::resultText() const
{
    return m_result->toPlainText();
}

} // namespace kl::gui
