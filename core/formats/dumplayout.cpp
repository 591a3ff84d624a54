#include "dumplayout.h"

#include "stages.h"

#include <algorithm>
#include <array>
#include <span>

namespace kl::dumplayout {
namespace {

// The order a compile writes its stages in (compiler.py's stage loop), per backend. From 3.4 on
// a compile writes "source" ahead of them; before, nothing comes ahead of ttir.
constexpr std::array<std::string_view, 5> kNvidia = {"ttir", "ttgir", "llir", "ptx", "cubin"};
constexpr std::array<std::string_view, 5> kAmd = {"ttir", "ttgir", "llir", "amdgcn", "hsaco"};

bool has(const std::vector<std::string_view>& set, std::string_view ext)
{
    return std::find(set.begin(), set.end(), ext) != set.end();
}

// True when `present` is pipeline[0..last]: what a compile before 3.4 stopped part way leaves.
bool isPipelinePrefix(const std::vector<std::string_view>& present,
                      std::span<const std::string_view> pipeline)
{
    std::size_t last = 0;
    for (std::string_view ext : present) {
        auto it = std::find(pipeline.begin(), pipeline.end(), ext);
        if (it == pipeline.end())
            return false;
        last = std::max(last, static_cast<std::size_t>(it - pipeline.begin()));
    }
    return last + 1 == present.size();
}

bool isWholeDump(const std::vector<std::string_view>& present, std::span<const std::string_view> pipeline)
{
    return std::all_of(pipeline.begin(), pipeline.end(), [&](std::string_view s) { return has(present, s); });
}

} // namespace

bool isDumpOnlyStage(std::string_view ext)
{
    return ext == "sass";
}

std::optional<RootKind> kindOfDefaultFolder(std::string_view path)
{
    while (path.size() > 1 && path.back() == '/')
        path.remove_suffix(1);
    const auto slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    std::string_view parent = slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
    const auto slash2 = parent.rfind('/');
    parent = slash2 == std::string_view::npos ? parent : parent.substr(slash2 + 1);
    if (parent != kTritonHomeFolder)
        return std::nullopt;
    if (name == kDumpFolder)
        return RootKind::Dump;
    if (name == kOverrideFolder)
        return RootKind::Override;
    return std::nullopt;
}

ShapeVerdict judgeFolderShape(const std::vector<std::string_view>& extensions)
{
    if (std::any_of(extensions.begin(), extensions.end(), isDumpOnlyStage))
        return {EntryKind::Dump,
                Text(KL_TEXT("kl::scan", "it holds a .sass file, which Triton writes only into "
                                         "dump folders"))};
    std::vector<std::string_view> present; // known stages, each once
    for (std::string_view ext : extensions)
        if (ext != "json" && stageOrder(ext) >= 0 && !has(present, ext))
            present.push_back(ext);
    // Only a compile writes the source into a folder (Triton's .source from 3.4, the .cu of
    // KernelLens's NVRTC entries); dumps and overrides never hold it. What follows it depends on
    // the options (TRITON_STORE_BINARY_ONLY keeps just the binary), so nothing more is judged.
    if (present.empty() || has(present, "source") || has(present, "cu"))
        return {};
    if (isWholeDump(present, kNvidia) || isWholeDump(present, kAmd))
        return {
            EntryKind::Dump,
            Text(KL_TEXT("kl::scan", "it holds every stage from TTIR to the binary but no metadata, as "
                                     "TRITON_KERNEL_DUMP writes them (a compile writes its metadata right "
                                     "after the binary)"))};
    // TRITON_STORE_BINARY_ONLY=1 before 3.4 keeps just the binary (and then the metadata).
    if (present.size() == 1 && (present.front() == "cubin" || present.front() == "hsaco"))
        return {};
    if (isPipelinePrefix(present, kNvidia) || isPipelinePrefix(present, kAmd))
        return {};
    std::sort(present.begin(), present.end(),
              [](std::string_view a, std::string_view b) { return stageOrder(a) < stageOrder(b); });
    std::string list;
    for (std::string_view ext : present)
        list += (list.empty() ? "." : ", .") + std::string(ext);
    return {EntryKind::Override,
            Text::of(KL_TEXT("kl::scan", "it holds only %1: a compile writes its stages in order from the "
                                         "source on, so none stops leaving these alone (a hand-made override "
                                         "folder)"),
                     list)};
}

} // namespace kl::dumplayout
