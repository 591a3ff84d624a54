#include "specexpression.h"

#include "core/util/dynlib.h"

#include <cmath>
#include <muParserDLL.h>
#include <muParserDef.h>
#include <optional>
#include <string>

namespace kl {
namespace {

// muparser is opened on first use (util/dynlib), through its C interface, rather than linked:
// with the libgomp it brings it cost every klens start 0.43 ms (of 3.4), and only kernel specs
// (autotune) use it. The C interface wraps the same mu::Parser and keeps its messages.
#define KL_MUPARSER_FUNCTIONS(X)                                                                             \
    X(mupCreate)                                                                                             \
    X(mupRelease)                                                                                            \
    X(mupSetExpr)                                                                                            \
    X(mupEval)                                                                                               \
    X(mupError)                                                                                              \
    X(mupGetErrorMsg)                                                                                        \
    X(mupDefineVar)                                                                                          \
    X(mupDefineFun1)                                                                                         \
    X(mupDefineFun2)                                                                                         \
    X(mupDefineOprt)                                                                                         \
    X(mupGetExprVarNum)                                                                                      \
    X(mupGetExprVar)

struct MuParserApi {
    Text error;
#define KL_MUPARSER_MEMBER(name) decltype(&::name) name = nullptr;
    KL_MUPARSER_FUNCTIONS(KL_MUPARSER_MEMBER)
#undef KL_MUPARSER_MEMBER
};

const MuParserApi& muParserApi()
{
    // Debian's libmuparser2v5 (muparser 2.3) ships libmuparser.so.2.
    static const MuParserApi api = [] {
        MuParserApi a;
#define KL_MUPARSER_SLOT(name) dynamicSlot(a.name, #name),
        auto lib = openWithFunctions(
            {"libmuparser.so.2"},
            KL_TEXT("kl::kernels",
                    "muparser could not be loaded (%1): install libmuparser2v5 to read kernel specs"),
            {KL_MUPARSER_FUNCTIONS(KL_MUPARSER_SLOT)});
#undef KL_MUPARSER_SLOT
        if (!lib)
            a.error = lib.error();
        return a;
    }();
    return api;
}

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

std::string causeOf(std::string msg)
{
    // muparser ends some messages with a period and not others; keep ours uniform.
    while (!msg.empty() && (msg.back() == '.' || msg.back() == ' '))
        msg.pop_back();
    return msg;
}

// One parser with KernelLens's geometry functions; released when it goes.
class Parser {
public:
    explicit Parser(const MuParserApi& api)
        : m_api(api)
        , m_h(api.mupCreate(muBASETYPE_FLOAT))
    {
        m_api.mupDefineOprt(m_h, "%", fmodOp, mu::prMUL_DIV, muOPRT_ASCT_LEFT, true);
        m_api.mupDefineFun1(m_h, "floor", floorFn, true);
        m_api.mupDefineFun1(m_h, "ceil", ceilFn, true);
        m_api.mupDefineFun2(m_h, "ceil_div", ceilDiv, true);
        m_api.mupDefineFun2(m_h, "round_up", roundUp, true);
    }
    ~Parser() { m_api.mupRelease(m_h); }
    Parser(const Parser&) = delete;
    Parser& operator=(const Parser&) = delete;

    const MuParserApi& api() const { return m_api; }
    muParserHandle_t handle() const { return m_h; }
    /// The cause of the first failure since the last call (muparser keeps the latest message).
    std::optional<std::string> failure() const
    {
        if (!m_api.mupError(m_h))
            return std::nullopt;
        return causeOf(m_api.mupGetErrorMsg(m_h));
    }

private:
    const MuParserApi& m_api;
    muParserHandle_t m_h;
};

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
    const MuParserApi& api = muParserApi();
    if (!api.error.empty())
        return fail(api.error);
    Parser p(api);
    api.mupSetExpr(p.handle(), std::string(text).c_str());
    const int count = api.mupGetExprVarNum(p.handle());
    if (auto why = p.failure())
        return fail(Text::verbatim(*why));
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
        const muChar_t* name = nullptr;
        muFloat_t* value = nullptr;
        api.mupGetExprVar(p.handle(), static_cast<unsigned>(i), &name, &value);
        if (name)
            names.emplace_back(name);
    }
    return names;
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
    const MuParserApi& api = muParserApi();
    if (!api.error.empty())
        return fail(api.error);
    Parser p(api);
    // muparser binds variables by address; it only reads them during Eval.
    for (const auto& [name, value] : vars)
        api.mupDefineVar(p.handle(), name.c_str(), const_cast<double*>(&value));
    if (auto why = p.failure())
        return fail(Text::verbatim(*why));
    api.mupSetExpr(p.handle(), std::string(text).c_str());
    const double value = api.mupEval(p.handle());
    if (auto why = p.failure())
        return fail(Text::verbatim(*why));
    return value;
}

} // namespace kl
