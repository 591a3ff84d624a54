#include "overridemake.h"

#include "core/pack/entryfiles.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "folderlinks.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

constexpr std::string_view kOverridable[] = {"ttir", "ttgir", "llir", "ptx", "cubin", "amdgcn", "hsaco"};
constexpr std::uint64_t kMaxStageBytes = 256ull << 20;

OverrideMakeResult failure(Text why)
{
    OverrideMakeResult r;
    r.error = std::move(why);
    return r;
}

// The dump folder whose stages a cache entry shares: the one it matches whole, else any.
const Entry* linkedDump(const Snapshot& snap, std::size_t entry)
{
    const Entry* best = nullptr;
    for (const FolderLinks& l : linkUserFoldersOf(snap, entry)) {
        const Entry& folder = snap.entries[l.folder];
        if (folder.kind != EntryKind::Dump)
            continue;
        for (const LinkedEntry& e : l.entries)
            if (e.entry == entry && !e.viaTwin && (!best || e.whole))
                best = &folder;
    }
    return best;
}

} // namespace

bool isOverridableStage(std::string_view ext)
{
    return std::find(std::begin(kOverridable), std::end(kOverridable), ext) != std::end(kOverridable);
}

OverrideMakeResult makeOverride(const Snapshot& snap, std::size_t entry, const OverrideMakeOptions& options)
{
    if (entry >= snap.entries.size())
        return failure(Text(KL_TEXT("kl::override", "no such entry")));
    const Entry& e = snap.entries[entry];
    if (!isOverridableStage(options.stage))
        return failure(
            Text::of(KL_TEXT("kl::override", "Triton does not read .%1 from an override folder: it "
                                             "reads ttir, ttgir, llir, ptx and cubin (amdgcn and "
                                             "hsaco on AMD)"),
                     printableName(options.stage)));
    const Entry* dump = nullptr;
    if (e.kind == EntryKind::Dump) {
        dump = &e;
    } else if (e.kind == EntryKind::Kernel) {
        dump = linkedDump(snap, entry);
        if (!dump)
            return failure(Text::of(
                KL_TEXT(
                    "kl::override",
                    "no dump of %1's source was found in the folders scanned: Triton names override folders "
                    "by a hash of the source, which no cache entry records. Run the script once with "
                    "TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1 (the dump goes to TRITON_DUMP_DIR, else "
                    "~/.triton/dump), then make the override again. Triton 3.4+ also takes a stage per "
                    "config: klens show %2 --stage %3 > FILE, then triton.Config(..., ir_override=\"FILE\")"),
                printableName(e.kernel.empty() ? e.folderName : e.kernel), printableName(e.path),
                printableName(options.stage)));
    } else {
        return failure(Text::of(KL_TEXT("kl::override", "%1 is a %2 folder, not a cache entry or a dump"),
                                printableName(e.path), toString(e.kind)));
    }
    // The bytes: the entry's own stage (what this compile made), else the dump's.
    const Stage* from = e.stage(options.stage);
    const Entry* fromEntry = &e;
    if (!from) {
        from = dump->stage(options.stage);
        fromEntry = dump;
    }
    if (!from)
        return failure(Text::of(KL_TEXT("kl::override", "%1 holds no .%2 stage to start from"),
                                printableName(e.path), printableName(options.stage)));
    const Stage* named = dump->stage(options.stage);
    const std::string fileName = named ? named->fileName : (dump->stages.empty() ? from->fileName : [&] {
        const Stage& any = dump->stages.front();
        return any.fileName.substr(0, any.extPos) + options.stage;
    }());

    OverrideMakeResult r;
    r.copiedFrom = joinPath(fromEntry->path, from->fileName);
    r.dumpFolder = dump->path;
    const std::string folder = joinPath(absoluteClean(options.into), dump->folderName);
    r.file = joinPath(folder, fileName);
    SmallFile bytes = [&] {
        if (fromEntry->packed())
            return readEntrySmallFile(*fromEntry, from->fileName, kMaxStageBytes);
        UniqueFd dir(::open(fromEntry->path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        return dir.valid() ? readSmallFileAt(dir.get(), from->fileName, kMaxStageBytes) : SmallFile{};
    }();
    if (!bytes.ok)
        return failure(Text::of(KL_TEXT("kl::override", "cannot read %1: %2"), printableName(r.copiedFrom),
                                bytes.error.empty() ? errnoText(errno) : bytes.error));
    if (Status made =
            makeFolders(folder, false, KL_TEXT("kl::override", "cannot create the override folder %1: %2"));
        !made)
        return failure(made.error());
    UniqueFd dirFd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dirFd.valid())
        return failure(
            Text::of(KL_TEXT("kl::override", "cannot open %1: %2"), printableName(folder), errnoText(errno)));
    struct stat st {};
    r.replaced = ::fstatat(dirFd.get(), fileName.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (r.replaced && !options.force)
        return failure(
            Text::of(KL_TEXT("kl::override", "%1 exists (a user's edit?): it is left as it is; pass "
                                             "--force to replace it"),
                     printableName(r.file)));
    // A temp file beside it, renamed over: Triton never reads half a stage.
    const std::string temp = "." + fileName + ".kl-" + uuid4();
    if (Status w = writeNewFileAt(dirFd.get(), temp, bytes.text, true); !w)
        return failure(Text::of(KL_TEXT("kl::override", "cannot write %1: %2"),
                                printableName(joinPath(folder, temp)), w.error()));
    if (::renameat(dirFd.get(), temp.c_str(), dirFd.get(), fileName.c_str()) != 0) {
        const int err = errno;
        ::unlinkat(dirFd.get(), temp.c_str(), 0);
        return failure(
            Text::of(KL_TEXT("kl::override", "cannot write %1: %2"), printableName(r.file), errnoText(err)));
    }
    r.environment = {"TRITON_KERNEL_OVERRIDE=1", "TRITON_ALWAYS_COMPILE=1"};
    if (absoluteClean(options.into) != absoluteClean(options.effectiveInto))
        r.environment.push_back("TRITON_OVERRIDE_DIR=" + absoluteClean(options.into));
    r.perConfig = "triton.Config(..., ir_override=\"" + r.file + "\")";
    r.ok = true;
    return r;
}

} // namespace kl
