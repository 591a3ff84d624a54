#include "backgroundpool.h"

#include <QThreadPool>

namespace kl::gui {
namespace {

struct ReadPool : QThreadPool {
    ReadPool()
    {
        // A scan, a detail read and a probe at once, plus one spare; most of it waits on disks.
        setMaxThreadCount(4);
        setObjectName(QStringLiteral("kl-background"));
    }
};

struct ExclusivePool : QThreadPool {
    ExclusivePool()
    {
        setMaxThreadCount(1);
        setObjectName(QStringLiteral("kl-exclusive"));
    }
};

Q_GLOBAL_STATIC(ReadPool, readPool)
Q_GLOBAL_STATIC(ExclusivePool, exclusive)

} // namespace

QThreadPool* backgroundPool()
{
    return readPool();
}

QThreadPool* exclusivePool()
{
    return exclusive();
}

} // namespace kl::gui
