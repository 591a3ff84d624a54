#pragma once

#include "text.h"

#include <tl/expected.hpp>
#include <utility>

namespace kl {

/// A value or the sentence that says why there is none. Errors are `Text` so the CLI prints them
/// in English and the GUI in its language. tl::expected (Debian's libexpected-dev) stands in for
/// C++23's std::expected until the project moves to C++23; the names below are the only ones the
/// rest of the code uses, so that move is one edit here.
template <typename T> using Result = tl::expected<T, Text>;
/// Success or why not.
using Status = tl::expected<void, Text>;

/// The error side of a Result: `return kl::fail(Text::of(KL_TEXT(...), path, cause));`
inline tl::unexpected<Text> fail(Text why)
{
    return tl::unexpected<Text>(std::move(why));
}

} // namespace kl
