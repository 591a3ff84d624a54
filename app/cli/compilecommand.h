#pragma once

#include <string>
#include <vector>

namespace kl::cli {

struct CompileArgs {
    std::string file; ///< the .cu file
    std::string name; ///< entry name (default: the file's stem)
    std::string arch; ///< sm_XX
    int optLevel = 3;
    std::vector<std::string> defines;
    std::vector<std::string> includes;
    bool lineInfo = false;
    std::string standard = "c++17";
    std::string via = "nvrtc"; ///< nvrtc | nvjitlink
    std::string cache;         ///< cache root (default: defaultNvrtcCacheRoot)
    std::string outDir;        ///< also copy the .ptx and .cubin here
    std::string log;           ///< events log (default: defaultEventsLogPath)
    bool noLog = false;
    bool alwaysCompile = false;
    bool json = false;
    std::string remote; ///< the team's Redis cache (default: $KERNELLENS_REDIS_URL when set)
    bool noRemote = false;
};

/// `klens compile`: CUDA C++ through NVRTC and KernelLens's cache. Exit 0 compiled or hit,
/// 1 the compile failed (the NVRTC log is printed), 2 usage, I/O, or NVRTC unavailable.
int runCompile(const CompileArgs& args);

} // namespace kl::cli
