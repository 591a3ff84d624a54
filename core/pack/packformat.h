#pragma once

// The pack format of docs/pack-format.md, the contract between KernelLens's writers (the Python
// cache manager, `klens pack`) and its readers: the constants, a record's bytes, and what makes a
// record's header and meta valid. Reading packs is packfile.h, a pack folder packfolder.h,
// appending packwriter.h.

#include "core/util/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kl::pack {

/// `<root>/.kernellens-pack`: never an entry, never cleaned.
inline constexpr std::string_view kFolderName = ".kernellens-pack";
inline constexpr std::string_view kPackSuffix = ".klpack";
inline constexpr std::string_view kIndexSuffix = ".klidx";
/// `KLPACK\r\n`, then the version and the flags (u32 each, little-endian).
inline constexpr std::string_view kMagic{"KLPACK\r\n", 8};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::uint64_t kHeaderBytes = 16;
inline constexpr std::string_view kRecordMagic = "KLR1";
/// magic, meta_len u32, data_len u64, crc32 u32, kind u32.
inline constexpr std::uint64_t kRecordHeaderBytes = 24;
inline constexpr std::uint32_t kKindEntry = 1;
/// A meta longer than this is damage, not an entry (the Python writer uses the same bound).
inline constexpr std::uint32_t kMaxMetaBytes = 16u << 20;
inline constexpr std::string_view kIndexHeader = "KLIDX 1\n";

/// `<stem>.klidx` for `<stem>.klpack`; empty for other names.
std::string indexNameOf(std::string_view packName);
/// True for `*.klpack` names a reader takes (plain, not hidden temp names).
bool isPackName(std::string_view name);

/// A record's fixed header as it lies in the file.
struct RecordHeader {
    std::string_view magic; ///< views the bytes decoded; compare with kRecordMagic
    std::uint32_t metaLen = 0;
    std::uint64_t dataLen = 0;
    std::uint32_t crc = 0;
    std::uint32_t kind = 0;
};

/// The little-endian u32 at `at` in `bytes` (which must hold it).
std::uint32_t readU32(std::string_view bytes, std::size_t at);

/// Decodes the 24 header bytes at `bytes` (which must hold that many).
RecordHeader decodeRecordHeader(std::string_view bytes);

/// One file of a record as its meta lists it.
struct MetaFile {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
};

/// A record's meta: the entry's folder name, when it was written, its files in data order.
struct RecordMeta {
    std::string key;
    std::int64_t timeNs = 0;
    std::vector<MetaFile> files;
};

/// The meta of an entry record, or why it is not one: JSON with a non-empty `key` that is a plain
/// folder name, `files` of plain, distinct file names with sizes adding up to `dataLen`. The
/// error is the bare cause (English, verbatim), for the caller's sentence naming the pack.
Result<RecordMeta> parseRecordMeta(std::string_view json, std::uint64_t dataLen);

/// The meta's JSON as the writers write it (key, time_ns, files with name, size, mtime_ns).
std::string encodeRecordMeta(const RecordMeta& meta);

/// A whole entry record: header, meta, then `data` (the files' bytes in the order of `files`).
std::string encodeRecord(const RecordMeta& meta, std::string_view data);
/// The same with the data in parts (one per file), copied once into the record.
std::string encodeRecord(const RecordMeta& meta, const std::vector<std::string_view>& parts);

/// zlib's crc32 continued over `bytes`.
std::uint32_t crc32Of(std::uint32_t crc, std::string_view bytes);

/// The 16 header bytes of a new pack.
std::string encodePackHeader();

/// Whether a key can name an entry folder: a plain name, no line break (the index is lines), and
/// not the pack folder itself.
bool isValidKey(std::string_view key);

} // namespace kl::pack
