#include "kernelspec.h"

#include "core/formats/json.h"
#include "core/util/posixfile.h"
#include "kernelconfig.h"
#include "kernelreference.h"
#include "launchplan.h"
#include "specreader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace kl {

std::string_view dataTypeName(DataType t)
{
    switch (t) {
    case DataType::F16: return "f16";
    case DataType::F32: return "f32";
    case DataType::F64: return "f64";
    case DataType::I32: return "i32";
    case DataType::I64: return "i64";
    }
    return "?";
}

std::optional<DataType> dataTypeFromName(std::string_view s)
{
    for (auto t : {DataType::F16, DataType::F32, DataType::F64, DataType::I32, DataType::I64})
        if (dataTypeName(t) == s)
            return t;
    return std::nullopt;
}

std::size_t dataTypeSize(DataType t)
{
    switch (t) {
    case DataType::F16: return 2;
    case DataType::F32:
    case DataType::I32: return 4;
    case DataType::F64:
    case DataType::I64: return 8;
    }
    return 0;
}

std::string_view argumentRoleName(ArgumentRole r)
{
    switch (r) {
    case ArgumentRole::In: return "in";
    case ArgumentRole::Out: return "out";
    case ArgumentRole::InOut: return "inout";
    case ArgumentRole::Scratch: return "scratch";
    }
    return "?";
}

std::string_view fillKindName(FillKind f)
{
    switch (f) {
    case FillKind::Uniform: return "uniform";
    case FillKind::UniformInt: return "uniform_int";
    case FillKind::Zero: return "zero";
    case FillKind::Poison: return "poison";
    }
    return "?";
}

std::string_view metricKindName(MetricKind m)
{
    return m == MetricKind::Bytes ? "bytes" : "flops";
}

const ProblemSize* KernelSpec::findSize(std::string_view sizeName) const
{
    for (const auto& s : sizes)
        if (s.name == sizeName)
            return &s;
    return nullptr;
}

namespace {

// More combinations than this is a spec mistake, not a tuning space anyone will time.
constexpr std::size_t kMaxCombinations = 1000000;
constexpr std::uint64_t kMaxSourceBytes = 4u << 20;

std::string folderOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Whether `word` occurs in `text` as a whole identifier.
bool containsIdentifier(std::string_view text, std::string_view word)
{
    auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (auto pos = text.find(word); pos != std::string_view::npos; pos = text.find(word, pos + 1)) {
        const bool startOk = pos == 0 || !isIdent(text[pos - 1]);
        const bool endOk = pos + word.size() == text.size() || !isIdent(text[pos + word.size()]);
        if (startOk && endOk)
            return true;
    }
    return false;
}

Text listOf(const std::vector<std::string>& names)
{
    std::string s;
    for (const auto& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s.empty() ? Text::of(KL_TEXT("kl::kernels", "none")) : Text::verbatim(s);
}

class SpecParser {
public:
    SpecParser(const std::string& path, const FixedLaunch* fixed = nullptr)
        : m_in(path)
        , m_fixed(fixed)
    {
    }

    Result<KernelSpec> parse(std::string_view text);

private:
    bool header(const rapidjson::Value& root);
    bool parameters(const rapidjson::Value& root);
    bool constraints(const rapidjson::Value& root);
    bool problem(const rapidjson::Value& root);
    bool derived(const rapidjson::Value& root);
    bool launch(const rapidjson::Value& root);
    bool arguments(const rapidjson::Value& root);
    bool argument(const rapidjson::Value& v, const std::string& field, KernelArgument& a);
    bool fill(const rapidjson::Value& v, const std::string& field, KernelArgument& a);
    bool checking(const rapidjson::Value& root);
    bool tritonHeader(const rapidjson::Value& root);
    bool tolerance(const rapidjson::Value& root, bool required);
    bool defaultPlans();

    bool newName(const std::string& field, const std::string& name);
    Text knownNames(bool withSizes, std::size_t derivedCount) const;
    bool expressionValue(const rapidjson::Value& v, const std::string& field, std::string& out,
                         bool withSizes, std::size_t derivedCount);
    bool expressionField(const rapidjson::Value& obj, const char* key, const std::string& prefix,
                         std::string& out, bool withSizes, std::size_t derivedCount,
                         const char* fallback = nullptr);
    bool isKnown(std::string_view n, bool withSizes, std::size_t derivedCount) const;

    SpecReader m_in;
    const FixedLaunch* m_fixed; ///< a Triton run spec: what the compiled kernel fixes
    KernelSpec m_spec;
};

bool SpecParser::newName(const std::string& field, const std::string& name)
{
    if (!isIdentifier(name))
        return m_in.fail(
            field, Text::of(KL_TEXT("kl::kernels",
                                    "`%1` is not a name (letters, digits and _, not starting with a digit)"),
                            name));
    if (isExpressionFunction(name))
        return m_in.fail(
            field, Text::of(KL_TEXT("kl::kernels", "`%1` is the name of an expression function"), name));
    for (const auto& p : m_spec.parameters)
        if (p.name == name)
            return m_in.fail(field, Text::of(KL_TEXT("kl::kernels", "`%1` is already a parameter"), name));
    for (const auto& v : m_spec.problemVariables)
        if (v == name)
            return m_in.fail(field,
                             Text::of(KL_TEXT("kl::kernels", "`%1` is already a problem variable"), name));
    for (const auto& d : m_spec.derived)
        if (d.name == name)
            return m_in.fail(field, Text::of(KL_TEXT("kl::kernels", "`%1` is already a derived name"), name));
    return true;
}

bool SpecParser::isKnown(std::string_view n, bool withSizes, std::size_t derivedCount) const
{
    for (const auto& p : m_spec.parameters)
        if (p.name == n)
            return true;
    if (!withSizes)
        return false;
    for (const auto& v : m_spec.problemVariables)
        if (v == n)
            return true;
    for (std::size_t i = 0; i < derivedCount && i < m_spec.derived.size(); ++i)
        if (m_spec.derived[i].name == n)
            return true;
    return false;
}

Text SpecParser::knownNames(bool withSizes, std::size_t derivedCount) const
{
    std::vector<std::string> params, derived;
    for (const auto& p : m_spec.parameters)
        params.push_back(p.name);
    if (!withSizes)
        return Text::of(KL_TEXT("kl::kernels", "parameters: %1"), listOf(params));
    for (std::size_t i = 0; i < derivedCount && i < m_spec.derived.size(); ++i)
        derived.push_back(m_spec.derived[i].name);
    if (derived.empty())
        return Text::of(KL_TEXT("kl::kernels", "parameters: %1; problem variables: %2"), listOf(params),
                        listOf(m_spec.problemVariables));
    return Text::of(KL_TEXT("kl::kernels", "parameters: %1; problem variables: %2; derived: %3"),
                    listOf(params), listOf(m_spec.problemVariables), listOf(derived));
}

bool SpecParser::expressionField(const rapidjson::Value& obj, const char* key, const std::string& prefix,
                                 std::string& out, bool withSizes, std::size_t derivedCount,
                                 const char* fallback)
{
    const std::string field = SpecReader::join(prefix, key);
    const rapidjson::Value* v = m_in.member(obj, key, prefix, fallback == nullptr);
    if (!v) {
        if (!fallback || !m_in.ok())
            return false;
        out = fallback;
        return true;
    }
    return expressionValue(*v, field, out, withSizes, derivedCount);
}

bool SpecParser::expressionValue(const rapidjson::Value& v, const std::string& field, std::string& out,
                                 bool withSizes, std::size_t derivedCount)
{
    if (!m_in.expression(v, field, out))
        return false;
    const Status checked = checkExpression(
        out, [&](std::string_view n) { return isKnown(n, withSizes, derivedCount); },
        knownNames(withSizes, derivedCount));
    if (!checked) {
        // An undefined name says which; a syntax error quotes the expression.
        const Text& cause = checked.error();
        return m_in.fail(field,
                         cause.english().starts_with("`")
                             ? cause
                             : Text::of(KL_TEXT("kl::kernels", "bad expression `%1`: %2"), out, cause));
    }
    return true;
}

bool SpecParser::header(const rapidjson::Value& root)
{
    std::string schema;
    if (!m_in.string(root, "schema", "", schema))
        return false;
    if (schema != kKernelSpecSchema)
        return m_in.fail("schema",
                         Text::of(KL_TEXT("kl::kernels", "`%1` is not `%2`"), schema, kKernelSpecSchema));
    if (!m_in.string(root, "name", "", m_spec.name))
        return false;
    if (m_spec.name.empty() ||
        m_spec.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "0123456789_.-") != std::string::npos ||
        m_spec.name[0] == '.')
        return m_in.fail(
            "name", Text::of(KL_TEXT("kl::kernels", "`%1` is not a kernel name (letters, digits, _ . -)"),
                             m_spec.name));
    if (root.HasMember("description") && !m_in.string(root, "description", "", m_spec.description))
        return false;

    std::string source;
    if (!m_in.string(root, "source", "", source))
        return false;
    if (source.empty())
        return m_in.fail("source", Text::of(KL_TEXT("kl::kernels", "empty")));
    m_spec.sourcePath = source.front() == '/' ? source : joinPath(folderOf(m_spec.path), source);
    auto read = readFile(m_spec.sourcePath, kMaxSourceBytes + 1);
    if (!read)
        return m_in.fail("source", Text::of(KL_TEXT("kl::kernels", "cannot read %1: %2"), m_spec.sourcePath,
                                            std::move(read.error())));
    m_spec.source = std::move(*read);
    if (m_spec.source.size() > kMaxSourceBytes)
        return m_in.fail("source",
                         Text::of(KL_TEXT("kl::kernels", "%1 is larger than 4 MiB"), m_spec.sourcePath));

    if (!m_in.string(root, "entry", "", m_spec.entry))
        return false;
    if (!isIdentifier(m_spec.entry))
        return m_in.fail("entry",
                         Text::of(KL_TEXT("kl::kernels", "`%1` is not a function name"), m_spec.entry));
    if (!containsIdentifier(m_spec.source, m_spec.entry))
        return m_in.fail("entry", Text::of(KL_TEXT("kl::kernels", "`%1` does not appear in %2"), m_spec.entry,
                                           m_spec.sourcePath));
    if (root.HasMember("arch_variant")) {
        if (!m_in.string(root, "arch_variant", "", m_spec.archVariant))
            return false;
        if (m_spec.archVariant != "a")
            return m_in.fail("arch_variant",
                             Text::of(KL_TEXT("kl::kernels", "`%1` is not an arch variant (%2)"),
                                      m_spec.archVariant, "a"));
    }
    return true;
}

bool SpecParser::parameters(const rapidjson::Value& root)
{
    const rapidjson::Value* arr = m_in.array(root, "parameters", "", false);
    if (!arr)
        return m_in.ok();
    for (rapidjson::SizeType i = 0; i < arr->Size(); ++i) {
        const std::string field = "parameters[" + std::to_string(i) + "]";
        const rapidjson::Value& p = (*arr)[i];
        if (!m_in.object(p, field) || !m_in.onlyKnown(p, field, {"name", "values", "default", "description"}))
            return false;
        TunableParameter param;
        if (!m_in.string(p, "name", field, param.name) || !newName(field + ".name", param.name))
            return false;
        const rapidjson::Value* values = m_in.array(p, "values", field, true);
        if (!values)
            return false;
        if (values->Empty())
            return m_in.fail(field + ".values", Text::of(KL_TEXT("kl::kernels", "empty")));
        for (rapidjson::SizeType j = 0; j < values->Size(); ++j) {
            const std::string vf = field + ".values[" + std::to_string(j) + "]";
            std::int64_t v = 0;
            if (!m_in.wholeNumber((*values)[j], vf, v))
                return false;
            if (std::find(param.values.begin(), param.values.end(), v) != param.values.end())
                return m_in.fail(vf, Text::of(KL_TEXT("kl::kernels", "%1 is listed twice"), v));
            param.values.push_back(v);
        }
        param.defaultValue = param.values.front();
        if (const rapidjson::Value* d = m_in.member(p, "default", field, false)) {
            if (!m_in.wholeNumber(*d, field + ".default", param.defaultValue))
                return false;
            if (std::find(param.values.begin(), param.values.end(), param.defaultValue) == param.values.end())
                return m_in.fail(field + ".default",
                                 Text::of(KL_TEXT("kl::kernels", "%1 is not one of the parameter's values"),
                                          param.defaultValue));
        } else if (!m_in.ok()) {
            return false;
        }
        m_spec.parameters.push_back(std::move(param));
    }
    if (combinationCount(m_spec) > kMaxCombinations)
        return m_in.fail(
            "parameters",
            Text::of(KL_TEXT("kl::kernels", "the values give more than %1 combinations"), kMaxCombinations));
    return true;
}

bool SpecParser::constraints(const rapidjson::Value& root)
{
    const rapidjson::Value* arr = m_in.array(root, "constraints", "", false);
    if (!arr)
        return m_in.ok();
    for (rapidjson::SizeType i = 0; i < arr->Size(); ++i) {
        const std::string field = "constraints[" + std::to_string(i) + "]";
        std::string text;
        if (!expressionValue((*arr)[i], field, text, false, 0))
            return false;
        m_spec.constraints.push_back(text);
    }
    return true;
}

bool SpecParser::problem(const rapidjson::Value& root)
{
    const rapidjson::Value* prob = m_in.member(root, "problem", "", true);
    if (!prob || !m_in.object(*prob, "problem") ||
        !m_in.onlyKnown(*prob, "problem", {"variables", "sizes", "default_size"}))
        return false;
    const rapidjson::Value* vars = m_in.array(*prob, "variables", "problem", true);
    if (!vars)
        return false;
    if (vars->Empty())
        return m_in.fail("problem.variables", Text::of(KL_TEXT("kl::kernels", "empty")));
    for (rapidjson::SizeType i = 0; i < vars->Size(); ++i) {
        const std::string field = "problem.variables[" + std::to_string(i) + "]";
        if (!(*vars)[i].IsString())
            return m_in.fail(field, Text::of(KL_TEXT("kl::kernels", "must be a string")));
        const std::string name = (*vars)[i].GetString();
        if (!newName(field, name))
            return false;
        m_spec.problemVariables.push_back(name);
    }
    const rapidjson::Value* sizes = m_in.member(*prob, "sizes", "problem", true);
    if (!sizes || !m_in.object(*sizes, "problem.sizes"))
        return false;
    if (sizes->MemberCount() == 0)
        return m_in.fail("problem.sizes", Text::of(KL_TEXT("kl::kernels", "empty")));
    for (const auto& s : sizes->GetObject()) {
        const std::string name = s.name.GetString();
        const std::string field = "problem.sizes." + name;
        if (!m_in.object(s.value, field))
            return false;
        ProblemSize size{name, {}};
        for (const auto& var : m_spec.problemVariables) {
            const rapidjson::Value* v = m_in.member(s.value, var.c_str(), field, true);
            std::int64_t value = 0;
            if (!v || !m_in.wholeNumber(*v, field + "." + var, value))
                return false;
            if (value < 0)
                return m_in.fail(field + "." + var,
                                 Text::of(KL_TEXT("kl::kernels", "%1 is negative"), value));
            size.values.emplace_back(var, value);
        }
        for (const auto& m : s.value.GetObject()) {
            const std::string key = m.name.GetString();
            if (std::find(m_spec.problemVariables.begin(), m_spec.problemVariables.end(), key) ==
                m_spec.problemVariables.end())
                return m_in.fail(field + "." + key,
                                 Text::of(KL_TEXT("kl::kernels", "not a problem variable (%1)"),
                                          listOf(m_spec.problemVariables)));
        }
        m_spec.sizes.push_back(std::move(size));
    }
    std::string defaultSize;
    if (prob->HasMember("default_size")) {
        if (!m_in.string(*prob, "default_size", "problem", defaultSize))
            return false;
        if (!m_spec.findSize(defaultSize))
            return m_in.fail(
                "problem.default_size",
                Text::of(KL_TEXT("kl::kernels", "no size `%1` in `problem.sizes`"), defaultSize));
    } else {
        defaultSize = m_spec.findSize("default") ? "default" : m_spec.sizes.front().name;
    }
    m_spec.defaultSize = std::size_t(m_spec.findSize(defaultSize) - m_spec.sizes.data());
    return true;
}

bool SpecParser::derived(const rapidjson::Value& root)
{
    const rapidjson::Value* obj = m_in.member(root, "derived", "", false);
    if (!obj)
        return m_in.ok();
    if (!m_in.object(*obj, "derived"))
        return false;
    for (const auto& m : obj->GetObject()) {
        const std::string name = m.name.GetString();
        const std::string field = "derived." + name;
        if (!newName(field, name))
            return false;
        DerivedVariable d{name, {}};
        if (!expressionField(*obj, name.c_str(), "derived", d.expression, true, m_spec.derived.size()))
            return false;
        m_spec.derived.push_back(std::move(d));
    }
    return true;
}

bool SpecParser::launch(const rapidjson::Value& root)
{
    const rapidjson::Value* l = m_in.member(root, "launch", "", true);
    if (!l || !m_in.object(*l, "launch"))
        return false;
    if (m_fixed) {
        // Triton compiled the block and the shared memory into the kernel: only the grid is the user's.
        if (!m_in.onlyKnown(*l, "launch", {"grid"}))
            return false;
        m_spec.block = {std::to_string(m_fixed->threads), "1", "1"};
        m_spec.sharedBytes = std::to_string(m_fixed->sharedBytes);
    } else if (!m_in.onlyKnown(*l, "launch", {"grid", "block", "shared_bytes"})) {
        return false;
    }
    const std::size_t all = m_spec.derived.size();
    for (const char* key : {"grid", "block"}) {
        if (m_fixed && key[0] == 'b')
            break;
        const std::string field = std::string("launch.") + key;
        const rapidjson::Value* arr = m_in.array(*l, key, "launch", true);
        if (!arr)
            return false;
        if (arr->Size() != 3)
            return m_in.fail(field,
                             Text::of(KL_TEXT("kl::kernels", "must list 3 expressions (x, y, z), it has %1"),
                                      arr->Size()));
        auto& target = key[0] == 'g' ? m_spec.grid : m_spec.block;
        for (rapidjson::SizeType i = 0; i < 3; ++i) {
            if (!expressionValue((*arr)[i], field + "[" + std::to_string(i) + "]", target[i], true, all))
                return false;
        }
    }
    return m_fixed || expressionField(*l, "shared_bytes", "launch", m_spec.sharedBytes, true, all, "0");
}

bool SpecParser::fill(const rapidjson::Value& v, const std::string& field, KernelArgument& a)
{
    if (!m_in.object(v, field) || !m_in.onlyKnown(v, field, {"kind", "low", "high"}))
        return false;
    std::string kind;
    if (!m_in.string(v, "kind", field, kind))
        return false;
    bool found = false;
    for (auto k : {FillKind::Uniform, FillKind::UniformInt, FillKind::Zero, FillKind::Poison}) {
        if (fillKindName(k) == kind) {
            a.fill.kind = k;
            found = true;
        }
    }
    if (!found)
        return m_in.fail(field + ".kind", Text::of(KL_TEXT("kl::kernels", "unknown fill `%1` (%2)"), kind,
                                                   "uniform, uniform_int, zero, poison"));
    if (v.HasMember("low") && !m_in.number(v, "low", field, a.fill.low))
        return false;
    if (v.HasMember("high") && !m_in.number(v, "high", field, a.fill.high))
        return false;
    if (a.fill.low > a.fill.high)
        return m_in.fail(field, Text::of(KL_TEXT("kl::kernels", "`low` is above `high`")));
    const double limit = a.type == DataType::I32 ? 2147483647.0 : a.type == DataType::F16 ? 65504.0 : 1.0e15;
    if (std::fabs(a.fill.low) > limit || std::fabs(a.fill.high) > limit)
        return m_in.fail(field,
                         Text::of(KL_TEXT("kl::kernels", "`low` and `high` must lie within +-%1 for %2"),
                                  std::int64_t(limit), dataTypeName(a.type)));
    if (a.fill.kind == FillKind::UniformInt && std::ceil(a.fill.low) > std::floor(a.fill.high))
        return m_in.fail(field, Text::of(KL_TEXT("kl::kernels", "no whole number between `low` and `high`")));
    return true;
}

bool SpecParser::argument(const rapidjson::Value& v, const std::string& field, KernelArgument& a)
{
    if (!m_in.object(v, field))
        return false;
    if (!m_in.string(v, "name", field, a.name))
        return false;
    if (!isIdentifier(a.name))
        return m_in.fail(field + ".name", Text::of(KL_TEXT("kl::kernels", "`%1` is not a name"), a.name));
    for (const auto& other : m_spec.arguments)
        if (other.name == a.name)
            return m_in.fail(field + ".name",
                             Text::of(KL_TEXT("kl::kernels", "`%1` is already an argument"), a.name));
    std::string kind, type;
    if (!m_in.string(v, "kind", field, kind))
        return false;
    if (kind == "buffer")
        a.kind = ArgumentKind::Buffer;
    else if (kind == "scalar")
        a.kind = ArgumentKind::Scalar;
    else
        return m_in.fail(field + ".kind",
                         Text::of(KL_TEXT("kl::kernels", "unknown kind `%1` (%2)"), kind, "buffer, scalar"));
    if (!m_in.string(v, "type", field, type))
        return false;
    const auto dt = dataTypeFromName(type);
    if (!dt)
        return m_in.fail(field + ".type", Text::of(KL_TEXT("kl::kernels", "unknown type `%1` (%2)"), type,
                                                   "f16, f32, f64, i32, i64"));
    a.type = *dt;
    const std::size_t all = m_spec.derived.size();
    if (a.kind == ArgumentKind::Scalar) {
        if (!m_in.onlyKnown(v, field, {"name", "kind", "type", "value", "description"}))
            return false;
        return expressionField(v, "value", field, a.value, true, all);
    }
    if (!m_in.onlyKnown(v, field, {"name", "kind", "type", "role", "count", "fill", "description"}))
        return false;
    std::string role;
    if (!m_in.string(v, "role", field, role))
        return false;
    bool found = false;
    for (auto r : {ArgumentRole::In, ArgumentRole::Out, ArgumentRole::InOut, ArgumentRole::Scratch}) {
        if (argumentRoleName(r) == role) {
            a.role = r;
            found = true;
        }
    }
    if (!found)
        return m_in.fail(field + ".role", Text::of(KL_TEXT("kl::kernels", "unknown role `%1` (%2)"), role,
                                                   "in, out, inout, scratch"));
    if (!expressionField(v, "count", field, a.count, true, all))
        return false;
    // Defaults: inputs random, outputs poisoned so unwritten elements show, scratch zeroed.
    a.fill = {a.role == ArgumentRole::Out       ? FillKind::Poison
              : a.role == ArgumentRole::Scratch ? FillKind::Zero
                                                : FillKind::Uniform,
              -1, 1};
    if (const rapidjson::Value* f = m_in.member(v, "fill", field, false)) {
        if (a.role == ArgumentRole::Scratch)
            return m_in.fail(field + ".fill",
                             Text::of(KL_TEXT("kl::kernels", "scratch buffers are always zero-filled")));
        return fill(*f, field + ".fill", a);
    }
    return m_in.ok();
}

bool SpecParser::arguments(const rapidjson::Value& root)
{
    const rapidjson::Value* arr = m_in.array(root, "arguments", "", true);
    if (!arr)
        return false;
    if (arr->Empty())
        return m_in.fail("arguments", Text::of(KL_TEXT("kl::kernels", "empty")));
    for (rapidjson::SizeType i = 0; i < arr->Size(); ++i) {
        KernelArgument a;
        if (!argument((*arr)[i], "arguments[" + std::to_string(i) + "]", a))
            return false;
        m_spec.arguments.push_back(std::move(a));
    }
    return true;
}

bool SpecParser::checking(const rapidjson::Value& root)
{
    if (!m_in.string(root, "reference", "", m_spec.reference))
        return false;
    if (m_spec.reference != "none" && !findReference(m_spec.reference)) {
        std::vector<std::string> known;
        for (const auto& r : referenceCatalog())
            known.emplace_back(r.name);
        return m_in.fail("reference", Text::of(KL_TEXT("kl::kernels", "unknown reference `%1` (%2, none)"),
                                               m_spec.reference, listOf(known)));
    }
    if (Status layout = checkReferenceLayout(m_spec); !layout)
        return m_in.failRaw(Text::of(KL_TEXT("kl::kernels", "field %1"), layout.error()));

    if (!tolerance(root, true))
        return false;

    const rapidjson::Value* metric = m_in.member(root, "metric", "", true);
    if (!metric || !m_in.object(*metric, "metric") || !m_in.onlyKnown(*metric, "metric", {"kind", "value"}))
        return false;
    std::string kind;
    if (!m_in.string(*metric, "kind", "metric", kind))
        return false;
    if (kind == "bytes")
        m_spec.metricKind = MetricKind::Bytes;
    else if (kind == "flops")
        m_spec.metricKind = MetricKind::Flops;
    else
        return m_in.fail("metric.kind",
                         Text::of(KL_TEXT("kl::kernels", "unknown metric `%1` (%2)"), kind, "bytes, flops"));
    return expressionField(*metric, "value", "metric", m_spec.metric, true, m_spec.derived.size());
}

bool SpecParser::tolerance(const rapidjson::Value& root, bool required)
{
    const rapidjson::Value* tol = m_in.member(root, "tolerance", "", required);
    if (!tol)
        return m_in.ok();
    if (!m_in.object(*tol, "tolerance") || !m_in.onlyKnown(*tol, "tolerance", {"abs", "rel"}))
        return false;
    for (const char* key : {"abs", "rel"}) {
        double& out = key[0] == 'a' ? m_spec.tolerance.abs : m_spec.tolerance.rel;
        if (tol->HasMember(key) && !m_in.number(*tol, key, "tolerance", out))
            return false;
        if (!(out >= 0))
            return m_in.fail(std::string("tolerance.") + key,
                             Text::of(KL_TEXT("kl::kernels", "must be >= 0")));
    }
    return true;
}

bool SpecParser::tritonHeader(const rapidjson::Value& root)
{
    std::string schema;
    if (!m_in.string(root, "schema", "", schema))
        return false;
    if (schema != kTritonRunSpecSchema)
        return m_in.fail("schema",
                         Text::of(KL_TEXT("kl::kernels", "`%1` is not `%2`"), schema, kTritonRunSpecSchema));
    m_spec.entry = m_fixed->entry;
    m_spec.name = m_fixed->entry;
    if (root.HasMember("kernel")) {
        std::string kernel;
        if (!m_in.string(root, "kernel", "", kernel))
            return false;
        // A spec written for another kernel would run this one with the wrong arguments.
        if (kernel != m_fixed->entry)
            return m_in.fail("kernel",
                             Text::of(KL_TEXT("kl::kernels", "`%1` is not this entry's kernel (`%2`)"),
                                      kernel, m_fixed->entry));
    }
    if (root.HasMember("description") && !m_in.string(root, "description", "", m_spec.description))
        return false;
    m_spec.reference = "none";
    m_spec.metric = "0";
    return true;
}

bool SpecParser::defaultPlans()
{
    const Configuration config = defaultConfiguration(m_spec);
    const std::string label = configurationLabel(m_spec, config);
    std::string rejectedBy;
    if (!satisfiesConstraints(m_spec, config, &rejectedBy))
        return m_in.fail(
            "constraints",
            Text::of(KL_TEXT("kl::kernels", "the default configuration (%1) does not satisfy `%2`"), label,
                     rejectedBy));
    for (const auto& size : m_spec.sizes) {
        if (auto plan = planLaunch(m_spec, config, size); !plan)
            return m_in.failRaw(
                label.empty()
                    ? Text::of(
                          KL_TEXT("kl::kernels",
                                  "field %1 (problem size `%2`, default configuration without parameters)"),
                          plan.error(), size.name)
                    : Text::of(
                          KL_TEXT("kl::kernels", "field %1 (problem size `%2`, default configuration %3)"),
                          plan.error(), size.name, label));
    }
    return true;
}

Result<KernelSpec> SpecParser::parse(std::string_view text)
{
    m_spec.path = m_in.path();
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: not valid JSON: %2"), m_in.path(),
                             std::move(parsed.error())));
    if (m_fixed) {
        const bool ok = m_in.object(doc, "") &&
                        m_in.onlyKnown(doc, "",
                                       {"schema", "kernel", "description", "problem", "derived", "launch",
                                        "arguments", "tolerance"}) &&
                        tritonHeader(doc) && problem(doc) && derived(doc) && launch(doc) && arguments(doc) &&
                        tolerance(doc, false) && defaultPlans();
        if (!ok)
            return fail(m_in.error());
        return std::move(m_spec);
    }
    const bool ok = m_in.object(doc, "") &&
                    m_in.onlyKnown(doc, "",
                                   {"schema", "name", "description", "source", "entry", "arch_variant",
                                    "parameters", "constraints", "problem", "derived", "launch", "arguments",
                                    "reference", "tolerance", "metric"}) &&
                    header(doc) && parameters(doc) && constraints(doc) && problem(doc) && derived(doc) &&
                    launch(doc) && arguments(doc) && checking(doc) && defaultPlans();
    if (!ok)
        return fail(m_in.error());
    return std::move(m_spec);
}

} // namespace

Result<std::string> targetArch(const KernelSpec& spec, std::string_view arch)
{
    if (spec.archVariant.empty())
        return std::string(arch);
    std::string_view base = arch;
    if (base.ends_with("a") || base.ends_with("f"))
        base.remove_suffix(1);
    int number = 0;
    if (base.starts_with("sm_")) {
        const std::string_view digits = base.substr(3);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
        if (ec != std::errc() || end != digits.data() + digits.size())
            number = 0;
    }
    // Arch-specific ("a") targets exist from sm_90 on.
    if (number < 90) {
        const Text why = Text::of(
            KL_TEXT("kl::kernels",
                    "`arch_variant` \"a\" needs an arch-specific target (sm_90a and newer); %1 has none"),
            arch);
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: %2"), spec.path, why));
    }
    return std::string(base) + "a";
}

Result<KernelSpec> parseKernelSpec(std::string_view text, const std::string& path)
{
    return SpecParser(path).parse(text);
}

Result<KernelSpec> parseTritonRunSpec(std::string_view text, const std::string& path,
                                      const FixedLaunch& fixed)
{
    return SpecParser(path, &fixed).parse(text);
}

Result<KernelSpec> loadTritonRunSpec(const std::string& path, const FixedLaunch& fixed)
{
    auto read = readFile(path, (1u << 20) + 1);
    if (!read)
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: %2"), path, std::move(read.error())));
    if (read->size() > (1u << 20))
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: larger than 1 MiB, not a run spec"), path));
    return parseTritonRunSpec(*read, path, fixed);
}

Result<KernelSpec> loadKernelSpec(const std::string& path)
{
    // Specs are a few KiB; 1 MiB is damage or the wrong file.
    auto read = readFile(path, (1u << 20) + 1);
    if (!read)
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: %2"), path, std::move(read.error())));
    const std::string& text = *read;
    if (text.size() > (1u << 20))
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: larger than 1 MiB, not a kernel spec"), path));
    return parseKernelSpec(text, path);
}

} // namespace kl
