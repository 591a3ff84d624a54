#pragma once

// A Triton entry's cubin rebuilt by the Triton that wrote it. Triton assembles PTX with the ptxas
// its wheel bundles, with flags that change between releases (3.9 adds --regAllocOptLevel=2 and
// uses ptxas-blackwell from sm_90 on); KernelLens's nvJitLink is another ptxas, so its cubin
// differs from a pristine entry's and cannot tell pristine from tampered. This runs the entry's
// own Triton (its CUDA backend's make_cubin, with the options the metadata records) in the
// user's Python, so a pristine entry rebuilds byte for byte and only a real difference shows.

#include "core/env/environment.h"
#include "core/model/entry.h"
#include "core/util/text.h"

#include <atomic>
#include <string>
#include <vector>

namespace kl {

struct TritonRebuild {
    enum class Outcome {
        Rebuilt,          ///< `cubin` holds what the entry's Triton made of its PTX
        NoMatchingTriton, ///< no Python at hand has the entry's Triton: `why` says what each has
        Failed,           ///< the entry's Triton ran and failed (ptxas rejected the PTX): `why`
    };
    Outcome outcome = Outcome::NoMatchingTriton;
    std::string cubin;
    std::string python;        ///< the interpreter that ran it
    std::string tritonVersion; ///< its triton.__version__
    std::string ptxas;         ///< the ptxas that Triton ran, when it says
    std::string log;           ///< ptxas's and Triton's messages (stderr)
    Text why;
};

/// The Pythons that may hold the entry's Triton, in order, with how each was found: $KL_PYTHON
/// alone when set (the user chose it); else the Python of the Triton install the metadata's
/// `extern_libs` (libdevice) path lies in, when it still exists (the very Triton that compiled
/// the entry), then the first python3 on PATH.
std::vector<std::pair<std::string, std::string>> tritonPythonCandidates(const std::string& metadataText,
                                                                        const Environment& env);

/// Rebuild the cubin of a CUDA entry from its PTX with the first candidate whose Triton version
/// equals the entry's (`entry.tritonVersion`). `metadataPath` is the entry's metadata file. The
/// source files' times and sizes the cached cubin's line table recorded are handed to ptxas
/// (core/cubin/linetable.h), so a source moved or edited since the compile changes nothing.
TritonRebuild rebuildCubinWithTriton(const Entry& entry, const std::string& metadataText,
                                     const std::string& metadataPath, const std::string& ptx,
                                     const std::string& cachedCubin, const Environment& env,
                                     const std::atomic<bool>* cancel = nullptr);

} // namespace kl
