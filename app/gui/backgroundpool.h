#pragma once

class QThreadPool;

namespace kl::gui {

/// The threads KernelLens's own background work runs on (scans, detail reads, filter facets,
/// exports, filesystem probes), never QThreadPool::globalInstance(): Qt's raster engine hands
/// parts of a paint to the global pool and waits for them, so long tasks of ours there stalled
/// painting (130-250 ms after a 100,000-entry scan, measured with tests/bench/bench_gui_open).
QThreadPool* backgroundPool();

} // namespace kl::gui
