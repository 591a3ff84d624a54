#include "compilejson.h"

#include "core/cubin/cubininfo.h"
#include "core/cubin/cubininfojson.h"
#include "core/util/jsonwriter.h"
#include "nvrtccache.h"

namespace kl {

void writeCompileJson(const std::string& sourcePath, const NvrtcCacheResult& r, std::FILE* out,
                      std::string_view tier)
{
    json::writeDocument(out, [&](json::Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.compile/1");
        w.Key("source");
        json::str(w, sourcePath);
        w.Key("ok");
        w.Bool(r.ok);
        json::strOrNull(w, "error", r.error);
        w.Key("cache_hit");
        w.Bool(r.hit);
        w.Key("tier");
        json::str(w, tier.empty() ? std::string_view(r.hit ? "local" : "compiled") : tier);
        json::strOrNull(w, "key", r.key.hex);
        json::strOrNull(w, "entry", r.entryPath);
        json::strOrNull(w, "repaired", r.repaired);
        json::strOrNull(w, "store_error", r.storeError);
        json::strOrNull(w, "arch", r.event.arch);
        w.Key("stages_us");
        w.StartObject();
        for (const auto& [stage, us] : r.event.stagesUs) {
            w.Key(stage.c_str());
            w.Int64(us);
        }
        w.EndObject();
        w.Key("total_us");
        w.Int64(r.event.totalUs);
        w.Key("ptx_bytes");
        w.Uint64(r.ptx.size());
        w.Key("cubin_bytes");
        w.Uint64(r.cubin.size());
        w.Key("headers");
        w.StartArray();
        for (const auto& h : r.key.headers) {
            w.StartObject();
            w.Key("path");
            json::str(w, h.path);
            w.Key("sha256");
            w.String(h.sha256.c_str());
            w.EndObject();
        }
        w.EndArray();
        w.Key("diagnostics");
        w.StartArray();
        for (const auto& d : r.compile.diagnostics) {
            w.StartObject();
            json::strOrNull(w, "file", d.file);
            w.Key("line");
            w.Int(d.line);
            w.Key("severity");
            w.String(d.severity.c_str());
            w.Key("message");
            json::str(w, d.message);
            w.EndObject();
        }
        w.EndArray();
        json::strOrNull(w, "log", r.compile.log);
        w.Key("kernels");
        const CubinResult info =
            readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(r.cubin.data()), r.cubin.size()));
        w.StartArray();
        if (info.ok)
            for (const CubinKernel& k : info.info.kernels)
                writeCubinKernelJson(w, k);
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
