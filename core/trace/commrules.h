#pragma once

// Which kernels are communication, as data. A profiler records only a kernel's name, so a rule
// names a library by what its kernels are called in its sources: NCCL's `ncclDevKernel_*`,
// DeepEP's `deep_ep::internode::dispatch`, PyTorch's `c10d::symmetric_memory::*`, ... HTA's one
// test ("nccl" in the name) misses every library but NCCL, so its compute time holds the rest.
// A kernel no rule names stays compute; users add their own patterns (`klens trace --comm`, the
// Trace page's setting). The table is documented in docs/trace-classes.md.

#include "core/util/result.h"

#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace kl::trace {

/// One built-in rule: a kernel whose lower-cased name contains `match` is communication of
/// `library`.
struct CommRule {
    std::string_view library;
    std::string_view match;
};

/// The built-in rules, most specific first (MSCCL++ before MSCCL before NCCL).
const std::vector<CommRule>& builtinCommRules();

class CommClassifier {
public:
    /// The built-in rules only.
    CommClassifier() = default;

    /// The user's patterns (ECMAScript regular expressions, case-insensitive, searched anywhere in
    /// the name) tried before the built-in rules. A pattern that does not compile is an error
    /// naming it and the cause.
    static Result<CommClassifier> withUserPatterns(const std::vector<std::string>& patterns);

    /// The rule that names `name` communication ("NCCL", "DeepEP", "--comm <pattern>"), or ""
    /// when none does.
    std::string rule(std::string_view name) const;

    const std::vector<std::string>& userPatterns() const { return m_patterns; }

private:
    struct UserRule {
        std::string pattern;
        std::shared_ptr<const std::regex> regex; ///< shared: a classifier is copied into workers
    };
    std::vector<UserRule> m_user;
    std::vector<std::string> m_patterns;
};

} // namespace kl::trace
