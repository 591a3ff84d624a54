#include "detailloader.h"

#include <algorithm>
#include <exception>

namespace kl::gui {
namespace {

std::shared_ptr<const LoadedDetail> loadDetail(const Entry& entry, std::shared_ptr<const Snapshot> snapshot)
{
    auto d = std::make_shared<LoadedDetail>();
    try {
        d->detail = loadEntryDetail(entry);
        if (snapshot) {
            // Entries are sorted by path.
            const auto& entries = snapshot->entries;
            auto it = std::lower_bound(entries.begin(), entries.end(), entry.path,
                                       [](const Entry& e, const std::string& p) { return e.path < p; });
            if (it != entries.end() && it->path == entry.path) {
                d->links = linkUserFoldersOf(*snapshot, static_cast<std::size_t>(it - entries.begin()));
                d->snapshot = std::move(snapshot);
            }
        }
    } catch (const std::exception& e) {
        d->detail.entry = entry;
        d->detail.readError =
            Text::verbatim(DetailLoader::tr("reading %1 failed: %2")
                               .arg(QString::fromStdString(entry.path), QString::fromUtf8(e.what()))
                               .toStdString());
    }
    return d;
}

} // namespace

DetailLoader::DetailLoader(QObject* parent)
    : QObject(parent)
{
}

void DetailLoader::load(Entry entry, std::shared_ptr<const Snapshot> snapshot)
{
    m_job.start([entry = std::move(entry),
                 snapshot = std::move(snapshot)](const JobToken&) { return loadDetail(entry, snapshot); },
                [this](std::shared_ptr<const LoadedDetail> detail) { emit loaded(std::move(detail)); });
}

} // namespace kl::gui
