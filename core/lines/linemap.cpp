#include "linemap.h"

#include "core/pack/entryfiles.h"
#include "core/util/posixfile.h"
#include "stagelocations.h"

#include <set>
#include <sys/stat.h>

namespace kl {
namespace {

constexpr std::uint64_t kMaxStage = 256ull << 20;

StageLocations locationsOf(const std::string& stage, std::string_view text)
{
    if (stage == "llir")
        return llvmLocations(text);
    if (stage == "ptx")
        return ptxLocations(text);
    return mlirLocations(text);
}

/// Every place a chain names gets the stage line once (a chain may pass a line twice: recursion
/// is not possible in Triton, but a helper called twice on one line is).
void addChains(std::map<SourceLocation, LineMapRow>& rows, const std::vector<LocationChain>& chains,
               const std::string& stage, unsigned line)
{
    for (const LocationChain& chain : chains)
        for (const SourceLocation& at : chain) {
            if (at.file.empty() || at.line == 0)
                continue;
            LineMapRow& row = rows[at];
            row.source = at;
            std::vector<unsigned>& v = row.stages[stage];
            if (v.empty() || v.back() != line)
                v.push_back(line);
        }
}

} // namespace

Result<LineMap> buildLineMap(const Entry& entry, const Environment& env, const LineMapOptions& options)
{
    LineMap map;
    std::map<SourceLocation, LineMapRow> rows;
    for (const char* stageName : kLineMapStages) {
        const std::string stage = stageName;
        const Stage* s = entry.stage(stage);
        if (!s)
            continue;
        const std::string path = joinPath(entry.path, s->fileName);
        Result<std::string> text = readEntryFile(entry, s->fileName, kMaxStage);
        if (!text) {
            map.notes.push_back(Text::of(KL_TEXT("kl::lines", "cannot read %1: %2"), path, text.error()));
            continue;
        }
        const StageLocations locs = locationsOf(stage, *text);
        map.stages.push_back(stage);
        if (locs.located == 0)
            map.notes.push_back(Text::of(KL_TEXT("kl::lines", "%1 records no source locations"), path));
        if (locs.unresolved > 0)
            map.notes.push_back(
                Text::of(KL_TEXT("kl::lines", "%1 refers %2 times to location records it does not hold "
                                              "(cut off?): those lines are left out"),
                         path, locs.unresolved));
        for (std::size_t i = 0; i < locs.lines.size(); ++i)
            if (!locs.lines[i].empty())
                addChains(rows, locs.lines[i], stage, static_cast<unsigned>(i + 1));
    }
    if (options.sass && entry.stage("cubin")) {
        Result<std::string> cubin = entryFileOnDisk(entry, entry.stage("cubin")->fileName);
        Result<SassResult> sass =
            cubin ? disassembleCubin(*cubin, env, options.sassOptions)
                  : Result<SassResult>(fail(Text::of(KL_TEXT("kl::lines", "cannot read %1: %2"),
                                                     joinPath(entry.path, entry.stage("cubin")->fileName),
                                                     std::move(cubin.error()))));
        if (!sass) {
            map.notes.push_back(sass.error());
        } else {
            map.stages.push_back("sass");
            for (const Text& note : sass->notes)
                map.notes.push_back(note);
            for (const SassKernel& k : sass->listing.kernels)
                for (const SassInstruction& ins : k.instructions) {
                    std::set<SourceLocation> seen;
                    const auto add = [&](const SourceLocation& at) {
                        if (at.file.empty() || !seen.insert(at).second)
                            return;
                        LineMapRow& row = rows[at];
                        row.source = at;
                        row.sass.push_back(ins.offset);
                    };
                    add(ins.location());
                    for (const SourceLocation& at : ins.inlinedAt())
                        add(at);
                }
            map.sass = std::move(*sass);
        }
    }
    if (map.stages.empty())
        return fail(Text::of(KL_TEXT("kl::lines", "%1 has none of the stages that record source lines "
                                                  "(source, ttir, ttgir, llir, ptx, cubin)"),
                             entry.path));
    std::set<std::string> files;
    for (auto& [at, row] : rows) {
        files.insert(at.file);
        map.rows.push_back(std::move(row));
    }
    for (const std::string& f : files) {
        LineMapFile file{f};
        struct stat st {};
        file.exists = ::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode);
        const std::int64_t mtimeNs = std::int64_t(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
        file.changed = file.exists && entry.newestMtimeNs > 0 && mtimeNs > entry.newestMtimeNs;
        map.files.push_back(std::move(file));
    }
    return map;
}

} // namespace kl
