#pragma once

// One source line, every stage: for each (file, line) of the kernel's source, the lines of each
// IR stage and the SASS instructions it produced, directly or through the @triton.jit functions
// and `tl` library code it calls (every location of an inline chain counts for its line).

#include "core/env/environment.h"
#include "core/model/entry.h"
#include "core/model/sourcelocation.h"
#include "core/sass/sassdisasm.h"
#include "core/util/result.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// The text stages read, in compile order. "source" is Triton's first MLIR (3.4+ writes it).
inline constexpr const char* kLineMapStages[] = {"source", "ttir", "ttgir", "llir", "ptx"};

struct LineMapRow {
    SourceLocation source;
    std::map<std::string, std::vector<unsigned>> stages; ///< stage -> 1-based lines of its file
    std::vector<std::uint64_t> sass;                     ///< instruction offsets
};

struct LineMapFile {
    std::string path;     ///< as the stages recorded it
    bool exists = false;  ///< a regular file at that path now
    bool changed = false; ///< modified after the entry was written: its lines may no longer match
};

struct LineMap {
    std::vector<std::string> stages; ///< the stages that were read (and "sass" when disassembled)
    std::vector<LineMapRow> rows;    ///< by file, then line
    std::vector<LineMapFile> files;  ///< every source file the rows name
    std::optional<SassResult> sass;  ///< the SASS the offsets refer to
    std::vector<Text> notes;         ///< stages without locations, SASS not available, cut-off files
};

struct LineMapOptions {
    bool sass = true; ///< disassemble the cubin (core/sass) when the entry has one
    SassOptions sassOptions;
};

/// Reads the entry's stages (local files) and builds its map. A stage that cannot be read, has no
/// locations or refers to definitions it does not hold gives a note; only an entry with none of
/// the stages is an error.
Result<LineMap> buildLineMap(const Entry& entry, const Environment& env, const LineMapOptions& options = {});

} // namespace kl
