#pragma once

// Which nvdisasm disassembles cubins, found where a user has one: KernelLens ships none, and the
// user's own (a CUDA Toolkit, or the one in Triton's wheel beside ptxas) matches their toolchain.

#include "core/env/environment.h"
#include "core/util/result.h"

#include <string>
#include <vector>

namespace kl {

struct NvdisasmTool {
    std::string path;
    std::string version; ///< "13.1.80", from `nvdisasm --version`; empty when it did not say
    std::string foundBy; ///< "KERNELLENS_NVDISASM", "PATH", "CUDA Toolkit", "Triton", "nvidia-cuda-nvdisasm"
};

/// The places looked at, in order, with what each is called in NvdisasmTool::foundBy:
/// $KERNELLENS_NVDISASM; every folder of $PATH; the CUDA Toolkit ($CUDA_HOME, $CUDA_PATH,
/// /usr/local/cuda, /opt/cuda); Triton's backends/nvidia/bin in the site-packages of the python3
/// first on $PATH (a user's active virtual environment) and of ~/.local; the nvidia-cuda-nvdisasm
/// wheel there. A KERNELLENS_NVDISASM that names no executable is an error, not skipped: the user
/// asked for that one.
std::vector<std::pair<std::string, std::string>> nvdisasmCandidates(const Environment& env);

/// The first candidate that is an executable file, with its version. When none is, the error is
/// one sentence saying what to install.
Result<NvdisasmTool> findNvdisasm(const Environment& env);

} // namespace kl
