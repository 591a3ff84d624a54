#pragma once

#include "core/formats/groupfile.h"
#include "core/formats/layout.h"
#include "core/formats/metadata.h"
#include "core/formats/stages.h"
#include "core/model/entry.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

// What an entry is, judged from its file names and json alone: shared by the folder reader
// (core/scan/entryreader) and the remote cache (core/remote), so both read an entry the same way.

/// The kernel's name as written in file names: the group file names it best, then the metadata
/// json, then the stage files. `nameOf(file)` gives a file's name.
template <typename Files, typename NameOf> std::string kernelFileStem(const Files& files, NameOf nameOf)
{
    for (const auto& f : files)
        if (std::string_view n = nameOf(f); layout::isGroupFileName(n))
            return std::string(layout::groupFileStem(n));
    for (const auto& f : files) {
        std::string_view n = nameOf(f);
        if (n.ends_with(layout::kJsonSuffix) && !layout::isAutotuneFileName(n) && !layout::isTempFileName(n))
            return std::string(n.substr(0, n.size() - layout::kJsonSuffix.size()));
    }
    for (const auto& f : files) {
        std::string_view n = nameOf(f);
        auto dot = n.rfind('.');
        if (dot != std::string_view::npos && stageOrder(n.substr(dot + 1)) >= 0)
            return std::string(n.substr(0, dot));
    }
    return {};
}

/// The kind a non-empty set of files makes: Kernel (a group file or a stage), Autotune, Module
/// (only .so files), Foreign (only other tools' files) or Unknown.
template <typename Files, typename NameOf> EntryKind kindOfFiles(const Files& files, NameOf nameOf)
{
    bool anyStageLike = false, anyGroup = false, anyAutotune = false, allSo = true, allForeign = true;
    for (const auto& f : files) {
        std::string_view n = nameOf(f);
        const bool group = layout::isGroupFileName(n);
        const bool autotune = layout::isAutotuneFileName(n);
        anyGroup |= group;
        anyAutotune |= autotune;
        if (!group && !autotune && !layout::isTempFileName(n)) {
            auto dot = n.rfind('.');
            if (dot != std::string_view::npos && stageOrder(n.substr(dot + 1)) >= 0)
                anyStageLike = true;
        }
        allSo &= n.ends_with(".so");
        allForeign &= layout::isForeignFileName(n);
    }
    if (anyGroup || anyStageLike)
        return EntryKind::Kernel;
    if (anyAutotune)
        return EntryKind::Autotune;
    if (allSo)
        return EntryKind::Module;
    if (allForeign)
        return EntryKind::Foreign;
    return EntryKind::Unknown;
}

/// Copy the metadata's summary into `e` (moving from `m`) and check it against the entry: the
/// kernel name against the file names, the hash against the folder (or remote key) name.
void applyMetadata(Entry& e, Metadata& m);

/// One file as a stage of `e` (whose kind and kernel are set): where its stage extension starts,
/// given the file-name stem the entry's files use.
Stage makeStage(const Entry& e, std::string fileName, std::uint64_t size, std::int64_t mtimeNs,
                std::string_view fileStem);

/// Canonical stage order first (source, ttir, ..., cubin, json), then unknown ones by name.
void sortStages(std::vector<Stage>& stages);

/// A 3.x entry whose group file lists names instead of mapping them to paths: what Triton's
/// RemoteCacheManager materialises locally. Triton's plain FileCacheManager then fails on it.
bool isMaterialisedRemoteGroup(const Entry& e, GroupShape shape);

} // namespace kl
