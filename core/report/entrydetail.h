#pragma once

#include "core/formats/autotune.h"
#include "core/formats/groupfile.h"
#include "core/formats/metadata.h"
#include "core/model/entry.h"
#include "core/util/text.h"

#include <optional>
#include <string>
#include <string_view>

namespace kl {

/// Everything `klens show` prints about one entry: the scanned entry plus the full metadata,
/// the group file as recorded, and the autotune result. Read on demand, never while scanning.
struct EntryDetail {
    Entry entry;
    std::optional<Metadata> metadata;
    std::optional<GroupFile> group;
    std::optional<AutotuneResult> autotune;
    Text readError; ///< why a part could not be read (already also in entry.problems)
};

EntryDetail loadEntryDetail(const Entry& entry);

/// A stage's content for display: text as is, binaries as a libmagic line and a hex dump.
struct StageView {
    bool ok = false;
    bool binary = false;
    std::string text; ///< the text, or the hex dump for binaries
    std::string type; ///< libmagic's description, or (English) why libmagic could not give one
    Text error;       ///< names the path and the cause
};

/// Read one stage of an entry. `maxBytes` bounds what is read of a text stage.
StageView loadStage(const Entry& entry, const std::string& ext, std::uint64_t maxBytes = 512ull << 20);

/// The same view of bytes already in hand (a stage fetched from a remote cache).
StageView stageViewOfBytes(std::string bytes, std::string_view ext);

/// A classic hex dump (offset, 16 bytes, ASCII) of the first `limit` bytes.
std::string hexDump(const std::string& bytes, std::size_t limit);

} // namespace kl
