#pragma once

// scanRemote's listing (core/remote internals, not an API): entries judged and handed over while
// SCAN is still running, the rest when it ends, the snapshot sorted at the end. SCAN returns an
// entry's keys in any order, scattered over the keyspace, and may return one twice: an entry is
// whole only once its group and every child the group names were listed. So nothing of a page is
// read but the group of an entry seen first (its text, to learn the children, of which only the
// names not listed yet are kept, as hashes), and a group's text is not fetched again when the
// entry is judged. Values are taken in name order, as listKeys gives them, so the snapshot is the
// one listKeys and readRemote make.

#include "remotecache.h"

namespace kl::remote::detail {

/// What scanRemote lists and reads, less PyTorch Inductor's values: per SCAN page, the keys by
/// `{key}`; the group of each entry seen for the first time (its size, idle time and text, to
/// learn the children it names); and each entry whose group and every child it names have been
/// listed, judged then (the sizes and idle times of its other values and the json that judges it,
/// pipelined per batch of entries; the group's text is the one already read) and handed to
/// `entriesRead`. What is pending when SCAN ends is judged then, in key order; an entry that SCAN
/// gave another key after it was handed over is judged again. Sorted by key at the end.
Result<RemoteSnapshot> scanWhileListing(Client& client, const KeyFormat& format,
                                        const RemoteScanOptions& options);

} // namespace kl::remote::detail
