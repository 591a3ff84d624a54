#include "fs/folderhealth.h"

#include "env/cacheroots.h"
#include "util/posixfile.h"

#include <algorithm>
#include <sys/stat.h>

namespace kl {
namespace {

// Triton reads switches with getenv_bool (GetEnv.hpp): "1", "true" or "on" in any case, untrimmed.
bool envTruthy(const Environment& env, const std::string& name)
{
    auto v = env.get(name);
    if (!v)
        return false;
    std::string s = *v;
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s == "1" || s == "true" || s == "on";
}

// "default (~/.triton/cache)" -> "the default ~/.triton/cache, since TRITON_CACHE_DIR is not set"
std::string whyFromReason(const std::string& reason, const std::string& variable)
{
    if (reason == variable)
        return "set by " + variable;
    if (reason.starts_with("default (") && reason.ends_with(")"))
        return "the default " + reason.substr(9, reason.size() - 10) + ", since " + variable + " is not set";
    return reason;
}

std::string whereText(const FsInfo& fs)
{
    std::string s = fs.type.empty() ? "an unknown filesystem" : fs.type;
    if (!fs.source.empty() && fs.source != "none")
        s += " from " + fs.source;
    if (!fs.mountPoint.empty())
        s += ", mounted at " + fs.mountPoint;
    if (fs.bindMount)
        s += " (a bind mount of " + (fs.bindOf.empty() ? fs.mountRoot : fs.bindOf) + ")";
    return s;
}

std::string walkedText(const FsInfo& fs)
{
    if (!fs.walkedUp)
        return {};
    return "; it does not exist yet, so its nearest existing parent " + fs.probedPath + " was examined";
}

std::string subject(const FolderUse& f)
{
    return f.role == "given" ? f.path : f.label + " " + f.path + " (" + f.why + ")";
}

std::string networkWarning(const FolderUse& f, const FsInfo& fs)
{
    std::string s = subject(f) + " is on a network filesystem: " + whereText(fs) + walkedText(fs) + ". ";
    if (f.role == "triton-dump")
        s += "Every compile writes each stage there: compiles get slow and processes can hang at exit "
             "while the writes flush. ";
    else
        s += "A cache there makes compiles slow, can hang processes at exit while writes flush, and lets "
             "ranks that compile the same kernel race on the rename of its temporary files. ";
    s += "Fix: point " + f.fixVariable + " at local disk, e.g. export " + f.fixVariable +
         "=/tmp/triton-cache-$USER, or node-local scratch";
    if (f.role == "deepspeed-autotune")
        s += " (DeepSpeed and Triton then share that folder)";
    else if (f.role == "inductor-triton")
        s += " (or set TRITON_CACHE_DIR, which Inductor then uses)";
    return s + ".";
}

} // namespace

std::string_view toString(Severity severity)
{
    switch (severity) {
    case Severity::Ok: return "ok";
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    }
    return "ok";
}

std::vector<FolderUse> effectiveFolders(const Environment& env)
{
    std::vector<FolderUse> out;
    const std::vector<Root> roots = effectiveRoots(env);
    struct Role {
        const char* role;
        const char* label;
        const char* variable;
    };
    static const Role kRoles[] = {
        {"triton-cache", "Triton's cache folder", "TRITON_CACHE_DIR"},
        {"triton-dump", "Triton's dump folder", "TRITON_DUMP_DIR"},
        {"triton-override", "Triton's override folder", "TRITON_OVERRIDE_DIR"},
        {"inductor-triton", "TorchInductor's Triton folder", "TORCHINDUCTOR_CACHE_DIR"},
    };
    for (std::size_t i = 0; i < roots.size() && i < std::size(kRoles); ++i) {
        FolderUse f;
        f.role = kRoles[i].role;
        f.label = kRoles[i].label;
        f.fixVariable = kRoles[i].variable;
        f.path = roots[i].path;
        f.reason = roots[i].reason;
        f.why = i == 3 ? roots[i].reason + ", used since TRITON_CACHE_DIR is not set"
                       : whyFromReason(roots[i].reason, f.fixVariable);
        f.note = roots[i].note;
        f.exists = roots[i].exists;
        out.push_back(std::move(f));
    }
    if (out.size() > 2) {
        out[1].switchVariable = "TRITON_KERNEL_DUMP";
        out[2].switchVariable = "TRITON_KERNEL_OVERRIDE";
        for (FolderUse& f : out)
            if (!f.switchVariable.empty())
                f.inUse = envTruthy(env, f.switchVariable);
    }

    // DeepSpeed's matmul autotune cache: os.environ.get("TRITON_CACHE_DIR", default), unstripped.
    FolderUse ds;
    ds.role = "deepspeed-autotune";
    ds.label = "DeepSpeed's Triton autotune folder";
    ds.fixVariable = "TRITON_CACHE_DIR";
    if (auto v = env.get("TRITON_CACHE_DIR"); v && !v->empty()) {
        ds.path = absoluteClean(*v);
        ds.reason = "TRITON_CACHE_DIR";
        ds.why = "set by TRITON_CACHE_DIR";
    } else {
        auto home = env.get("TRITON_HOME");
        const bool th = home && !home->empty();
        ds.path = absoluteClean(joinPath(joinPath(th ? *home : env.home, ".triton"), "autotune"));
        ds.reason = std::string("default (") + (th ? "$TRITON_HOME" : "~") + "/.triton/autotune)";
        ds.why = "DeepSpeed's default " + std::string(th ? "$TRITON_HOME" : "~") +
                 "/.triton/autotune, since TRITON_CACHE_DIR is not set";
        if (v)
            ds.note = "TRITON_CACHE_DIR is set but empty: DeepSpeed then fails to create its autotune folder";
    }
    struct stat st {};
    ds.exists = ::stat(ds.path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    out.push_back(std::move(ds));
    return out;
}

FolderHealth judgeFolder(const FolderUse& folder, const FsInfo& fs)
{
    FolderHealth h;
    h.folder = folder;
    h.fs = fs;
    if (!folder.note.empty())
        h.notes.push_back(folder.note);
    const std::string where = " is on a network filesystem: " + whereText(fs) + walkedText(fs) + ".";
    if (!fs.error.empty()) {
        h.notes.push_back(subject(folder) + ": " + fs.error);
    } else if (fs.category == FsCategory::Network) {
        if (folder.role == "triton-override")
            h.notes.push_back(subject(folder) + where +
                              " Triton only reads it, so this costs time but does not race.");
        else if (folder.inUse)
            h.warnings.push_back(networkWarning(folder, fs));
        else
            h.notes.push_back(subject(folder) + where + " It is not in use now (" + folder.switchVariable +
                              " is not set).");
    } else if (!folder.inUse) {
        // A folder nobody writes to needs no advice about where it lives.
    } else if (fs.category == FsCategory::Memory) {
        h.notes.push_back(
            subject(folder) + " is on " + fs.type +
            ", a memory filesystem: its entries are lost at reboot and count against RAM (and a "
            "container's memory limit)" +
            walkedText(fs) + ".");
    } else if (fs.category == FsCategory::Overlay) {
        h.notes.push_back(
            subject(folder) + " is on " + fs.type +
            ", a container's writable layer: its entries are lost when the container is removed "
            "and every write copies up; mount a volume there to keep them" +
            walkedText(fs) + ".");
    } else if (fs.autofsPending) {
        h.notes.push_back(subject(folder) + " lies under the autofs mount point " +
                          (fs.autofsMountPoint.empty() ? fs.mountPoint : fs.autofsMountPoint) +
                          ", whose filesystem was not mounted when probed: its type is unknown until it is "
                          "mounted on first use. List the folder and run again.");
    } else if (fs.category == FsCategory::Unknown) {
        h.notes.push_back(subject(folder) + " is on " +
                          (fs.type.empty() ? "an unknown filesystem" : fs.type) +
                          ", which KernelLens does not know: not judged.");
    }
    if (!fs.note.empty())
        h.notes.push_back(fs.note);
    h.severity = !h.warnings.empty() ? Severity::Warning : !h.notes.empty() ? Severity::Note : Severity::Ok;
    return h;
}

std::vector<FolderHealth> judgeEffectiveFolders(const Environment& env, const FsProber& probe)
{
    std::vector<FolderHealth> out;
    for (const FolderUse& f : effectiveFolders(env)) {
        auto same = std::find_if(out.begin(), out.end(),
                                 [&](const FolderHealth& h) { return h.folder.path == f.path; });
        if (same != out.end()) {
            FolderHealth h;
            h.folder = f;
            h.fs = same->fs;
            h.sameAs = same->folder.role;
            if (!f.note.empty())
                h.notes.push_back(f.note);
            h.severity = h.notes.empty() ? Severity::Ok : Severity::Note;
            out.push_back(std::move(h));
            continue;
        }
        out.push_back(judgeFolder(f, probe ? probe(f.path) : probeFilesystem(f.path)));
    }
    return out;
}

FolderHealth judgeGivenFolder(const std::string& path, const FsProber& probe)
{
    FolderUse f;
    f.role = "given";
    f.label = "The folder";
    f.path = path;
    f.reason = "given";
    f.why = "given";
    f.fixVariable = "TRITON_CACHE_DIR";
    FsInfo fs = probe ? probe(path) : probeFilesystem(path);
    f.exists = !fs.walkedUp && fs.error.empty();
    return judgeFolder(f, fs);
}

bool hasWarnings(const std::vector<FolderHealth>& folders)
{
    return std::any_of(folders.begin(), folders.end(),
                       [](const FolderHealth& h) { return h.severity == Severity::Warning; });
}

} // namespace kl
