#include "stagecomparison.h"

#include "core/cubin/cubininfo.h"
#include "core/diff/linediff.h"
#include "core/formats/stages.h"
#include "core/pack/entryfiles.h"
#include "core/util/posixfile.h"

namespace kl {
namespace {

constexpr std::uint64_t kMaxStageBytes = 2ull << 30;

} // namespace

std::string_view toString(StageState s)
{
    switch (s) {
    case StageState::Same: return "same";
    case StageState::Differs: return "differs";
    case StageState::SameCode: return "same_code";
    case StageState::OnlyA: return "only_a";
    case StageState::OnlyB: return "only_b";
    case StageState::Unreadable: return "unreadable";
    }
    return "same";
}

bool StageComparison::differs(const DiffOptions& options) const
{
    switch (state) {
    case StageState::Same: return false;
    case StageState::SameCode: return !options.ignoreLocations;
    case StageState::Unreadable: return false;
    default: return true;
    }
}

std::vector<StageComparison> compareStages(const Entry& a, const Entry& b, const DiffOptions& options,
                                           const std::atomic<bool>* cancel)
{
    std::vector<StageComparison> out;
    for (std::string_view ext : kKnownStages) {
        if (ext == "json")
            continue;
        const Stage* sa = a.stage(ext);
        const Stage* sb = b.stage(ext);
        if (!sa && !sb)
            continue;
        StageComparison c;
        c.stage = std::string(ext);
        if (!sa || !sb) {
            c.state = sa ? StageState::OnlyA : StageState::OnlyB;
            out.push_back(std::move(c));
            continue;
        }
        const std::string pa = joinPath(a.path, sa->fileName), pb = joinPath(b.path, sb->fileName);
        Result<std::string> ta = readEntryFile(a, sa->fileName, kMaxStageBytes);
        Result<std::string> tb = ta ? readEntryFile(b, sb->fileName, kMaxStageBytes) : Result<std::string>();
        if (!ta || !tb) {
            c.state = StageState::Unreadable;
            c.note = Text::of(KL_TEXT("kl::explain", "cannot read %1: %2"), !ta ? pa : pb,
                              !ta ? ta.error() : tb.error());
            out.push_back(std::move(c));
            continue;
        }
        if (isBinaryStage(ext)) {
            if (*ta == *tb) {
                c.state = StageState::Same;
            } else if (ext == "cubin") {
                const auto view = [](const std::string& s) {
                    return std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
                };
                const CubinResult x = readCubinInfo(view(*ta)), y = readCubinInfo(view(*tb));
                c.state =
                    x.ok && y.ok && sameCode(x.info, y.info) ? StageState::SameCode : StageState::Differs;
                if (c.state == StageState::SameCode)
                    c.note = Text(KL_TEXT("kl::explain",
                                          "the same instructions in every kernel; other bytes (line "
                                          "info, notes) differ"));
            } else {
                c.state = StageState::Differs;
            }
            out.push_back(std::move(c));
            continue;
        }
        const TextLines la = splitLines(std::move(*ta)), lb = splitLines(std::move(*tb));
        const LineDiff d = diffLines(la.lines, lb.lines, options, cancel);
        c.state = d.identical() ? StageState::Same : StageState::Differs;
        c.deleted = d.deleted;
        c.inserted = d.inserted;
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace kl
