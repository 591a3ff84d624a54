#include "detailloader.h"

#include "backgroundpool.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
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
        d->readError = DetailLoader::tr("reading %1 failed: %2")
                           .arg(QString::fromStdString(entry.path), QString::fromUtf8(e.what()))
                           .toStdString();
        return d;
    }
}

} // namespace

DetailLoader::DetailLoader(QObject* parent)
    : QObject(parent)
{
}

DetailLoader::~DetailLoader()
{
    for (auto& f : m_running)
        f.waitForFinished();
}

quint64 DetailLoader::load(Entry entry)
{
    const quint64 id = ++m_current;
    auto future = QtConcurrent::run(backgroundPool(), loadDetail, std::move(entry));
    auto* watcher = new QFutureWatcher<std::shared_ptr<const EntryDetail>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, id] {
        watcher->deleteLater();
        m_running.removeIf([](const auto& f) { return f.isFinished(); });
        if (id == m_current)
            emit loaded(id, watcher->result());
    });
    watcher->setFuture(future);
    m_running.append(future);
    return id;
}

} // namespace kl::gui
