#include "optionshash.h"

#include "core/formats/json.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "pythonrepr.h"
#include "tritonkey.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <openssl/evp.h>
#include <unistd.h>

namespace kl {
namespace {

std::string pyStr(const rapidjson::Value& v, bool nested)
{
    if (v.IsString()) {
        std::string_view s(v.GetString(), v.GetStringLength());
        return nested ? pythonStrRepr(s) : std::string(s);
    }
    if (v.IsBool())
        return v.GetBool() ? "True" : "False";
    if (v.IsNull())
        return "None";
    if (v.IsInt64())
        return std::to_string(v.GetInt64());
    if (v.IsUint64())
        return std::to_string(v.GetUint64());
    if (v.IsNumber())
        return pythonFloatRepr(v.GetDouble());
    if (v.IsArray()) {
        std::string out = "(";
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i)
            out += (i ? ", " : "") + pyStr(v[i], true);
        return out + (v.Size() == 1 ? ",)" : ")");
    }
    std::string out = "{";
    bool first = true;
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it, first = false)
        out += (first ? "" : ", ") + pyStr(it->name, true) + ": " + pyStr(it->value, true);
    return out + "}";
}

} // namespace

std::optional<std::string> pythonStrOfJson(std::string_view json)
{
    rapidjson::Document doc;
    if (!json::parse(doc, json))
        return std::nullopt;
    return pyStr(doc, false);
}

Result<std::string> sha256OfFile(const std::string& path)
{
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid())
        return fail(
            Text::of(KL_TEXT("kl::keys", "cannot open %1: %2"), printableName(path), errnoText(errno)));
    initCrypto();
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
    std::string buf(1 << 20, '\0');
    for (;;) {
        ssize_t n = ::read(fd.get(), buf.data(), buf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int err = errno;
            EVP_MD_CTX_free(ctx);
            return fail(
                Text::of(KL_TEXT("kl::keys", "cannot read %1: %2"), printableName(path), errnoText(err)));
        }
        if (n == 0)
            break;
        EVP_DigestUpdate(ctx, buf.data(), static_cast<std::size_t>(n));
    }
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx, out, &len);
    EVP_MD_CTX_free(ctx);
    static constexpr char hex[] = "0123456789abcdef";
    std::string text;
    for (unsigned int i = 0; i < len; ++i) {
        text += hex[out[i] >> 4];
        text += hex[out[i] & 0xF];
    }
    return text;
}

OptionsHash optionsHashFromMetadata(const std::vector<MetadataField>& options, std::string_view backend,
                                    const ExternLibHasher& hasher)
{
    OptionsHash result;
    std::vector<std::pair<std::string, std::string>> items; // (name, str(value))
    for (const MetadataField& f : options) {
        rapidjson::Document doc;
        if (auto parsed = json::parse(doc, f.json); !parsed) {
            result.error = Text::of(KL_TEXT("kl::keys", "option %1: %2"), f.key, std::move(parsed.error()));
            return result;
        }
        if (f.key != "extern_libs" || !doc.IsArray()) {
            items.emplace_back(f.key, pyStr(doc, false));
            continue;
        }
        std::vector<std::pair<std::string, std::string>> libs;
        for (const auto& lib : doc.GetArray()) {
            if (!lib.IsArray() || lib.Size() != 2 || !lib[0].IsString() || !lib[1].IsString()) {
                result.error = Text::of(KL_TEXT("kl::keys", "extern_libs holds %1, not a [name, path] pair"),
                                        json::toText(lib));
                return result;
            }
            libs.emplace_back(lib[0].GetString(), lib[1].GetString());
        }
        result.externLibs = libs;
        // CUDAOptions.hash() sorts the (name, path) pairs; HIPOptions.hash() keeps link order.
        if (backend != "hip")
            std::sort(libs.begin(), libs.end(), [](const auto& a, const auto& b) {
                return pythonStrLess(a.first, b.first) ||
                       (a.first == b.first && pythonStrLess(a.second, b.second));
            });
        std::string text = "(";
        for (std::size_t i = 0; i < libs.size(); ++i) {
            const Result<std::string> h =
                hasher ? hasher(libs[i].second)
                       : Result<std::string>(fail(
                             Text::of(KL_TEXT("kl::keys", "the sha256 of %1 is not recorded in the cache"),
                                      printableName(libs[i].second))));
            if (!h) {
                result.error =
                    Text::of(KL_TEXT("kl::keys", "extern library %1: %2"), libs[i].first, h.error());
                return result;
            }
            text += (i ? ", (" : "(") + pythonStrRepr(libs[i].first) + ", " + pythonStrRepr(*h) + ")";
        }
        items.emplace_back(f.key, text + (libs.size() == 1 ? ",)" : ")"));
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const auto& a, const auto& b) { return pythonStrLess(a.first, b.first); });
    for (std::size_t i = 0; i < items.size(); ++i)
        result.keyText += (i ? "_" : "") + items[i].first + "-" + items[i].second;
    result.hash = sha256Hex(result.keyText);
    return result;
}

} // namespace kl
