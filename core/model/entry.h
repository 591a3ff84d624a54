#pragma once

#include "core/util/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// What a folder (or a lone file) directly under a root is. Dump and Override are the folders
/// TRITON_KERNEL_DUMP writes and TRITON_KERNEL_OVERRIDE reads (named by the source's hash, not by a
/// cache key): a user's work, never a cache entry, never cleaned by policy.
enum class EntryKind { Kernel, Autotune, Module, Temp, Foreign, Unknown, Dump, Override };

/// How usable an entry is. `Foreign` also covers folders that are not Triton's at all.
enum class EntryStatus { Complete, Incomplete, Orphan, Corrupt, Foreign };

/// How the folder name encodes the key (Triton changed it several times).
enum class KeyEra { None, Md5Hex, Sha256Hex, Base64Url, Base32 };

std::string_view toString(EntryKind kind);
std::string_view toString(EntryStatus status);
std::string_view toString(KeyEra era);

/// A finding about one entry. `code` is stable and shared with `klens doctor`.
struct Problem {
    std::string code;
    Text message; ///< names the path and the cause
};

/// Problem codes, as constants so that the scanner, the doctor and the tests agree on spelling.
namespace problem {
inline constexpr std::string_view MissingChild = "missing-child";
inline constexpr std::string_view MovedCache = "moved-cache";
inline constexpr std::string_view PathOutsideRoot = "path-outside-root";
inline constexpr std::string_view HashMismatch = "hash-mismatch";
inline constexpr std::string_view CorruptJson = "corrupt-json";
inline constexpr std::string_view EmptyFile = "empty-file";
inline constexpr std::string_view MissingGroup = "missing-group";
inline constexpr std::string_view MissingMetadata = "missing-metadata";
inline constexpr std::string_view OrphanTemp = "orphan-temp";
inline constexpr std::string_view Unreadable = "unreadable";
inline constexpr std::string_view Symlink = "symlink";
inline constexpr std::string_view NonUtf8Name = "non-utf8-name";
inline constexpr std::string_view UnknownFile = "unknown-file";
inline constexpr std::string_view EmptyEntry = "empty-entry";
inline constexpr std::string_view Oversized = "oversized-json";
/// A Redis value larger than KernelLens fetches (remote caches only): listed, never read.
inline constexpr std::string_view OversizedValue = "oversized-value";
inline constexpr std::string_view NameMismatch = "name-mismatch";
/// A local 3.x group file in the remote (list) form: Triton's plain file cache fails on it.
inline constexpr std::string_view RemoteGroup = "remote-group";
/// A folder with the shape of a Triton dump or override folder (a .sass, every stage but no
/// metadata, or stages no interrupted compile leaves) inside a cache root: listed, never cleaned.
inline constexpr std::string_view DumpFolderInCache = "dump-folder-in-cache";
/// A Redis key that matches the key format's pattern but cannot be taken apart into key and file.
inline constexpr std::string_view BadKey = "bad-key";
} // namespace problem

/// Where a kernel was compiled for. `arch` is kept as text: CUDA writes 90, HIP "gfx90a".
struct Target {
    std::string backend;
    std::string arch;
    int warpSize = 0;

    bool empty() const { return backend.empty() && arch.empty() && warpSize == 0; }
};

/// One file of an entry. Its stage (ttir, ptx, cubin, json, ..., or an unknown suffix) is the
/// tail of the file name: a cache holds millions of these, so the name is stored once.
struct Stage {
    std::string fileName;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::uint16_t extPos = 0; ///< where the stage extension starts in fileName
    bool known = true;        ///< false for extensions Triton does not write there (a cache's .sass, ...)
    /// With Entry::dev, the file's stamp as the scan saw it (git's index keys a file so): what
    /// linking keys its kept digests by without a stat of its own. 0 when not known (a packed
    /// entry, one made by hand).
    std::uint64_t ino = 0;
    std::int64_t ctimeNs = 0;

    std::string_view ext() const { return std::string_view(fileName).substr(extPos); }
};

/// What an entry's cubin asks of the GPU, read by the scan when asked (ScanOptions::readResources)
/// and kept in the scan index: the columns that tell entries of one kernel apart. Compact on
/// purpose: a snapshot holds 100,000 of these.
struct KernelResources {
    enum class State : std::uint8_t {
        NotRead,    ///< not asked for, or not a kernel entry
        Read,       ///< the figures below hold
        NoCubin,    ///< a kernel entry without a cubin (AMD, or one not yet written)
        Unreadable, ///< the cubin is not a readable CUDA ELF (klens cubin and the doctor say why)
    };
    /// Bits of `limitedBy`, in cuda_occupancy.h's order.
    enum Limit : std::uint8_t { Registers = 1, SharedMemory = 2, Warps = 4, Blocks = 8 };

    State state = State::NotRead;
    std::uint8_t limitedBy = 0;          ///< Limit bits of the kernel with the lowest occupancy
    std::uint16_t kernels = 0;           ///< kernels in the cubin
    std::uint16_t registers = 0;         ///< most registers per thread over the kernels
    std::uint16_t occupancyPermille = 0; ///< lowest theoretical occupancy, 0-1000; see hasOccupancy
    std::uint32_t localBytes = 0;        ///< largest per-thread local memory (frame): spills or stack
    bool hasOccupancy = false;           ///< false without a block size or a known arch

    /// Triton's `n_spills`: the driver's local size in bytes over 4, as its launcher computes it.
    std::uint32_t spills() const { return localBytes / 4; }
    bool operator==(const KernelResources&) const = default;
};

/// One cache entry as the scanner saw it: only names, sizes, times and the small json files.
struct Entry {
    /// The entry folder (or the file, for lone foreign files). A packed entry's is
    /// `<pack file>/<key>`: where it lies, for messages; its files are read through core/pack/entryfiles.
    std::string path;
    std::string folderName; ///< last path component
    int rootIndex = 0;      ///< index into Snapshot::roots
    EntryKind kind = EntryKind::Unknown;
    EntryStatus status = EntryStatus::Foreign;
    std::string kernel;
    KeyEra era = KeyEra::None;
    std::string hash;           ///< metadata "hash" (sha256 hex), when recorded
    std::optional<bool> hashOk; ///< folder name == encoding of hash; unset when not checkable
    Target target;
    std::optional<std::int64_t> numWarps;
    std::optional<std::int64_t> numStages;
    std::optional<std::int64_t> shared;
    std::string tritonVersion;
    std::string metadataFormat; ///< "2.x", "3.0-3.3", "3.4-3.6", "3.7+", or empty
    std::vector<Stage> stages;  ///< present files, canonical stage order first
    std::uint64_t totalSize = 0;
    std::int64_t newestMtimeNs = 0;
    std::uint64_t dev = 0; ///< the folder's device (0: not known); see Stage::ino
    std::vector<Problem> problems;
    KernelResources resources;
    /// For an entry read from a pack (docs/pack-format.md): that pack file, and the byte offset of
    /// the entry's record in it. Empty for a folder.
    std::string packPath;
    std::uint64_t packOffset = 0;

    bool packed() const { return !packPath.empty(); }
    bool hasProblem(std::string_view code) const;
    const Stage* stage(std::string_view ext) const;
    void addProblem(std::string_view code, Text message);
};

} // namespace kl
