#include "overridefindings.h"

#include "core/formats/layout.h"
#include "core/override/folderlinks.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "problemmapping.h"

#include <algorithm>

namespace kl {
namespace {

// The stages compiler.py's loop may replace from an override folder (the first stage, the
// source, is never read from one).
constexpr std::string_view kOverridable[] = {"ttir", "ttgir", "llir", "ptx", "cubin", "amdgcn", "hsaco"};

// The kernel name an override folder's files must carry: its twin dump's, else a linked entry's.
std::string expectedStem(const Snapshot& snap, const FolderLinks& l)
{
    if (l.twin >= 0)
        return layout::fileStem(snap.entries[static_cast<std::size_t>(l.twin)].kernel);
    for (const LinkedEntry& e : l.entries)
        if (!snap.entries[e.entry].kernel.empty())
            return layout::fileStem(snap.entries[e.entry].kernel);
    return {};
}

void stageNames(const Snapshot& snap, const FolderLinks& l, std::vector<Finding>& out)
{
    const Entry& folder = snap.entries[l.folder];
    const std::string stem = expectedStem(snap, l);
    for (const Stage& s : folder.stages) {
        const std::string path = joinPath(folder.path, s.fileName);
        const std::string_view ext = s.ext();
        if (std::find(std::begin(kOverridable), std::end(kOverridable), ext) == std::end(kOverridable)) {
            out.push_back(
                makeFinding(finding::OverrideStageName, FindingSeverity::Warning, path,
                            Text::of(KL_TEXT("kl::doctor", "%1: Triton never reads it from an override "
                                                           "folder (.%2 is not a stage it compiles)"),
                                     printableName(path), printableName(ext))));
            continue;
        }
        const std::string fileStem = s.extPos > 0 ? s.fileName.substr(0, s.extPos - 1u) : std::string();
        if (!stem.empty() && fileStem != stem)
            out.push_back(makeFinding(
                finding::OverrideStageName, FindingSeverity::Warning, path,
                Text::of(KL_TEXT("kl::doctor", "%1: Triton never reads it: it looks for %2.%3, "
                                               "named after the kernel as in the dump of the same "
                                               "source"),
                         printableName(path), printableName(stem), printableName(ext))));
    }
}

std::string joined(const std::vector<std::string>& v, const std::vector<std::string>& only)
{
    std::string out;
    for (const std::string& s : v)
        if (std::find(only.begin(), only.end(), s) != only.end())
            out += (out.empty() ? "." : ", .") + s;
    return out;
}

} // namespace

void overrideFindings(const Snapshot& snap, const DoctorContext& ctx, const std::atomic<bool>* cancel,
                      std::vector<Finding>& out)
{
    FolderLinkOptions options;
    options.cancel = cancel;
    options.digestCache = ctx.digestCache;
    const std::vector<FolderLinks> links = linkUserFolders(snap, options);
    for (const FolderLinks& l : links) {
        const Entry& folder = snap.entries[l.folder];
        if (folder.kind != EntryKind::Override)
            continue;
        stageNames(snap, l, out);
        bool builtFrom = false;
        for (const LinkedEntry& e : l.entries) {
            if (e.viaTwin || !sharesEdited(l, e))
                continue;
            builtFrom = true;
            const Entry& entry = snap.entries[e.entry];
            out.push_back(makeFinding(
                finding::BuiltFromOverride, FindingSeverity::Warning, entry.path,
                Text::of(KL_TEXT("kl::doctor", "%1 was built from the hand-edited %2 in %3: it is "
                                               "stored under its normal key, so runs without "
                                               "TRITON_KERNEL_OVERRIDE load the edited kernel"),
                         printableName(entry.path), joined(e.sharedStages, l.editedStages),
                         printableName(folder.path))));
        }
        // A warm entry of the kernel, written before the override: Triton hits it and never
        // compiles, so it never reads the folder.
        if (builtFrom || !ctx.alwaysCompile || *ctx.alwaysCompile)
            continue;
        for (const LinkedEntry& e : l.entries) {
            const Entry& entry = snap.entries[e.entry];
            if (!e.viaTwin || entry.status != EntryStatus::Complete ||
                entry.newestMtimeNs >= folder.newestMtimeNs)
                continue;
            out.push_back(makeFinding(
                finding::OverrideIgnored, FindingSeverity::Warning, folder.path,
                Text::of(KL_TEXT("kl::doctor", "%1 is newer than %2, the cache entry of the kernel "
                                               "it overrides, and TRITON_ALWAYS_COMPILE is not set: "
                                               "Triton hits that entry and never reads the override"),
                         printableName(folder.path), printableName(entry.path))));
            break;
        }
    }
}

} // namespace kl
