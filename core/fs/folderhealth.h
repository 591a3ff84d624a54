#pragma once

#include "core/env/environment.h"
#include "core/util/text.h"
#include "fsprobe.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

enum class Severity { Ok, Note, Warning };

std::string_view toString(Severity severity); ///< "ok", "note", "warning"

/// A folder a tool would use in this environment, before looking at its filesystem.
struct FolderUse {
    std::string role; ///< "triton-cache", "triton-dump", "triton-override", "inductor-triton",
                      ///< "deepspeed-autotune", "given"
    Text label;       ///< "Triton's cache folder", for messages
    std::string path;
    std::string reason;      ///< short, as in Root::reason: "TRITON_CACHE_DIR", "default (~/.triton/cache)"
    Text why;                ///< the same as a phrase for messages: "set by TRITON_CACHE_DIR"
    std::string fixVariable; ///< the variable that moves it: "TRITON_CACHE_DIR"
    Text note;               ///< carried over from the root (e.g. an empty TRITON_CACHE_DIR)
    bool exists = false;
    bool inUse = true;          ///< false for the dump and override folders while their switch is off
    std::string switchVariable; ///< what puts it in use ("TRITON_KERNEL_DUMP"); empty: always in use
};

/// A folder judged by the filesystem it lives on.
struct FolderHealth {
    FolderUse folder;
    FsInfo fs;
    std::string sameAs; ///< role of an earlier folder with the same path: judged there, not again
    Severity severity = Severity::Ok;
    std::vector<Text> warnings; ///< full sentences: folder, why, filesystem, consequence, fix
    std::vector<Text> notes;
};

/// The folders Triton, TorchInductor and DeepSpeed would use here, in that order: Triton's cache,
/// dump and override folders, Inductor's Triton folder (when TRITON_CACHE_DIR is unset) and
/// DeepSpeed's autotune folder (TRITON_CACHE_DIR, else $TRITON_HOME or ~ /.triton/autotune).
std::vector<FolderUse> effectiveFolders(const Environment& env);

/// Judge one folder from its probe result. Pure.
FolderHealth judgeFolder(const FolderUse& folder, const FsInfo& fs);

/// effectiveFolders() judged, probing each with `probe` (tests inject fixtures).
std::vector<FolderHealth> judgeEffectiveFolders(const Environment& env, const FsProber& probe = {});

/// A folder named on the command line, judged as if it were to hold a Triton cache.
FolderHealth judgeGivenFolder(const std::string& path, const FsProber& probe = {});

bool hasWarnings(const std::vector<FolderHealth>& folders);

} // namespace kl
