#pragma once

class QThreadPool;

namespace kl::gui {

/// The threads KernelLens's reads run on (scans, detail and stage reads, filter facets, exports,
/// filesystem probes, the dashboard's figures), never QThreadPool::globalInstance(): Qt's raster
/// engine hands parts of a paint to the global pool and waits for them, so long tasks of ours
/// there stalled painting (130-250 ms after a 100,000-entry scan, measured with
/// tests/bench/bench_gui_open).
QThreadPool* backgroundPool();

/// One thread for work that must not overlap with more of its kind and may run for minutes:
/// compiles, autotuning (one GPU context at a time), recompiles and deletions. Kept off
/// backgroundPool() so a long run never leaves the detail pane's reads waiting for a thread.
QThreadPool* exclusivePool();

} // namespace kl::gui
