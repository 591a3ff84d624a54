#pragma once

#include <span>
#include <string_view>

namespace kl {

/// A cache-invalidating environment variable Triton folds into its key.
struct CacheEnvVar {
    std::string_view name;
    bool current; ///< still in the newest Triton's list; false for names older versions used
};

/// Every known cache-invalidating variable, newest list first, then older names. Kept as data
/// (see envvars.cpp) so the scanner, explain and doctor share one list.
std::span<const CacheEnvVar> cacheInvalidatingEnvVars();

bool isCacheInvalidatingEnvVar(std::string_view name);

} // namespace kl
