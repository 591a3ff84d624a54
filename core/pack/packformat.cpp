#include "packformat.h"

#include "core/formats/groupfile.h"
#include "core/formats/json.h"

#include <limits>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <set>
#include <zlib.h>

namespace kl::pack {
namespace {

std::uint64_t u64At(std::string_view b, std::size_t at)
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i)
        v |= std::uint64_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
    return v;
}

void putU32(std::string& out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void putU64(std::string& out, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        out += static_cast<char>((v >> (8 * i)) & 0xff);
}

} // namespace

std::uint32_t readU32(std::string_view b, std::size_t at)
{
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i)
        v |= std::uint32_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
    return v;
}

std::string indexNameOf(std::string_view packName)
{
    if (!packName.ends_with(kPackSuffix))
        return {};
    return std::string(packName.substr(0, packName.size() - kPackSuffix.size())) + std::string(kIndexSuffix);
}

bool isPackName(std::string_view name)
{
    return name.size() > kPackSuffix.size() && name.ends_with(kPackSuffix) && name.front() != '.' &&
           isPlainFileName(name);
}

RecordHeader decodeRecordHeader(std::string_view b)
{
    RecordHeader h;
    h.magic = b.substr(0, 4);
    h.metaLen = readU32(b, 4);
    h.dataLen = u64At(b, 8);
    h.crc = readU32(b, 16);
    h.kind = readU32(b, 20);
    return h;
}

bool isValidKey(std::string_view key)
{
    return isPlainFileName(key) && key != kFolderName && key.find('\n') == std::string_view::npos &&
           key.find('\r') == std::string_view::npos;
}

Result<RecordMeta> parseRecordMeta(std::string_view text, std::uint64_t dataLen)
{
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(Text::of(KL_TEXT("kl::pack", "meta is not JSON: %1"), std::move(parsed.error())));
    if (!doc.IsObject())
        return fail(Text(KL_TEXT("kl::pack", "meta is not a JSON object")));
    RecordMeta m;
    if (!json::getString(doc, "key", m.key) || !isValidKey(m.key))
        return fail(Text(KL_TEXT("kl::pack", "meta has no \"key\" that names an entry folder")));
    // Written always; read as 0 when absent, as the Python reader does.
    if (auto t = doc.FindMember("time_ns"); t != doc.MemberEnd()) {
        if (!t->value.IsInt64())
            return fail(Text(KL_TEXT("kl::pack", "meta's \"time_ns\" is not an integer")));
        m.timeNs = t->value.GetInt64();
    }
    auto files = doc.FindMember("files");
    if (files == doc.MemberEnd() || !files->value.IsArray())
        return fail(Text(KL_TEXT("kl::pack", "meta has no \"files\" array")));
    std::set<std::string_view> seen;
    std::uint64_t sum = 0;
    m.files.reserve(files->value.Size());
    for (const auto& f : files->value.GetArray()) {
        MetaFile mf;
        auto size = f.IsObject() ? f.FindMember("size") : f.MemberEnd();
        if (!f.IsObject() || !json::getString(f, "name", mf.name) || !isPlainFileName(mf.name) ||
            size == f.MemberEnd() || !size->value.IsUint64())
            return fail(Text(KL_TEXT(
                "kl::pack", "a file in the meta has no plain \"name\" or no \"size\" (a whole number)")));
        mf.size = size->value.GetUint64();
        if (auto t = f.FindMember("mtime_ns"); t != f.MemberEnd()) {
            if (!t->value.IsInt64())
                return fail(Text(KL_TEXT("kl::pack", "a file's \"mtime_ns\" in the meta is not an integer")));
            mf.mtimeNs = t->value.GetInt64();
        }
        if (mf.size > std::numeric_limits<std::uint64_t>::max() - sum)
            return fail(Text(KL_TEXT("kl::pack", "the files' sizes in the meta overflow")));
        sum += mf.size;
        m.files.push_back(std::move(mf));
    }
    for (const MetaFile& mf : m.files)
        if (!seen.insert(mf.name).second)
            return fail(Text::of(KL_TEXT("kl::pack", "the meta lists \"%1\" twice"), mf.name));
    if (sum != dataLen)
        return fail(Text::of(KL_TEXT("kl::pack", "the files' sizes add up to %1 bytes, the record holds %2"),
                             sum, dataLen));
    return m;
}

std::string encodeRecordMeta(const RecordMeta& meta)
{
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    w.StartObject();
    w.Key("key");
    w.String(meta.key.data(), static_cast<rapidjson::SizeType>(meta.key.size()));
    w.Key("time_ns");
    w.Int64(meta.timeNs);
    w.Key("files");
    w.StartArray();
    for (const MetaFile& f : meta.files) {
        w.StartObject();
        w.Key("name");
        w.String(f.name.data(), static_cast<rapidjson::SizeType>(f.name.size()));
        w.Key("size");
        w.Uint64(f.size);
        w.Key("mtime_ns");
        w.Int64(f.mtimeNs);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    return std::string(buf.GetString(), buf.GetSize());
}

std::uint32_t crc32Of(std::uint32_t crc, std::string_view bytes)
{
    // zlib takes a uInt length: long spans go in slices.
    constexpr std::size_t kSlice = 1u << 30;
    for (std::size_t at = 0; at < bytes.size(); at += kSlice) {
        const std::size_t n = std::min(kSlice, bytes.size() - at);
        crc = static_cast<std::uint32_t>(
            ::crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), static_cast<uInt>(n)));
    }
    return crc;
}

std::string encodeRecord(const RecordMeta& meta, std::string_view data)
{
    return encodeRecord(meta, std::vector<std::string_view>{data});
}

std::string encodeRecord(const RecordMeta& meta, const std::vector<std::string_view>& parts)
{
    const std::string json = encodeRecordMeta(meta);
    std::uint64_t dataLen = 0;
    std::uint32_t crc = crc32Of(0, json);
    for (std::string_view p : parts) {
        dataLen += p.size();
        crc = crc32Of(crc, p);
    }
    std::string out;
    out.reserve(static_cast<std::size_t>(kRecordHeaderBytes + json.size() + dataLen));
    out += kRecordMagic;
    putU32(out, static_cast<std::uint32_t>(json.size()));
    putU64(out, dataLen);
    putU32(out, crc);
    putU32(out, kKindEntry);
    out += json;
    for (std::string_view p : parts)
        out += p;
    return out;
}

std::string encodePackHeader()
{
    std::string out(kMagic);
    putU32(out, kVersion);
    putU32(out, 0);
    return out;
}

} // namespace kl::pack
