#include "json.h"

#include <algorithm>
#include <cstdlib>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <utility>

namespace kl::json {
namespace {

// rapidjson's reader and writer recurse once per nesting level: a few hundred KB of '[' overflow
// the stack. json.dumps output from Triton nests a handful of levels; anything this deep is damage.
constexpr std::size_t kMaxDepth = 512;

// Byte offset at which `text` opens more than `limit` nested arrays/objects, or npos.
std::size_t tooDeepAt(std::string_view text, std::size_t limit)
{
    std::size_t depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::string_view::npos;
}

// RapidJSON 1.1.0's full-precision number path (fixed upstream after 1.1.0) has undefined
// behaviour on numbers that json.dumps never writes (each found by tests/fuzz, in
// regressions/metadata):
// - beyond 1e300 or below 1e-300 once digits and exponent are combined (0.[300 zeros]1e-300,
//   [240 digits]E288): it indexes its table of powers of ten far out of bounds, a SIGSEGV
//   (power-out-of-range, power-far-out-of-range);
// - all digits zero but missing the fast path (0e308, -0.0e-99, 0. and 23 zeros): clz(0), then
//   shifts by a garbage count (zero-exponent);
// - significant digits 18446744073709551615 then 5-9: rounding wraps the uint64 to 0, as above
//   (uint64-wrap);
// - NaN or Inf(inity) with a fraction or exponent (NaNe3, NaInfe1): no digits at all, so it
//   reads its empty (maybe null) digit buffer at index -1 (nan-exponent, inf-exponent).
// A text holding any of them is parsed without full precision, which handles them all.

// One number: `mantissa` (digits, sign, point) and its exponent, if it has one.
bool numberUnsafe(std::string_view mantissa, bool hasExponent, long exponent)
{
    std::string significant; // digits without leading zeros, enough of them to compare
    std::size_t digits = 0;
    long magnitude = 0; // the decimal exponent of the first significant digit, plus one
    bool fraction = false;
    for (const char c : mantissa) {
        if (c == '.')
            fraction = true;
        if (c < '0' || c > '9')
            continue;
        ++digits;
        if (c != '0' || !significant.empty()) {
            if (!fraction && digits < 100000)
                ++magnitude;
            if (significant.size() < 21)
                significant += c;
        } else if (fraction && magnitude > -100000) {
            --magnitude;
        }
    }
    if (digits && significant.empty())
        return hasExponent || digits > 20;
    if (std::labs(magnitude + exponent) > 300)
        return true;
    return significant.size() > 20 && significant.starts_with("18446744073709551615");
}

// Conservative: it looks at every run of number characters outside strings.
bool fullPrecisionUnsafe(std::string_view text)
{
    const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        // NaN, Inf or Infinity (1.1.0 also takes "NaInf") right before a fraction or an exponent.
        if ((c == '.' || c == 'e' || c == 'E') && i > 0 &&
            std::string_view("Nfy").find(text[i - 1]) != std::string_view::npos)
            return true;
        if (!isDigit(c) && c != '-' && c != '.')
            continue;
        // A number as the parser reads it: a minus sign only first, one point at most ("0.0-1" and
        // "0.0.1" end after "0.0", so its zeros are judged alone).
        const std::size_t from = i;
        bool point = false;
        for (i += c == '-' ? 1 : 0; i < text.size() && (isDigit(text[i]) || (text[i] == '.' && !point)); ++i)
            point = point || text[i] == '.';
        const std::string_view mantissa = text.substr(from, i - from);
        const bool hasExponent = i < text.size() && (text[i] == 'e' || text[i] == 'E');
        long exponent = 0;
        if (hasExponent) {
            const bool minus = i + 1 < text.size() && text[i + 1] == '-';
            for (i += (i + 1 < text.size() && (text[i + 1] == '-' || text[i + 1] == '+')) ? 2 : 1;
                 i < text.size() && isDigit(text[i]); ++i)
                exponent = std::min(exponent * 10 + (text[i] - '0'), 100000L);
            exponent = minus ? -exponent : exponent;
        }
        if (numberUnsafe(mantissa, hasExponent, exponent))
            return true;
        --i; // look at the character that ended the number again
    }
    return false;
}

Text parseErrorOf(const rapidjson::Document& doc)
{
    return Text::verbatim(std::string(rapidjson::GetParseError_En(doc.GetParseError())) + " at byte " +
                          std::to_string(doc.GetErrorOffset()));
}

} // namespace

Status parse(rapidjson::Document& doc, std::string_view text)
{
    if (auto at = tooDeepAt(text, kMaxDepth); at != std::string_view::npos)
        return fail(Text::verbatim("nested deeper than " + std::to_string(kMaxDepth) + " levels at byte " +
                                   std::to_string(at)));
    constexpr unsigned flags = rapidjson::kParseNanAndInfFlag;
    if (fullPrecisionUnsafe(text))
        doc.Parse<flags>(text.data(), text.size());
    else
        doc.Parse<flags | rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
    if (doc.HasParseError())
        return fail(parseErrorOf(doc));
    return {};
}

Status parseInPlace(rapidjson::Document& doc, std::string& text)
{
    // No full-precision pass (and so no pre-scan for the numbers it mishandles): this path reads
    // integers and strings, which RapidJSON parses exactly either way. The pre-scan was 8% of a
    // 100,000-entry scan's CPU time.
    constexpr unsigned flags =
        rapidjson::kParseInsituFlag | rapidjson::kParseIterativeFlag | rapidjson::kParseNanAndInfFlag;
    doc.ParseInsitu<flags>(text.data());
    if (doc.HasParseError())
        return fail(parseErrorOf(doc));
    return {};
}

namespace {

constexpr std::size_t kScratchBytes = 32 * 1024; // a Triton metadata file takes about 6 KiB of values
alignas(16) thread_local char t_scratch[kScratchBytes];
thread_local bool t_scratchInUse = false;

bool borrowScratch()
{
    return !std::exchange(t_scratchInUse, true);
}

} // namespace

ScratchDocument::ScratchDocument()
    : m_borrowed(borrowScratch())
    , m_pool(m_borrowed ? rapidjson::MemoryPoolAllocator<>(t_scratch, kScratchBytes)
                        : rapidjson::MemoryPoolAllocator<>())
    , m_doc(&m_pool)
{
}

ScratchDocument::~ScratchDocument()
{
    if (m_borrowed)
        t_scratchInUse = false;
}

std::string toText(const rapidjson::Value& value)
{
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>, rapidjson::CrtAllocator,
                      rapidjson::kWriteNanAndInfFlag>
        writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

bool getString(const rapidjson::Value& obj, const char* key, std::string& out)
{
    auto it = obj.FindMember(key);
    if (it == obj.MemberEnd() || !it->value.IsString())
        return false;
    out.assign(it->value.GetString(), it->value.GetStringLength());
    return true;
}

bool getInt(const rapidjson::Value& obj, const char* key, std::int64_t& out)
{
    auto it = obj.FindMember(key);
    if (it == obj.MemberEnd() || !it->value.IsInt64())
        return false;
    out = it->value.GetInt64();
    return true;
}

} // namespace kl::json
