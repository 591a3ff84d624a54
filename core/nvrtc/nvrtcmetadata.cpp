#include "nvrtcmetadata.h"

#include "core/cubin/cubininfo.h"
#include "core/formats/json.h"

#include <algorithm>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace kl {
namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void strList(Writer& w, const char* key, const std::vector<std::string>& v)
{
    w.Key(key);
    w.StartArray();
    for (const auto& s : v)
        w.String(s.c_str(), static_cast<rapidjson::SizeType>(s.size()));
    w.EndArray();
}

void kv(Writer& w, const char* key, std::string_view value)
{
    w.Key(key);
    w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

bool readStrings(const rapidjson::Value& obj, const char* key, std::vector<std::string>& out)
{
    const auto it = obj.FindMember(key);
    if (it == obj.MemberEnd() || !it->value.IsArray())
        return false;
    for (const auto& v : it->value.GetArray()) {
        if (!v.IsString())
            return false;
        out.emplace_back(v.GetString(), v.GetStringLength());
    }
    return true;
}

} // namespace

std::string nvrtcMetadataJson(const NvrtcMetadata& m, const CubinInfo* cubin)
{
    rapidjson::StringBuffer buf;
    Writer w(buf);
    w.SetIndent(' ', 1);
    w.StartObject();
    kv(w, "hash", m.hash);
    kv(w, "name", m.name);
    kv(w, "producer", kNvrtcProducer);
    w.Key("target");
    w.StartObject();
    kv(w, "backend", "cuda");
    const std::string arch = m.options.arch.starts_with("sm_") ? m.options.arch.substr(3) : m.options.arch;
    w.Key("arch");
    if (!arch.empty() && std::all_of(arch.begin(), arch.end(), [](char c) { return c >= '0' && c <= '9'; }))
        w.Int(std::stoi(arch)); // as Triton records it: 90
    else
        w.String(arch.c_str());
    w.Key("warp_size");
    w.Int(32);
    w.EndObject();
    kv(w, "program", m.program);
    kv(w, "source_dir", m.sourceDir);
    w.Key("options");
    w.StartObject();
    kv(w, "arch", m.options.arch);
    w.Key("opt_level");
    w.Int(m.options.optLevel);
    strList(w, "defines", m.options.defines);
    strList(w, "include_paths", m.options.includePaths);
    w.Key("lineinfo");
    w.Bool(m.options.lineInfo);
    kv(w, "std", m.options.standard);
    kv(w, "cubin_via", cubinViaName(m.options.via));
    w.EndObject();
    kv(w, "nvrtc_version", m.nvrtcVersion);
    if (!m.nvJitLinkVersion.empty())
        kv(w, "nvjitlink_version", m.nvJitLinkVersion);
    w.Key("compile_times_us");
    w.StartObject();
    for (const auto& [stage, us] : m.compileTimesUs) {
        w.Key(stage.c_str());
        w.Int64(us);
    }
    w.EndObject();
    if (cubin) {
        std::uint64_t shared = 0;
        w.Key("kernels");
        w.StartArray();
        for (const CubinKernel& k : cubin->kernels) {
            w.StartObject();
            kv(w, "name", k.name);
            if (k.registers) {
                w.Key("registers");
                w.Uint(*k.registers);
            }
            w.Key("shared");
            w.Uint64(k.staticSharedBytes);
            if (k.frameSize) {
                w.Key("local");
                w.Uint(*k.frameSize);
            }
            if (k.maxThreads) {
                w.Key("max_threads");
                w.Uint((*k.maxThreads)[0] * (*k.maxThreads)[1] * (*k.maxThreads)[2]);
            }
            w.EndObject();
            shared = std::max(shared, k.staticSharedBytes);
        }
        w.EndArray();
        w.Key("shared");
        w.Uint64(shared);
    }
    w.Key("files");
    w.StartObject();
    for (const auto& [file, sha] : m.fileSha256)
        kv(w, file.c_str(), sha);
    w.EndObject();
    w.EndObject();
    std::string text(buf.GetString(), buf.GetSize());
    text += '\n';
    return text;
}

Result<NvrtcMetadata> parseNvrtcMetadata(std::string_view text)
{
    NvrtcMetadata out;
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    if (!doc.IsObject())
        return fail(Text::of(KL_TEXT("kl::nvrtc", "not a JSON object")));
    std::string producer;
    if (!json::getString(doc, "producer", producer) || producer != kNvrtcProducer)
        return fail(Text::of(
            KL_TEXT("kl::nvrtc", "not a KernelLens NVRTC entry (no \"producer\": \"kernellens-nvrtc\")")));
    json::getString(doc, "hash", out.hash);
    json::getString(doc, "name", out.name);
    json::getString(doc, "program", out.program);
    json::getString(doc, "source_dir", out.sourceDir);
    json::getString(doc, "nvrtc_version", out.nvrtcVersion);
    json::getString(doc, "nvjitlink_version", out.nvJitLinkVersion);
    const auto opts = doc.FindMember("options");
    if (opts == doc.MemberEnd() || !opts->value.IsObject())
        return fail(Text::of(KL_TEXT("kl::nvrtc", "field \"%1\" missing"), "options"));
    const auto& o = opts->value;
    std::int64_t level = 3;
    std::string via;
    if (!json::getString(o, "arch", out.options.arch) || !json::getInt(o, "opt_level", level) ||
        !readStrings(o, "defines", out.options.defines) ||
        !readStrings(o, "include_paths", out.options.includePaths) ||
        !json::getString(o, "std", out.options.standard) || !json::getString(o, "cubin_via", via))
        return fail(Text::of(KL_TEXT("kl::nvrtc", "field \"%1\" incomplete (%2)"), "options",
                             "arch, opt_level, defines, include_paths, std, cubin_via"));
    out.options.optLevel = static_cast<int>(level);
    out.options.via = via == "nvjitlink" ? CubinVia::NvJitLink : CubinVia::Nvrtc;
    const auto li = o.FindMember("lineinfo");
    out.options.lineInfo = li != o.MemberEnd() && li->value.IsBool() && li->value.GetBool();
    const auto times = doc.FindMember("compile_times_us");
    if (times != doc.MemberEnd() && times->value.IsObject())
        for (const auto& t : times->value.GetObject())
            if (t.value.IsInt64())
                out.compileTimesUs.emplace_back(t.name.GetString(), t.value.GetInt64());
    const auto files = doc.FindMember("files");
    if (files == doc.MemberEnd() || !files->value.IsObject())
        return fail(Text::of(KL_TEXT("kl::nvrtc", "field \"%1\" missing"), "files"));
    for (const auto& f : files->value.GetObject())
        if (f.value.IsString())
            out.fileSha256[f.name.GetString()] = f.value.GetString();
    return out;
}

} // namespace kl
