#pragma once

#include <string>
#include <vector>

namespace kl {

/// The demo kernel library's folder: `<prefix>/share/kernellens/kernels` next to the running
/// binary's `bin/` when installed, else `resources/kernels` of the source tree this build came
/// from; empty when neither exists.
std::string kernelLibraryDir();

/// The `*.json` specs in `dir`, sorted by name (full paths; not loaded, not checked).
std::vector<std::string> listKernelSpecs(const std::string& dir);

} // namespace kl
