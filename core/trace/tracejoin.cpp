#include "tracejoin.h"

#include "core/cubin/cubininfo.h"
#include "core/pack/entryfiles.h"
#include "core/util/posixfile.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace kl::trace {

namespace {

struct Candidate {
    int snapshot;
    std::size_t entry;
};

struct CubinFacts {
    std::vector<CubinKernel> kernels;
    Text error;
};

/// The kernel of a cubin a traced name ran: by the trace's base name, then the entry's kernel
/// name; a cubin with one kernel (Triton's, most NVRTC ones) is that one.
const CubinKernel* pickKernel(const CubinFacts& facts, const std::string& traced,
                              const std::string& entryKernel)
{
    for (const std::string& name : {traced, entryKernel})
        for (const CubinKernel& c : facts.kernels)
            if (c.name == name)
                return &c;
    return facts.kernels.size() == 1 ? &facts.kernels.front() : nullptr;
}

CubinFacts readFacts(const Snapshot& snap, const Entry& entry, const CubinLoader& load)
{
    CubinFacts facts;
    const Stage* stage = entry.stage("cubin");
    if (!stage) {
        facts.error = Text::of(KL_TEXT("kl::trace", "%1 has no cubin"), entry.path);
        return facts;
    }
    const Result<std::string> bytes = load ? load(snap, entry, *stage) : readLocalCubin(entry, *stage);
    if (!bytes) {
        facts.error = bytes.error();
        return facts;
    }
    CubinResult cubin = readCubinInfo(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()));
    if (!cubin.ok) {
        facts.error = Text::of(KL_TEXT("kl::trace", "%1: the cubin could not be read: %2"),
                               joinPath(entry.path, stage->fileName), cubin.error);
        return facts;
    }
    facts.kernels = std::move(cubin.info.kernels);
    return facts;
}

/// The trace's arch for the devices a kernel ran on ("" when the trace has no properties).
std::set<std::string> archsOf(const TraceReport& report, const KernelStats& k)
{
    std::set<std::string> archs;
    for (const DeviceStats& d : report.devices)
        if (!d.arch.empty() && std::find(k.devices.begin(), k.devices.end(), d.device) != k.devices.end())
            archs.insert(d.arch);
    return archs;
}

/// Entries record the arch as digits ("90") or with a suffix ("90a"): the digits decide.
std::string archDigits(std::string_view arch)
{
    std::string d;
    for (char c : arch)
        if (c >= '0' && c <= '9')
            d += c;
        else
            break;
    return d;
}

std::string joinList(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& s : items) {
        if (!out.empty())
            out += ", ";
        out += s;
    }
    return out;
}

// Sentences as one list, each still a sentence the GUI translates ("a, b, c" in English).
Text joinTexts(std::vector<Text> items)
{
    if (items.empty())
        return Text::verbatim(std::string());
    Text out = std::move(items.front());
    for (std::size_t i = 1; i < items.size(); ++i)
        out = Text::of(KL_TEXT("kl::trace", "%1, %2"), std::move(out), std::move(items[i]));
    return out;
}

} // namespace

Result<std::string> readLocalCubin(const Entry& entry, const Stage& cubin)
{
    const std::string path = joinPath(entry.path, cubin.fileName);
    Result<std::string> bytes = readEntryFile(entry, cubin.fileName, 256ull << 20);
    if (!bytes)
        return fail(
            Text::of(KL_TEXT("kl::trace", "%1: the cubin could not be read: %2"), path, bytes.error()));
    return bytes;
}

JoinResult joinCaches(const TraceReport& report, const std::vector<const Snapshot*>& snapshots,
                      const CubinLoader& loadCubin)
{
    JoinResult result;
    result.byKernel.assign(report.kernels.size(), -1);
    std::unordered_map<std::string, std::vector<Candidate>> byName;
    for (std::size_t s = 0; s < snapshots.size(); ++s) {
        const Snapshot& snap = *snapshots[s];
        for (std::size_t e = 0; e < snap.entries.size(); ++e) {
            const Entry& entry = snap.entries[e];
            if (entry.kind != EntryKind::Kernel || entry.kernel.empty())
                continue;
            byName[entry.kernel].push_back({static_cast<int>(s), e});
            const std::string base = baseKernelName(entry.kernel);
            if (base != entry.kernel)
                byName[base].push_back({static_cast<int>(s), e});
        }
    }
    std::map<std::pair<int, std::size_t>, CubinFacts> cubins;
    auto factsOf = [&](int s, std::size_t e) -> const CubinFacts& {
        auto [it, fresh] = cubins.try_emplace({s, e});
        if (fresh)
            it->second = readFacts(*snapshots[static_cast<std::size_t>(s)],
                                   snapshots[static_cast<std::size_t>(s)]->entries[e], loadCubin);
        return it->second;
    };
    // A KernelLens NVRTC entry is named after its program, and its kernels may be named
    // otherwise (softmax.cu holds softmax_rows). When a traced kernel matches no entry name,
    // the entries without num_warps (NVRTC's; Triton always records it) are indexed by the
    // kernels their cubins hold. Triton caches are never read whole this way.
    bool someUnnamed = false;
    for (const KernelStats& k : report.kernels)
        if (k.cls == KernelClass::Compute && !byName.count(k.name) && !byName.count(baseKernelName(k.name)))
            someUnnamed = true;
    if (someUnnamed)
        for (std::size_t s = 0; s < snapshots.size(); ++s)
            for (std::size_t e = 0; e < snapshots[s]->entries.size(); ++e) {
                const Entry& entry = snapshots[s]->entries[e];
                if (entry.kind != EntryKind::Kernel || entry.numWarps || !entry.stage("cubin"))
                    continue;
                for (const CubinKernel& c : factsOf(static_cast<int>(s), e).kernels)
                    if (c.name != entry.kernel)
                        byName[c.name].push_back({static_cast<int>(s), e});
            }

    for (std::size_t ki = 0; ki < report.kernels.size(); ++ki) {
        const KernelStats& k = report.kernels[ki];
        if (k.cls == KernelClass::Memcpy || k.cls == KernelClass::Memset)
            continue;
        auto it = byName.find(k.name);
        if (it == byName.end())
            it = byName.find(baseKernelName(k.name));
        if (it == byName.end()) {
            if (k.cls == KernelClass::Compute)
                result.unmatched.push_back(ki);
            if (k.inductor >= 0) {
                const InductorKernel& ind = report.inductor[static_cast<std::size_t>(k.inductor)];
                // Inductor writes /tmp/torchinductor_<user>/<2 chars>/<hash>.py and keeps
                // Triton's cache in /tmp/torchinductor_<user>/triton/<device>.
                std::string root = ind.kernelFile;
                for (int up = 0; up < 2 && root.find('/') != std::string::npos; ++up)
                    root = root.substr(0, root.rfind('/'));
                TraceFinding f;
                f.code = "no-entry-inductor";
                f.severity = "info";
                f.kernel = ki;
                f.message =
                    Text::of(KL_TEXT("kl::trace", "%1 is an Inductor Triton kernel (%2) but no opened cache "
                                                  "holds it"),
                             k.name, ind.kernelFile);
                f.fix = Text::of(KL_TEXT("kl::trace",
                                         "Open Inductor's Triton cache of that run, usually %1/triton "
                                         "(or TORCHINDUCTOR_CACHE_DIR/triton), with --cache"),
                                 root);
                result.findings.push_back(std::move(f));
            }
            continue;
        }

        KernelJoin join;
        join.kernel = ki;
        const std::set<std::string> archs = archsOf(report, k);
        // Every binary the name ran as must fit one entry; a name without recorded resources
        // (older Kineto) still joins by name.
        std::vector<LaunchVariant> variants = k.variants;
        if (variants.empty())
            variants.push_back({-1, -1, -1, k.calls, k.totalNs});
        join.variantBest.assign(variants.size(), -1);
        for (const Candidate& c : it->second) {
            const Snapshot& snap = *snapshots[static_cast<std::size_t>(c.snapshot)];
            const Entry& entry = snap.entries[c.entry];
            EntryMatch m;
            m.snapshot = c.snapshot;
            m.entry = c.entry;
            m.path = entry.path;
            m.arch = entry.target.arch;
            m.numWarps = entry.numWarps;
            if (entry.shared && *entry.shared >= 0)
                m.sharedBytes = static_cast<std::uint64_t>(*entry.shared);
            m.archMatches =
                archs.empty() || entry.target.arch.empty() || archs.count(archDigits(entry.target.arch));
            const CubinFacts& facts = factsOf(c.snapshot, c.entry);
            m.cubinError = facts.error;
            if (const CubinKernel* ck = pickKernel(facts, baseKernelName(k.name), entry.kernel)) {
                m.registers = ck->registers;
                m.staticShared = ck->staticSharedBytes;
            } else if (facts.error.empty()) {
                m.cubinError = Text::of(KL_TEXT("kl::trace", "%1: the cubin holds no kernel named %2"),
                                        entry.path, k.name);
            }
            const int warpSize = entry.target.warpSize > 0 ? entry.target.warpSize : 32;
            m.warpsMatch = false;
            m.resourcesMatch = false;
            const std::size_t index = join.entries.size();
            for (std::size_t v = 0; v < variants.size(); ++v) {
                const LaunchVariant& lv = variants[v];
                const bool warps =
                    !entry.numWarps || lv.blockThreads < 0 || *entry.numWarps * warpSize == lv.blockThreads;
                if (!warps)
                    continue;
                m.warpsMatch = true;
                bool ok = true;
                if (lv.registers >= 0 && m.registers)
                    ok = static_cast<std::int64_t>(*m.registers) == lv.registers;
                if (lv.sharedMemory >= 0 && (m.sharedBytes || m.staticShared)) {
                    // Kineto records static + dynamic; Triton's metadata "shared" is the dynamic
                    // part it launches with, and on sm_90 the cubin's static section also holds
                    // what ptxas reserves, so either sum is the same binary.
                    const std::uint64_t dyn = m.sharedBytes.value_or(0);
                    const std::uint64_t stat = m.staticShared.value_or(0);
                    const auto want = static_cast<std::uint64_t>(lv.sharedMemory);
                    if (entry.numWarps)
                        ok = ok && (want == dyn || want == dyn + stat || want == stat);
                    else
                        // An NVRTC kernel's dynamic shared memory is chosen at each launch, so
                        // only its static part is the binary's.
                        ok = ok && want >= stat;
                }
                if (ok)
                    m.resourcesMatch = true;
                if (ok && m.archMatches && join.variantBest[v] < 0)
                    join.variantBest[v] = static_cast<int>(index);
            }
            join.entries.push_back(std::move(m));
        }
        join.best = join.variantBest.front();
        std::vector<std::string> paths;
        std::vector<std::string> sameArch;
        std::vector<Text> seen;
        for (const EntryMatch& m : join.entries) {
            paths.push_back(m.path);
            if (m.archMatches && m.warpsMatch) {
                sameArch.push_back(m.path);
                const std::uint64_t shared = m.sharedBytes.value_or(0) + m.staticShared.value_or(0);
                seen.push_back(
                    Text::of(KL_TEXT("kl::trace", "%1 registers and %2 bytes of shared memory in %3"),
                             m.registers ? std::to_string(*m.registers) : std::string("?"),
                             std::to_string(shared), m.path));
            }
        }
        bool allFit = true;
        for (std::size_t v = 0; v < variants.size(); ++v) {
            const LaunchVariant& lv = variants[v];
            if (join.variantBest[v] >= 0) {
                result.matchedNs += lv.totalNs;
                continue;
            }
            allFit = false;
            TraceFinding f;
            f.kernel = ki;
            if (!sameArch.empty()) {
                f.code = "binary-mismatch";
                f.severity = "error";
                f.entries = sameArch;
                f.message = Text::of(
                    KL_TEXT("kl::trace",
                            "The binary that ran is not the one in the cache: %1 ran %2 times with %3 "
                            "registers per thread, %4 bytes of shared memory and %5 threads per block, "
                            "but the cache has %6. Likely cause: the entry was compiled again after the "
                            "run (another Triton or CUDA version, changed options or source) or the run "
                            "used another cache folder"),
                    k.name, lv.calls, lv.registers, lv.sharedMemory, lv.blockThreads, joinTexts(seen));
                f.fix = Text::of(KL_TEXT("kl::trace",
                                         "Compare the entries with `klens explain`, check that the job's "
                                         "TRITON_CACHE_DIR is this cache, then profile again; `klens "
                                         "clean` removes the stale entries"));
            } else {
                f.code = "arch-mismatch";
                f.severity = "warning";
                f.entries = paths;
                std::vector<std::string> archList(archs.begin(), archs.end());
                f.message =
                    Text::of(KL_TEXT("kl::trace", "%1 ran on sm_%2 with %3 threads per block, but the "
                                                  "cache's entries of that name are for other GPUs or warp "
                                                  "counts (%4)"),
                             k.name, joinList(archList), lv.blockThreads, joinList(paths));
                f.fix = Text::of(KL_TEXT("kl::trace",
                                         "Open the cache the profiled job wrote (its TRITON_CACHE_DIR on "
                                         "that machine)"));
            }
            result.findings.push_back(std::move(f));
        }
        if (!allFit && variants.size() > 1) {
            TraceFinding f;
            f.code = "resources-vary";
            f.severity = "warning";
            f.kernel = ki;
            f.entries = paths;
            std::vector<std::string> regs;
            for (std::int64_t r : k.registers.distinct)
                regs.push_back(std::to_string(r));
            f.message =
                Text::of(KL_TEXT("kl::trace", "%1 ran as %2 different binaries in this trace (registers per "
                                              "thread: %3): specialisations that share its name, or a "
                                              "recompile during the run"),
                         k.name, variants.size(), joinList(regs));
            f.fix = Text::of(KL_TEXT("kl::trace",
                                     "Look for recompiles (`klens stats`) and for entries of this kernel "
                                     "that differ only in their key (`klens explain`)"));
            result.findings.push_back(std::move(f));
        }
        result.byKernel[ki] = static_cast<int>(result.kernels.size());
        result.kernels.push_back(std::move(join));
    }
    return result;
}

} // namespace kl::trace
