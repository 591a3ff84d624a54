#pragma once

#include "core/util/result.h"
#include "core/util/text.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// Name -> value for expression evaluation (parameters, problem variables, derived names).
using ExpressionVariables = std::map<std::string, double, std::less<>>;

/// Spec expressions are muparser 2.3 syntax: + - * / ^, comparisons, && ||, ?:, min(), max(),
/// abs(), rint() and the rest of muparser's built-ins, plus what KernelLens adds for geometry:
/// `a % b` (fmod, at * precedence), floor(x), ceil(x), ceil_div(a, b) = ceil(a / b) and
/// round_up(a, b) = ceil_div(a, b) * b. Values are doubles.

/// Whether `name` is a function or constant of the expression language (muparser's built-ins and
/// ours): such names cannot be parameters or variables.
bool isExpressionFunction(std::string_view name);

/// The names `text` uses, or the cause ("Unexpected end of expression at position 11", muparser's
/// English, verbatim) when it does not parse.
Result<std::vector<std::string>> expressionNames(std::string_view text);

/// Checks syntax and that every name is in `known`. Errors: the muparser cause, or
/// "`X` is not defined (<knownDescription>)".
Status checkExpression(std::string_view text, const std::function<bool(std::string_view)>& known,
                       const Text& knownDescription);

/// Evaluates `text` with `vars` bound. Fails with a cause on a parse error or an unbound name;
/// a non-finite result is returned as is (callers decide what they accept).
Result<double> evaluateExpression(std::string_view text, const ExpressionVariables& vars);

} // namespace kl
