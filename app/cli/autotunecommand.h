#pragma once

#include <cstdint>
#include <string>

namespace kl::cli {

struct AutotuneArgs {
    std::string spec; ///< a spec file, or the name of one in the demo kernel library
    std::string size; ///< "", a size name, or "N=4096,..."
    std::string arch; ///< default: the device's
    int device = 0;
    int optLevel = 3;
    std::string cache; ///< NVRTC cache root (default: defaultNvrtcCacheRoot)
    double warmupMs = 25;
    double repMs = 100;
    bool noFlush = false;
    double timeBoundS = 10;
    std::size_t limit = 0;
    std::uint64_t seed = 1;
    bool noSave = false;
    bool noCopy = false; ///< skip the device-to-device copy yardstick
    std::string log;
    bool noLog = false;
    bool json = false;
};

/// `klens autotune`: exit 0 a best configuration was found, 1 none passed, 2 usage or a bad
/// spec, 3 no usable GPU, 130 cancelled (Ctrl-C; the configurations done so far are printed).
int runAutotuneCommand(const AutotuneArgs& args);

} // namespace kl::cli
