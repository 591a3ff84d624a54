#include "remotedoctordialog.h"

#include "app/gui/common/coretext.h"
#include "core/doctor/problemmapping.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <map>

namespace kl::gui {
namespace {

constexpr int kShownPerCode = 50;

} // namespace

RemoteDoctorDialog::RemoteDoctorDialog(const Snapshot& snapshot, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("remoteDoctorDialog"));
    const QString server =
        snapshot.roots.empty() ? QString() : QString::fromStdString(snapshot.roots.front().path);
    setWindowTitle(tr("Remote Doctor — %1").arg(server));
    resize(900, 520);
    auto* layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("remoteDoctorSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("remoteDoctorTree"));
    m_tree->setHeaderLabels({tr("Finding"), tr("Entries")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->setWordWrap(true);
    layout->addWidget(m_tree);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    std::map<std::string, std::vector<const Problem*>> byCode;
    for (const Entry& e : snapshot.entries)
        for (const Problem& p : e.problems)
            byCode[p.code].push_back(&p);
    int errors = 0, warnings = 0;
    for (const auto& [code, problems] : byCode) {
        const auto mapping = mapProblem(code);
        // Codes the local doctor gathers itself (a missing group or metadata) are, on a server,
        // values no lookup can use: space to reclaim, so a warning.
        const bool error = mapping && mapping->severity == FindingSeverity::Error;
        (error ? errors : warnings) += int(problems.size());
        auto* item = new QTreeWidgetItem(
            m_tree,
            {QStringLiteral("%1  %2").arg(error ? tr("error") : tr("warning"), QString::fromStdString(code)),
             QString::number(problems.size())});
        item->setData(0, Qt::UserRole, QString::fromStdString(code));
        const QString fix = mapping
                                ? coreText(mapping->fix)
                                : tr("No Triton can hit these entries: delete them with klens remote clean "
                                     "--broken (a dry run until --apply)");
        new QTreeWidgetItem(item, {tr("Fix: %1").arg(fix)});
        for (int i = 0; i < int(problems.size()) && i < kShownPerCode; ++i)
            new QTreeWidgetItem(item, {coreText(problems[std::size_t(i)]->message)});
        if (int(problems.size()) > kShownPerCode)
            new QTreeWidgetItem(item, {tr("… %1 more (klens remote doctor --json lists them all)")
                                           .arg(int(problems.size()) - kShownPerCode)});
        item->setExpanded(true);
    }
    m_summary->setText(byCode.empty()
                           ? tr("%1: no problems in %2 entries.").arg(server).arg(snapshot.entries.size())
                           : tr("%1: %2 errors and %3 warnings in %4 entries.")
                                 .arg(server)
                                 .arg(errors)
                                 .arg(warnings)
                                 .arg(snapshot.entries.size()));
}

QString RemoteDoctorDialog::summaryText() const
{
    return m_summary->text();
}

} // namespace kl::gui
