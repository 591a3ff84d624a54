#pragma once

#include <functional>
#include <optional>
#include <string>

namespace kl {

/// The process environment as the rest of core sees it; tests substitute their own.
struct Environment {
    std::function<std::optional<std::string>(const std::string&)> get;
    std::string home; ///< $HOME, else the passwd entry
    std::string user; ///< $USER, else the passwd entry

    static Environment current();
};

/// Where KernelLens keeps its own caches: $XDG_CACHE_HOME when absolute, else ~/.cache.
std::string userCacheHome(const Environment& env);

/// One of KernelLens's own caches: $`variable` when it is an absolute path, empty (no cache) when
/// it is "off" or relative, else <userCacheHome>/kernellens/`name`.
std::string ownCacheDir(const Environment& env, const std::string& variable, const std::string& name);

/// The scan index's folder (core/scan/scanindex.h): $KERNELLENS_SCAN_INDEX when it is a path,
/// empty (no index) when it is "off", else <userCacheHome>/kernellens/scan-index.
std::string scanIndexDir(const Environment& env);

/// A Triton switch as Triton reads it: 3.x's getenv_bool takes 1, true or on (any case; 3.0-3.3
/// compare with "1" alone, which this includes); unset or anything else is off.
bool tritonSwitch(const Environment& env, const std::string& name);

} // namespace kl
