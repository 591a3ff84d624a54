#pragma once

// An edited TTIR, TTGIR or LLIR file compiled by Triton in the user's Python, without the user's
// script: TTIR and TTGIR through Triton's own IR-file compile (triton.compile(path)), LLIR through
// its backend's later stages (make_ptx, make_cubin), all with the entry's target and options and
// into a scratch cache. A pristine stage file rebuilds the entry's cubin byte for byte
// (tests/override/test_override_try.py), so what differs is the edit's doing.

#include "core/env/environment.h"
#include "core/model/entry.h"
#include "core/util/text.h"

#include <atomic>
#include <map>
#include <optional>
#include <string>

namespace kl {

struct TritonIrBuild {
    enum class Outcome {
        Built,    ///< `stages` holds every later stage Triton made of the file
        NoTriton, ///< no Python at hand has a Triton: `why` says what each has
        Failed,   ///< Triton ran and rejected the file: `log` holds its messages
    };
    Outcome outcome = Outcome::NoTriton;
    std::map<std::string, std::string> stages; ///< "ptx", "cubin", ... -> bytes
    std::optional<unsigned> numWarps;          ///< from the new compile's metadata, when it says
    std::optional<std::uint64_t> sharedBytes;  ///< the new compile's dynamic shared memory
    std::string python;
    std::string tritonVersion;
    bool otherVersion = false; ///< the entry's Triton was not at hand: another version built it
    std::string log;           ///< Triton's standard error (its parser's and ptxas's messages)
    Text why;
};

/// Compile `file` (its extension names the stage: ttir, ttgir, llir or ptx) for `entry`'s target
/// with the options its metadata (`metadataPath`, text `metadataText`) records. The Python is the
/// first of tritonPythonCandidates whose Triton is the entry's version, else the first with any
/// Triton (`otherVersion`). `lineInfo`: whether the entry's PTX had line info (Triton's knob).
TritonIrBuild buildWithTriton(const Entry& entry, const std::string& metadataText,
                              const std::string& metadataPath, const std::string& file, bool lineInfo,
                              const Environment& env, const std::atomic<bool>* cancel = nullptr);

} // namespace kl
