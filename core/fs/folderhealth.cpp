#include "folderhealth.h"

#include "core/env/cacheroots.h"
#include "core/util/posixfile.h"

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
Text whyFromReason(const std::string& reason, const std::string& variable)
{
    if (reason == variable)
        return Text::of(KL_TEXT("kl::fs", "set by %1"), variable);
    if (reason.starts_with("default (") && reason.ends_with(")"))
        return Text::of(KL_TEXT("kl::fs", "the default %1, since %2 is not set"),
                        reason.substr(9, reason.size() - 10), variable);
    return Text::verbatim(reason);
}

// "nfs4 from srv:/home, mounted at /home (a bind mount of /export)"
Text whereText(const FsInfo& fs)
{
    Text s = fs.type.empty() ? Text(KL_TEXT("kl::fs", "an unknown filesystem")) : Text::verbatim(fs.type);
    if (!fs.source.empty() && fs.source != "none")
        s = Text::of(KL_TEXT("kl::fs", "%1 from %2"), std::move(s), fs.source);
    if (!fs.mountPoint.empty())
        s = Text::of(KL_TEXT("kl::fs", "%1, mounted at %2"), std::move(s), fs.mountPoint);
    if (fs.bindMount)
        s = Text::of(KL_TEXT("kl::fs", "%1 (a bind mount of %2)"), std::move(s),
                     fs.bindOf.empty() ? fs.mountRoot : fs.bindOf);
    return s;
}

// `text`, and when the folder does not exist yet, which parent was examined instead.
Text withWalked(Text text, const FsInfo& fs)
{
    if (!fs.walkedUp)
        return text;
    return Text::of(
        KL_TEXT("kl::fs", "%1; it does not exist yet, so its nearest existing parent %2 was examined"),
        std::move(text), fs.probedPath);
}

// The same as a suffix for sentences that go on after the filesystem; empty when not walked up.
Text walkedSuffix(const FsInfo& fs)
{
    if (!fs.walkedUp)
        return Text::verbatim({});
    return Text::of(
        KL_TEXT("kl::fs", "; it does not exist yet, so its nearest existing parent %1 was examined"),
        fs.probedPath);
}

Text subject(const FolderUse& f)
{
    return f.role == "given" ? Text::verbatim(f.path)
                             : Text::of(KL_TEXT("kl::fs", "%1 %2 (%3)"), f.label, f.path, f.why);
}

Text networkWarning(const FolderUse& f, const FsInfo& fs)
{
    const Text where = withWalked(whereText(fs), fs);
    const Text consequence =
        f.role == "triton-dump"
            ? Text(KL_TEXT(
                  "kl::fs",
                  "Every compile writes each stage there: compiles get slow and processes can hang at "
                  "exit while the writes flush."))
            : Text(
                  KL_TEXT("kl::fs",
                          "A cache there makes compiles slow, can hang processes at exit while writes flush, "
                          "and lets ranks that compile the same kernel race on the rename of its temporary "
                          "files."));
    const Text fix =
        f.role == "deepspeed-autotune"
            ? Text::of(KL_TEXT("kl::fs",
                               "Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or "
                               "node-local scratch (DeepSpeed and Triton then share that folder)."),
                       f.fixVariable)
        : f.role == "inductor-triton"
            ? Text::of(KL_TEXT("kl::fs",
                               "Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or "
                               "node-local scratch (or set TRITON_CACHE_DIR, which Inductor then uses)."),
                       f.fixVariable)
            : Text::of(KL_TEXT("kl::fs",
                               "Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or "
                               "node-local scratch."),
                       f.fixVariable);
    return Text::of(KL_TEXT("kl::fs", "%1 is on a network filesystem: %2. %3 %4"), subject(f), where,
                    consequence, fix);
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
        TextSource label;
        const char* variable;
    };
    static const Role kRoles[] = {
        {"triton-cache", KL_TEXT("kl::fs", "Triton's cache folder"), "TRITON_CACHE_DIR"},
        {"triton-dump", KL_TEXT("kl::fs", "Triton's dump folder"), "TRITON_DUMP_DIR"},
        {"triton-override", KL_TEXT("kl::fs", "Triton's override folder"), "TRITON_OVERRIDE_DIR"},
        {"inductor-triton", KL_TEXT("kl::fs", "TorchInductor's Triton folder"), "TORCHINDUCTOR_CACHE_DIR"},
    };
    for (std::size_t i = 0; i < roots.size() && i < std::size(kRoles); ++i) {
        FolderUse f;
        f.role = kRoles[i].role;
        f.label = Text(kRoles[i].label);
        f.fixVariable = kRoles[i].variable;
        f.path = roots[i].path;
        f.reason = roots[i].reason.english();
        f.why = i == 3 ? Text::of(KL_TEXT("kl::fs", "%1, used since TRITON_CACHE_DIR is not set"),
                                  roots[i].reason)
                       : whyFromReason(f.reason, f.fixVariable);
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
    ds.label = Text(KL_TEXT("kl::fs", "DeepSpeed's Triton autotune folder"));
    ds.fixVariable = "TRITON_CACHE_DIR";
    if (auto v = env.get("TRITON_CACHE_DIR"); v && !v->empty()) {
        ds.path = absoluteClean(*v);
        ds.reason = "TRITON_CACHE_DIR";
        ds.why = Text::of(KL_TEXT("kl::fs", "set by %1"), "TRITON_CACHE_DIR");
    } else {
        auto home = env.get("TRITON_HOME");
        const bool th = home && !home->empty();
        ds.path = absoluteClean(joinPath(joinPath(th ? *home : env.home, ".triton"), "autotune"));
        ds.reason = std::string("default (") + (th ? "$TRITON_HOME" : "~") + "/.triton/autotune)";
        ds.why = Text::of(KL_TEXT("kl::fs", "DeepSpeed's default %1, since TRITON_CACHE_DIR is not set"),
                          std::string(th ? "$TRITON_HOME" : "~") + "/.triton/autotune");
        if (v)
            ds.note = Text(KL_TEXT("kl::fs",
                                   "TRITON_CACHE_DIR is set but empty: DeepSpeed then fails to create its "
                                   "autotune folder"));
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
    const Text where = withWalked(whereText(fs), fs);
    if (!fs.error.empty()) {
        h.notes.push_back(Text::of(KL_TEXT("kl::fs", "%1: %2"), subject(folder), fs.error));
    } else if (fs.category == FsCategory::Network) {
        if (folder.role == "triton-override")
            h.notes.push_back(
                Text::of(KL_TEXT("kl::fs", "%1 is on a network filesystem: %2. Triton only reads it, so this "
                                           "costs time but does not race."),
                         subject(folder), where));
        else if (folder.inUse)
            h.warnings.push_back(networkWarning(folder, fs));
        else
            h.notes.push_back(
                Text::of(KL_TEXT("kl::fs", "%1 is on a network filesystem: %2. It is not in use now (%3 is "
                                           "not set)."),
                         subject(folder), where, folder.switchVariable));
    } else if (!folder.inUse) {
        // A folder nobody writes to needs no advice about where it lives.
    } else if (fs.category == FsCategory::Memory) {
        h.notes.push_back(
            Text::of(KL_TEXT("kl::fs", "%1 is on %2, a memory filesystem: its entries are lost at reboot and "
                                       "count against RAM (and a container's memory limit)%3."),
                     subject(folder), fs.type, walkedSuffix(fs)));
    } else if (fs.category == FsCategory::Overlay) {
        h.notes.push_back(
            Text::of(KL_TEXT("kl::fs", "%1 is on %2, a container's writable layer: its entries are lost when "
                                       "the container is removed and every write copies up; mount a volume "
                                       "there to keep them%3."),
                     subject(folder), fs.type, walkedSuffix(fs)));
    } else if (fs.autofsPending) {
        h.notes.push_back(
            Text::of(KL_TEXT("kl::fs", "%1 lies under the autofs mount point %2, whose filesystem was not "
                                       "mounted when probed: its type is unknown until it is mounted on "
                                       "first use. List the folder and run again."),
                     subject(folder), fs.autofsMountPoint.empty() ? fs.mountPoint : fs.autofsMountPoint));
    } else if (fs.category == FsCategory::Unknown) {
        h.notes.push_back(Text::of(
            KL_TEXT("kl::fs", "%1 is on %2, which KernelLens does not know: not judged."), subject(folder),
            fs.type.empty() ? Text(KL_TEXT("kl::fs", "an unknown filesystem")) : Text::verbatim(fs.type)));
    }
    if (!fs.note.empty())
        h.notes.push_back(Text::verbatim(fs.note));
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
    f.label = Text(KL_TEXT("kl::fs", "The folder"));
    f.path = path;
    f.reason = "given";
    f.why = Text(KL_TEXT("kl::roots", "given"));
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
