#pragma once

// A test's cache and dump (or override) folders scanned together, as the override suites see
// them, and an entry found in the result by its path.

#include "core/model/snapshot.h"

#include <QString>
#include <cstddef>

/// `cache` scanned as a cache root and `dump` as a dump root, in one snapshot.
kl::Snapshot scanCacheAndDump(const QString& cache, const QString& dump);

/// The index of the entry at `path` in `snap`; snap.entries.size() when none is there.
std::size_t entryIndexOf(const kl::Snapshot& snap, const QString& path);
