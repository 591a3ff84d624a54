#include "groupfile.h"

#include "json.h"

namespace kl {

bool isPlainFileName(std::string_view name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos &&
           name.find('\0') == std::string_view::npos;
}

namespace {

Result<GroupFile> fromDocument(const rapidjson::Document& doc)
{
    if (!doc.IsObject()) {
        return fail(Text(KL_TEXT("kl::formats", "group file is not a JSON object")));
    }
    auto cp = doc.FindMember("child_paths");
    if (cp == doc.MemberEnd()) {
        return fail(Text(KL_TEXT("kl::formats", "group file has no \"child_paths\"")));
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
                return fail(Text(KL_TEXT("kl::formats", "\"child_paths\" list holds a non-string")));
            }
            g.children.push_back(GroupChild{std::string(v.GetString(), v.GetStringLength()), {}});
        }
    } else {
        return fail(Text(KL_TEXT("kl::formats", "\"child_paths\" is neither an object nor a list")));
    }
    return g;
}

} // namespace

Result<GroupFile> parseGroupFile(std::string_view text)
{
    json::ScratchDocument scratch; // a remote listing parses 200,000 of these
    rapidjson::Document& doc = scratch.get();
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    return fromDocument(doc);
}

Result<GroupFile> parseGroupFileInPlace(std::string& text)
{
    json::ScratchDocument scratch;
    rapidjson::Document& doc = scratch.get();
    if (auto parsed = json::parseInPlace(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    return fromDocument(doc);
}

} // namespace kl
