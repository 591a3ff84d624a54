#include "problemmapping.h"

#include "core/util/utf8.h"

namespace kl {
namespace {

struct Row {
    std::string_view problem;
    ProblemMapping mapping;
};

// One row per scanner problem code (model/entry.h). Errors: Triton may load something broken or
// the entry cannot be judged. Warnings: wasted space or a silent miss.
constexpr Row kRows[] = {
    {problem::MissingChild,
     {finding::MissingChild, FindingSeverity::Error,
      KL_TEXT(
          "kl::doctor",
          "Remove the entry (klens clean --incomplete DIR); Triton recompiles it. Until then a Triton that "
          "finds the metadata but not the binary fails to load the kernel")}},
    {problem::MovedCache,
     {finding::MovedCache, FindingSeverity::Warning,
      KL_TEXT(
          "kl::doctor",
          "Triton checks the recorded paths, so every entry of a moved or copied cache misses. Use the cache "
          "at "
          "its original path (TRITON_CACHE_DIR), or let Triton rebuild it here and remove the old entries "
          "(klens clean --older-than)")}},
    {problem::PathOutsideRoot,
     {finding::PathOutsideRoot, FindingSeverity::Error,
      KL_TEXT(
          "kl::doctor",
          "The group file was damaged or forged: do not use the entry. Remove it (klens clean --incomplete "
          "DIR)")}},
    {problem::HashMismatch,
     {finding::HashMismatch, FindingSeverity::Error,
      KL_TEXT("kl::doctor", "The folder name is not the key of its content, so Triton never looks it up: "
                            "remove the entry folder")}},
    {problem::CorruptJson,
     {finding::CorruptJson, FindingSeverity::Error,
      KL_TEXT("kl::doctor", "Remove the entry (klens clean --incomplete DIR); Triton recompiles it")}},
    {problem::EmptyFile,
     {finding::EmptyFile, FindingSeverity::Error,
      KL_TEXT("kl::doctor", "An interrupted or failed write: remove the entry (klens clean --incomplete "
                            "DIR); Triton recompiles "
                            "it")}},
    {problem::Unreadable,
     {finding::Unreadable, FindingSeverity::Error,
      KL_TEXT("kl::doctor", "Check the permissions of the path and of the folders above it, and that the "
                            "filesystem is healthy")}},
    {problem::Symlink,
     {finding::Symlink, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "Triton never writes symbolic links: replace the link by the file it names, or remove it")}},
    {problem::NonUtf8Name,
     {finding::NonUtf8Name, FindingSeverity::Warning,
      KL_TEXT("kl::doctor", "Triton writes UTF-8 names only: rename or remove the file")}},
    {problem::UnknownFile,
     {finding::ForeignFile, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "Not a regular file or folder (a FIFO, socket or device): remove it from the cache")}},
    {problem::Oversized,
     {finding::Oversized, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "Far larger than Triton writes: check what wrote it, and remove the entry if it is damage")}},
    {problem::OversizedValue,
     {finding::OversizedValue, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "Far larger than any stage Triton writes, so KernelLens neither pulls nor shows it (Triton "
              "itself would fetch it whole on every lookup): check what wrote it, and delete the entry's "
              "keys if it is damage")}},
    {problem::NameMismatch,
     {finding::NameMismatch, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "The metadata and the file names disagree: the entry was edited or mixed up; remove it")}},
    {problem::RemoteGroup,
     {finding::RemoteGroup, FindingSeverity::Error,
      KL_TEXT(
          "kl::doctor",
          "Triton's RemoteCacheManager wrote this group file in the remote form (a list of names). It works "
          "while TRITON_CACHE_MANAGER names the remote cache, but Triton's plain file cache stops with "
          "AttributeError on it. Remove the entry (klens clean --incomplete DIR), or fetch it in the local "
          "form with klens remote pull")}},
    {problem::BadKey,
     {finding::BadKey, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "The key matches the key format's pattern but not its shape, so no Triton ever reads it: check "
              "what wrote it (TRITON_REDIS_KEY_FORMAT differs between machines?), then delete it")}},
    {problem::DumpFolderInCache,
     {finding::DumpFolderInCache, FindingSeverity::Warning,
      KL_TEXT("kl::doctor",
              "KernelLens lists it but never cleans it. Keep dumps and overrides out of the cache: move the "
              "folder to TRITON_DUMP_DIR or TRITON_OVERRIDE_DIR (Triton reads overrides only there), or "
              "remove it by name (klens clean --dump-folder PATH DIR)")}},
};

} // namespace

std::optional<ProblemMapping> mapProblem(std::string_view problemCode)
{
    for (const Row& r : kRows)
        if (r.problem == problemCode)
            return r.mapping;
    return std::nullopt;
}

TextSource fixFor(std::string_view code)
{
    if (code == finding::OrphanTemp)
        return KL_TEXT(
            "kl::doctor",
            "Once its writer is gone, remove it with klens clean --orphans DIR (it skips temp folders "
            "whose "
            "writer still runs on this host)");
    if (code == finding::IncompleteEntry)
        return KL_TEXT("kl::doctor",
                       "Triton treats it as a miss and recompiles; klens clean --incomplete DIR removes it");
    if (code == finding::InvalidBinary)
        return KL_TEXT(
            "kl::doctor",
            "Remove the entry folder; Triton recompiles it. A damaged or mislabelled code object fails to "
            "load, or loads code for another GPU");
    if (code == finding::StaleArch)
        return KL_TEXT(
            "kl::doctor",
            "Never loaded on this machine's GPUs: klens clean --stale DIR removes it (keep it if machines "
            "with "
            "that GPU share this cache)");
    if (code == finding::StaleVersion)
        return KL_TEXT(
            "kl::doctor",
            "Triton's key holds its version, so this entry is never hit again: klens clean --stale DIR "
            "removes it");
    if (code == finding::Flood)
        return KL_TEXT(
            "kl::doctor",
            "Look for an argument that is specialised on every call (a changing constexpr, shape or "
            "divisibility): klens explain shows what differs between two entries; do_not_specialize or "
            "fewer autotune configs stop it. klens clean --keep-latest K DIR trims the cache");
    if (code == finding::ForeignFile)
        return KL_TEXT(
            "kl::doctor",
            "Not written by Triton: leave it if another tool (DeepSpeed, Inductor) owns it, else move it "
            "out "
            "of the cache");
    if (code == finding::StageTargetMismatch)
        return KL_TEXT(
            "kl::doctor",
            "The stages disagree with the entry's target or block: most often an override folder "
            "made for another target or config (Triton applies it to every compile of the kernel). "
            "Remove the entry folder (Triton recompiles it), and keep per-target overrides apart "
            "(triton.Config(..., ir_override=...) on Triton 3.4+, or one TRITON_OVERRIDE_DIR per "
            "target)");
    if (code == finding::BuiltFromOverride)
        return KL_TEXT(
            "kl::doctor",
            "Runs without TRITON_KERNEL_OVERRIDE hit this hand-edited kernel, since Triton stores it "
            "under the normal key. Remove the entry folder (Triton recompiles it from the source), "
            "and compile with the override in a TRITON_CACHE_DIR of its own");
    if (code == finding::OverrideIgnored)
        return KL_TEXT(
            "kl::doctor",
            "With a warm cache Triton never reads the override: set TRITON_ALWAYS_COMPILE=1 together "
            "with TRITON_KERNEL_OVERRIDE=1, or compile with the override in a TRITON_CACHE_DIR of its "
            "own");
    if (code == finding::OverrideStageName)
        return KL_TEXT(
            "kl::doctor",
            "Triton reads only <kernel>.<stage> for the stages it compiles (ttir, ttgir, llir, ptx, "
            "cubin; amdgcn, hsaco on AMD), named as in the dump of the same source: rename the file, "
            "or remove it");
    if (code == finding::SameCode)
        return KL_TEXT(
            "kl::doctor",
            "The key difference changed nothing the GPU runs (line info on and off, a variable that "
            "never reaches code generation): klens explain A B names it. Keep one entry per kernel by "
            "keeping that input the same across runs; klens clean --older-than removes the copies no "
            "run uses");
    if (code == finding::DamagedPack)
        return KL_TEXT("kl::doctor",
                       "The records before and after the damage are intact: klens unpack DIR writes every "
                       "intact entry back as a folder and keeps the damaged pack. A damaged record is lost: "
                       "Triton recompiles it");
    if (code == finding::NewerPack)
        return KL_TEXT("kl::doctor",
                       "Readers and writers of this KernelLens skip it: read it with the KernelLens that "
                       "wrote it (klens unpack DIR), or move it out of the pack folder");
    if (code == finding::NetworkFs)
        return KL_TEXT(
            "kl::doctor",
            "Many ranks compiling into one network folder see FileNotFoundError, EBUSY and stale handles: "
            "set TRITON_CACHE_DIR to a local folder on each node (e.g. /tmp/triton-$USER)");
    return {};
}

Finding makeFinding(std::string_view code, FindingSeverity severity, const std::string& path, Text message)
{
    Finding f;
    f.code = std::string(code);
    f.severity = severity;
    f.path = printableName(path);
    f.message = std::move(message);
    f.fix = fixFor(code);
    return f;
}

} // namespace kl
