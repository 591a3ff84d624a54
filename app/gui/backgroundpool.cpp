#include "backgroundpool.h"

#include <QThreadPool>

namespace kl::gui {
namespace {

struct Pool : QThreadPool {
    Pool()
    {
        // A scan, a detail read and a probe at once, plus one spare; most of it waits on disks.
        setMaxThreadCount(4);
        setObjectName(QStringLiteral("kl-background"));
    }
};

Q_GLOBAL_STATIC(Pool, pool)

} // namespace

QThreadPool* backgroundPool()
{
    return pool();
}

} // namespace kl::gui
