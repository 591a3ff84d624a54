#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"
#include "app/gui/diff/diffview.h"
#include "core/export/entryarchive.h"
#include "entriespage.h"
#include "entryfilterproxy.h"
#include "entrytablemodel.h"
#include "entrytext.h"
#include "kernelgroupmodel.h"
#include "windowtext.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QSet>
#include <QStackedWidget>
#include <QTableView>
#include <QTreeView>

// What the Entries page does with the selected rows: copy, export, compare; and the by-kernel tree.
namespace kl::gui {
std::vector<Entry> EntriesPage::selectedEntries() const
{
    std::vector<Entry> out;
    for (const QModelIndex& row : selectedProxyRows())
        if (const Entry* e = m_model->entry(m_proxy->mapToSource(row)))
            out.push_back(*e);
    return out;
}

int EntriesPage::selectEntries(const QStringList& paths)
{
    const QSet<QString> wanted(paths.begin(), paths.end());
    QModelIndexList rows; // proxy rows, in the order `paths` gives (the fitting entry first)
    QHash<QString, QModelIndex> byPath;
    for (int r = 0, n = m_model->rowCount(); r < n && byPath.size() < wanted.size(); ++r) {
        const QModelIndex source = m_model->index(r, 0);
        const Entry* e = m_model->entry(source);
        if (!e)
            continue;
        const QString path = qs(e->path);
        if (!wanted.contains(path))
            continue;
        const QModelIndex row = m_proxy->mapFromSource(source);
        if (row.isValid()) // a filter hides it: the page's filters are the user's
            byPath.insert(path, row);
    }
    for (const QString& p : paths)
        if (auto it = byPath.constFind(p); it != byPath.constEnd())
            rows << *it;
    if (rows.isEmpty())
        return 0;
    const bool grouped = isGroupedByKernel();
    QAbstractItemView* view = grouped ? static_cast<QAbstractItemView*>(m_groupView) : m_view;
    auto map = [&](const QModelIndex& i) { return grouped ? m_groupModel->mapFromSource(i) : i; };
    QItemSelection selection;
    for (const QModelIndex& r : rows) {
        const QModelIndex i = map(r);
        if (grouped)
            m_groupView->expand(i.parent());
        selection.select(i, i);
    }
    view->selectionModel()->setCurrentIndex(map(rows.front()), QItemSelectionModel::NoUpdate);
    view->selectionModel()->select(selection,
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->scrollTo(map(rows.front()));
    return int(rows.size());
}

void EntriesPage::setDetailAppendix(DetailAppendix appendix)
{
    m_detailAppendix = std::move(appendix);
    refreshDetailAppendix();
}

void EntriesPage::refreshDetailAppendix()
{
    if (m_detailEntry && m_detailEntry->path == m_selectedPath)
        showDetailText(Entry(*m_detailEntry), QString(m_detailBase));
}

void EntriesPage::showDetailText(const Entry& entry, const QString& text)
{
    m_detailBase = text;
    m_detailEntry = entry;
    const QString appendix = m_detailAppendix ? m_detailAppendix(entry) : QString();
    m_detailView->setPlainText(appendix.isEmpty() ? text : text + QLatin1Char('\n') + appendix);
}

QString EntriesPage::copySelected(bool keys)
{
    QStringList lines;
    for (const Entry& e : selectedEntries())
        if (!keys || !e.hash.empty())
            lines << qs(keys ? e.hash : e.path);
    if (!lines.isEmpty())
        QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    return lines.isEmpty() ? WindowText::tr("The selected entries record no key")
                           : WindowText::tr("Copied %n line(s)", nullptr, int(lines.size()));
}

QModelIndex EntriesPage::currentProxyRow() const
{
    return isGroupedByKernel() ? m_groupModel->mapToSource(m_groupView->currentIndex())
                               : m_view->currentIndex();
}

void EntriesPage::exportSelected(const QString& outPath)
{
    const std::vector<Entry> entries = selectedEntries();
    if (entries.empty())
        return;
    m_exportJob.start(
        [entries, path = outPath.toStdString()](const JobToken&) { return exportEntries(entries, path); },
        [this, outPath](const ArchiveResult& r) {
            const QString text =
                r.ok
                    ? WindowText::tr("Exported %1 files (%2) to %3%4")
                          .arg(r.files)
                          .arg(EntryText::size(r.bytes), outPath,
                               r.skipped.empty() ? QString()
                                                 : WindowText::tr("; left out %1 (see the archive's listing)")
                                                       .arg(r.skipped.size()))
                    : WindowText::tr("Export failed: %1").arg(coreText(r.error));
            emit exportFinished(r.ok, text);
        });
}

bool EntriesPage::isGroupedByKernel() const
{
    return m_viewStack->currentWidget() == m_groupView;
}

void EntriesPage::setGroupedByKernel(bool grouped)
{
    if (grouped == isGroupedByKernel())
        return;
    // The entry shown stays selected in the other view.
    const QModelIndex current = currentProxyRow();
    // Only a shown tree follows the flat rows: grouping 100,000 rows on every change costs.
    m_groupModel->setSourceModel(grouped ? m_proxy : nullptr);
    m_viewStack->setCurrentWidget(grouped ? static_cast<QWidget*>(m_groupView) : m_view);
    if (grouped) {
        for (int c = 0; c < EntryTableModel::NUM_COLUMNS; ++c)
            m_groupView->setColumnWidth(c, m_view->columnWidth(c));
        // Room for the tree's indentation and the specialisation count after the name.
        m_groupView->setColumnWidth(0, m_view->columnWidth(0) + m_groupView->indentation() + 40);
        const QModelIndex inTree = m_groupModel->mapFromSource(current);
        if (inTree.isValid()) {
            m_groupView->expand(inTree.parent());
            m_groupView->setCurrentIndex(inTree);
            m_groupView->scrollTo(inTree);
        }
    } else if (current.isValid()) {
        m_view->setCurrentIndex(current);
        m_view->scrollTo(current);
    }
    emit selectionChanged(int(selectedProxyRows().size()));
}

QModelIndexList EntriesPage::selectedProxyRows() const
{
    if (!isGroupedByKernel())
        return m_view->selectionModel()->selectedRows();
    QModelIndexList out;
    for (const QModelIndex& row : m_groupView->selectionModel()->selectedRows()) {
        if (m_groupModel->isGroup(row)) {
            // A kernel row stands for all its specialisations.
            for (int i = 0; i < m_groupModel->rowCount(row); ++i)
                out << m_groupModel->mapToSource(m_groupModel->index(i, 0, row));
        } else {
            out << m_groupModel->mapToSource(row);
        }
    }
    return out;
}

void EntriesPage::compareSelected()
{
    const QModelIndexList rows = selectedProxyRows();
    if (rows.size() != 2)
        return;
    const Entry* a = m_model->entry(m_proxy->mapToSource(rows[0]));
    const Entry* b = m_model->entry(m_proxy->mapToSource(rows[1]));
    if (!a || !b)
        return;
    auto* window = new DiffView;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowTitle(
        WindowText::tr("%1 ↔ %2").arg(qs(a->folderName).left(12), qs(b->folderName).left(12)));
    window->resize(1300, 800);
    window->compareEntries(*a, *b);
    window->show();
    m_diffWindows.append(window);
}

} // namespace kl::gui
