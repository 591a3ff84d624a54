#pragma once

#include "core/util/text.h"

#include <cstdint>
#include <initializer_list>
#include <rapidjson/document.h>
#include <string>
#include <string_view>

namespace kl {

/// The schema name a kernel spec carries in "schema".
inline constexpr std::string_view kKernelSpecSchema = "kernellens.kernel-spec/1";

/// A C identifier: what parameter, variable, argument and entry names must be (they become
/// -D macros, expression names and C parameters).
bool isIdentifier(std::string_view s);

/// Typed access to a spec's JSON that records the first error as
/// "<path>: field `<dotted.field[i]>` missing" or "<path>: field `<field>`: <cause>" (a Text, so
/// the GUI shows it in its language; paths, field names and values are verbatim arguments).
/// Every getter returns false (or null) once it has recorded an error.
class SpecReader {
public:
    explicit SpecReader(std::string path);

    const std::string& path() const { return m_path; }
    const Text& error() const { return m_error; }
    bool ok() const { return m_error.empty(); }

    static std::string join(const std::string& prefix, const std::string& key);

    bool fail(const std::string& field, const Text& cause);
    bool failRaw(const Text& text); ///< "<path>: <text>"

    /// obj[key]; when absent: null, and an error only when `required`.
    const rapidjson::Value* member(const rapidjson::Value& obj, const char* key, const std::string& prefix,
                                   bool required);
    const rapidjson::Value* array(const rapidjson::Value& obj, const char* key, const std::string& prefix,
                                  bool required);
    bool object(const rapidjson::Value& v, const std::string& field);
    /// Fails on the first member not in `keys`: typos must not pass silently.
    bool onlyKnown(const rapidjson::Value& obj, const std::string& prefix,
                   std::initializer_list<const char*> keys);

    bool string(const rapidjson::Value& obj, const char* key, const std::string& prefix, std::string& out);
    bool number(const rapidjson::Value& obj, const char* key, const std::string& prefix, double& out);
    bool wholeNumber(const rapidjson::Value& v, const std::string& field, std::int64_t& out);
    /// An expression: a string, or a number written as one.
    bool expression(const rapidjson::Value& v, const std::string& field, std::string& out);

private:
    std::string m_path;
    Text m_error;
};

} // namespace kl
