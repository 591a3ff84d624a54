#include "dumpsnapshot.h"

#include "core/scan/cachescanner.h"

kl::Snapshot scanCacheAndDump(const QString& cache, const QString& dump)
{
    std::vector<kl::Root> roots(2);
    roots[0].path = cache.toStdString();
    roots[1].path = dump.toStdString();
    roots[1].kind = kl::RootKind::Dump;
    return kl::CacheScanner().scan(roots);
}

std::size_t entryIndexOf(const kl::Snapshot& snap, const QString& path)
{
    const std::string p = path.toStdString();
    for (std::size_t i = 0; i < snap.entries.size(); ++i)
        if (snap.entries[i].path == p)
            return i;
    return snap.entries.size();
}
