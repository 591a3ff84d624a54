#pragma once

#include "core/util/text.h"
#include "environment.h"

#include <chrono>
#include <string>

namespace kl {

/// The Triton a Python interpreter would import, or why none could be asked.
struct TritonVersion {
    bool found = false;
    std::string version; ///< "3.9.0"
    std::string python;  ///< the interpreter that was run (resolved through PATH)
    Text error;          ///< why not: no python3, the import's last error line, a timeout
};

/// The Python a user runs Triton with: $KL_PYTHON when set (a name looked up on PATH, or a path),
/// else the first python3 on PATH. `path` is empty, and `error` says which PATH was searched or
/// that KL_PYTHON names nothing executable, when there is none.
struct UserPython {
    std::string path;
    bool fromKlPython = false; ///< the user named it: nothing else should be tried instead
    Text error;
};
UserPython findUserPython(const Environment& env);

/// Whether `path` is a regular file this process may execute.
bool isExecutableFile(const std::string& path);

/// Run `python3 -c "import triton; print(triton.__version__)"` (python3 from PATH, or KL_PYTHON)
/// without a shell. Never waits longer than `timeout`: the interpreter and anything it started
/// are killed then.
TritonVersion detectTritonVersion(const Environment& env,
                                  std::chrono::milliseconds timeout = std::chrono::seconds(5));

} // namespace kl
