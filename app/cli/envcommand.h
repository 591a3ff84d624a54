#pragma once

namespace kl::cli {

struct EnvArgs {
    bool json = false;
};

/// `klens env`: the effective folders with their health, the cache-invalidating variables set
/// now and the installed Triton. Returns 1 when a folder got a warning.
int runEnv(const EnvArgs& args);

} // namespace kl::cli
