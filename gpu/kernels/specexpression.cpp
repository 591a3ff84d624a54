#include "specexpression.h"

#include <cmath>
#include <muParser.h>

namespace kl {
namespace {

double fmodOp(double a, double b)
{
    return std::fmod(a, b);
}
double floorFn(double x)
{
    return std::floor(x);
}
double ceilFn(double x)
{
    return std::ceil(x);
}
double ceilDiv(double a, double b)
{
    return std::ceil(a / b);
}
double roundUp(double a, double b)
{
    return std::ceil(a / b) * b;
}

void addGeometryFunctions(mu::Parser& p)
{
    p.DefineOprt("%", fmodOp, mu::prMUL_DIV, mu::oaLEFT, true);
    p.DefineFun("floor", floorFn);
    p.DefineFun("ceil", ceilFn);
    p.DefineFun("ceil_div", ceilDiv);
    p.DefineFun("round_up", roundUp);
}

std::string causeOf(const mu::Parser::exception_type& e)
{
    std::string msg = e.GetMsg();
    // muparser ends some messages with a period and not others; keep ours uniform.
    while (!msg.empty() && (msg.back() == '.' || msg.back() == ' '))
        msg.pop_back();
    return msg;
}

} // namespace

bool isExpressionFunction(std::string_view name)
{
    static constexpr std::string_view kNames[] = {
        "sin",   "cos",  "tan",   "asin",  "acos", "atan",     "sinh",     "cosh", "tanh", "asinh", "acosh",
        "atanh", "log2", "log10", "log",   "ln",   "exp",      "sqrt",     "sign", "rint", "abs",   "sum",
        "avg",   "min",  "max",   "floor", "ceil", "ceil_div", "round_up", "_pi",  "_e"};
    for (auto n : kNames)
        if (n == name)
            return true;
    return false;
}

Result<std::vector<std::string>> expressionNames(std::string_view text)
{
    try {
        mu::Parser p;
        addGeometryFunctions(p);
        p.SetExpr(std::string(text));
        std::vector<std::string> names;
        for (const auto& [name, ptr] : p.GetUsedVar())
            names.push_back(name);
        return names;
    } catch (const mu::Parser::exception_type& e) {
        return fail(Text::verbatim(causeOf(e)));
    }
}

Status checkExpression(std::string_view text, const std::function<bool(std::string_view)>& known,
                       const Text& knownDescription)
{
    if (text.find_first_not_of(" \t") == std::string_view::npos)
        return fail(Text::of(KL_TEXT("kl::kernels", "empty expression")));
    const auto names = expressionNames(text);
    if (!names)
        return fail(names.error());
    for (const auto& n : *names)
        if (!known(n))
            return fail(Text::of(KL_TEXT("kl::kernels", "`%1` is not defined (%2)"), n, knownDescription));
    // GetUsedVar parses with placeholder variables; evaluate once with real bindings as well, so
    // nothing the spec's later evaluations would trip over slips through.
    ExpressionVariables vars;
    for (const auto& n : *names)
        vars[n] = 1;
    if (auto value = evaluateExpression(text, vars); !value)
        return fail(value.error());
    return {};
}

Result<double> evaluateExpression(std::string_view text, const ExpressionVariables& vars)
{
    try {
        mu::Parser p;
        addGeometryFunctions(p);
        // muparser binds variables by address; it only reads them during Eval.
        for (const auto& [name, value] : vars)
            p.DefineVar(name, const_cast<double*>(&value));
        p.SetExpr(std::string(text));
        return p.Eval();
    } catch (const mu::Parser::exception_type& e) {
        return fail(Text::verbatim(causeOf(e)));
    }
}

} // namespace kl
