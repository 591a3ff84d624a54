#include "cubininfojson.h"

#include "core/util/jsonwriter.h"

namespace kl {
namespace {

using json::Writer;

void optUint(Writer& w, const char* key, const std::optional<std::uint32_t>& v)
{
    w.Key(key);
    if (v)
        w.Uint(*v);
    else
        w.Null();
}

void optDim3(Writer& w, const char* key, const std::optional<std::array<std::uint32_t, 3>>& v)
{
    w.Key(key);
    if (!v) {
        w.Null();
        return;
    }
    w.StartArray();
    for (std::uint32_t x : *v)
        w.Uint(x);
    w.EndArray();
}

} // namespace

static void writeOccupancy(Writer& w, const OccupancyResult& r)
{
    w.Key("occupancy");
    if (!r.ok) {
        w.Null();
        w.Key("occupancy_note");
        json::str(w, r.error);
        return;
    }
    const Occupancy& o = r.value;
    w.StartObject();
    w.Key("block_size");
    w.Uint(o.blockSize);
    w.Key("dynamic_shared_bytes");
    w.Uint64(o.dynamicSharedBytes);
    w.Key("active_blocks_per_sm");
    w.Uint(o.activeBlocksPerSm);
    w.Key("active_warps_per_sm");
    w.Uint(o.activeWarpsPerSm);
    w.Key("max_warps_per_sm");
    w.Uint(o.maxWarpsPerSm);
    w.Key("occupancy");
    w.Double(o.occupancy);
    w.Key("limited_by");
    json::str(w, o.limitedBy);
    w.EndObject();
}

void writeCubinKernelJson(json::Writer& w, const CubinKernel& k, const OccupancyResult* occupancy)
{
    w.StartObject();
    w.Key("name");
    json::str(w, k.name);
    optUint(w, "registers", k.registers);
    optUint(w, "max_registers", k.maxRegisters);
    optDim3(w, "max_threads", k.maxThreads);
    optDim3(w, "required_block", k.reqNtid);
    optUint(w, "frame_bytes", k.frameSize);
    optUint(w, "min_stack_bytes", k.minStackSize);
    optUint(w, "max_stack_bytes", k.maxStackSize);
    optUint(w, "param_bytes", k.paramBytes);
    w.Key("code_bytes");
    w.Uint64(k.codeBytes);
    w.Key("static_shared_bytes");
    w.Uint64(k.staticSharedBytes);
    w.Key("reserved_shared_bytes");
    w.Uint64(k.reservedSharedBytes);
    w.Key("constant_banks");
    w.StartArray();
    for (const auto& [bank, bytes] : k.constantBanks) {
        w.StartObject();
        w.Key("bank");
        w.Uint(bank);
        w.Key("bytes");
        w.Uint64(bytes);
        w.EndObject();
    }
    w.EndArray();
    if (occupancy)
        writeOccupancy(w, *occupancy);
    w.EndObject();
}

void writeCubinInfoJson(const std::string& path, const CubinInfo& info, const LaunchShape& launch,
                        std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.cubin/1");
        w.Key("path");
        json::str(w, path);
        json::strOrNull(w, "file_type", info.fileType);
        w.Key("sm");
        w.Uint(info.sm);
        w.Key("elf_osabi");
        w.Uint(info.osAbi);
        w.Key("elf_abi_version");
        w.Uint(info.abiVersion);
        w.Key("e_flags");
        w.Uint(info.flags);
        optUint(w, "cuda_api_version", info.cudaApiVersion);
        w.Key("kernels");
        w.StartArray();
        for (const CubinKernel& k : info.kernels) {
            const OccupancyResult occupancy = kernelOccupancy(info.sm, k, launch);
            writeCubinKernelJson(w, k, &occupancy);
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
