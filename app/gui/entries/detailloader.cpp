#include "entries/detailloader.h"

#include <exception>

namespace kl::gui {
namespace {

std::shared_ptr<const EntryDetail> loadDetail(const Entry& entry)
{
    try {
        return std::make_shared<const EntryDetail>(loadEntryDetail(entry));
    } catch (const std::exception& e) {
        auto d = std::make_shared<EntryDetail>();
        d->entry = entry;
        d->readError =
            Text::verbatim(DetailLoader::tr("reading %1 failed: %2")
                               .arg(QString::fromStdString(entry.path), QString::fromUtf8(e.what()))
                               .toStdString());
        return d;
    }
}

} // namespace

DetailLoader::DetailLoader(QObject* parent)
    : QObject(parent)
{
}

void DetailLoader::load(Entry entry)
{
    m_job.start([entry = std::move(entry)](const JobToken&) { return loadDetail(entry); },
                [this](std::shared_ptr<const EntryDetail> detail) { emit loaded(std::move(detail)); });
}

} // namespace kl::gui
