#pragma once

#include "core/model/snapshot.h"
#include "core/util/jsonwriter.h"
#include "entrydetail.h"

#include <cstdio>
#include <functional>
#include <string>

namespace kl {

/// `klens scan --json`, schema "kernellens.scan/1" (documented in docs/json-schema.md).
void writeSnapshotJson(const Snapshot& snapshot, std::FILE* out);

/// `klens show --json`, schema "kernellens.entry/1".
void writeEntryDetailJson(const EntryDetail& detail, std::FILE* out);

/// One entry object of "kernellens.scan/1" (the root's path when `snapshot` is given); `extra`
/// adds members of its own before the object closes.
void writeEntryJson(json::Writer& w, const Entry& entry, const Snapshot* snapshot,
                    const std::function<void(json::Writer&)>& extra = {});
/// An entry's "problems" array: code and message of each.
void writeProblems(json::Writer& w, const std::vector<Problem>& problems);
/// The "roots" array every klens document shares: path, reason, exists, error, note, parent.
void writeRoots(json::Writer& w, const std::vector<Root>& roots);

} // namespace kl
