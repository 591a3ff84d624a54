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

} // namespace kl
