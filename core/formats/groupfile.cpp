#include "formats/groupfile.h"

#include "formats/json.h"

namespace kl {

bool isPlainFileName(std::string_view name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos &&
           name.find('\0') == std::string_view::npos;
}

namespace {

std::optional<GroupFile> fromDocument(const rapidjson::Document& doc, std::string& error)
{
    if (!doc.IsObject()) {
        error = "group file is not a JSON object";
        return std::nullopt;
    }
    auto cp = doc.FindMember("child_paths");
    if (cp == doc.MemberEnd()) {
        error = "group file has no \"child_paths\"";
        return std::nullopt;
    }
    GroupFile g;
    if (cp->value.IsObject()) {
        g.shape = GroupShape::PathMap;
        for (auto it = cp->value.MemberBegin(); it != cp->value.MemberEnd(); ++it) {
            GroupChild c;
            c.name.assign(it->name.GetString(), it->name.GetStringLength());
            if (it->value.IsString())
                c.recordedPath.assign(it->value.GetString(), it->value.GetStringLength());
            g.children.push_back(std::move(c));
        }
    } else if (cp->value.IsArray()) {
        g.shape = GroupShape::NameList;
        for (const auto& v : cp->value.GetArray()) {
            if (!v.IsString()) {
                error = "\"child_paths\" list holds a non-string";
                return std::nullopt;
            }
            g.children.push_back(GroupChild{std::string(v.GetString(), v.GetStringLength()), {}});
        }
    } else {
        error = "\"child_paths\" is neither an object nor a list";
        return std::nullopt;
    }
    return g;
}

} // namespace

std::optional<GroupFile> parseGroupFile(std::string_view text, std::string& error)
{
    rapidjson::Document doc;
    if (!json::parse(doc, text, error))
        return std::nullopt;
    return fromDocument(doc, error);
}

std::optional<GroupFile> parseGroupFileInPlace(std::string& text, std::string& error)
{
    rapidjson::Document doc;
    if (!json::parseInPlace(doc, text, error))
        return std::nullopt;
    return fromDocument(doc, error);
}

} // namespace kl
