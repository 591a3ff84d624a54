#pragma once

#include "core/doctor/doctorcontext.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kl::cli {

struct DoctorArgs {
    std::vector<std::string> dirs;
    bool json = false;
    std::size_t flood = 64;
    std::string tritonVersion;      ///< overrides the installed Triton's version
    std::vector<std::string> archs; ///< overrides this machine's GPU archs
    bool noBinaries = false;
    unsigned threads = 0;
    bool progress = false;
};

/// The machine the doctor and `clean --stale` judge entries against: the Triton version and GPU
/// archs given on the command line, else what python3 and nvidia-smi say (explain's probe), and
/// the filesystem probe. `sources`, when given, is set to where the version and archs came from.
DoctorContext cliDoctorContext(const std::string& tritonVersion, const std::vector<std::string>& archs,
                               std::string* sources = nullptr);

/// `klens doctor`: findings with fixes, as text or the doctor JSON. Returns the exit code.
int runDoctor(const DoctorArgs& args);

} // namespace kl::cli
