#pragma once

// A compiled Triton kernel's parameters, read from its stages: the kernel's own arguments from
// the TTIR's `tt.func` (names and types as the Python signature compiled them: constexprs gone),
// and the PTX entry's parameter count, which adds the scratch pointers Triton's launcher passes
// (global scratch from 3.3, profile scratch from 3.5). A run spec is checked against the first;
// the difference says how many scratch pointers to append.

#include "core/util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct TritonParameter {
    std::string name; ///< "x_ptr" (3.6+), "arg0" before
    std::string type; ///< as written: "!tt.ptr<f32>", "i32", "!tt.tensordesc<...>"
    bool pointer = false;
    std::string element; ///< a pointer's element type ("f32"), or the scalar's type
};

/// The parameters of `tt.func [public] @kernel(...)` in `ttir`, or why not (no such function).
Result<std::vector<TritonParameter>> ttirParameters(std::string_view ttir, const std::string& kernel);

/// The number of `.param`s of `.entry kernel(...)` in `ptx`, or why not.
Result<std::size_t> ptxParameterCount(std::string_view ptx, const std::string& kernel);

} // namespace kl
