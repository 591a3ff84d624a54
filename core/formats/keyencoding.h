#pragma once

#include "core/model/entry.h"

#include <optional>
#include <string>
#include <string_view>

namespace kl {

/// Which era's encoding a folder name is in, judged by length and alphabet alone.
KeyEra classifyFolderName(std::string_view name);

/// Encode a sha256 hex digest the way a Triton of `era` names its folder.
/// Returns nothing when `hexDigest` is not 64 hex characters or the era has no such encoding.
std::optional<std::string> encodeKeyFolder(std::string_view hexDigest, KeyEra era);

/// Decode hex into raw bytes; nothing when the input is not even-length hex.
std::optional<std::string> hexToBytes(std::string_view hex);

/// RFC 4648 base32 (A-Z 2-7) without '=' padding, as Triton 3.2+ writes folder names.
std::string base32NoPad(std::string_view bytes);

/// The sha256 hex digest a base32 folder name (Triton 3.2+, and every remote cache key) encodes;
/// nothing when `folder` is not 52 base32 characters of 32 bytes.
std::optional<std::string> decodeBase32KeyFolder(std::string_view folder);
/// The hex digest any era's folder name encodes (hex names as they are, base32 and base64url
/// decoded, each checked by encoding it back); nothing for other names.
std::optional<std::string> decodeKeyFolder(std::string_view folder);
/// RFC 4648 url-safe base64 without '=' padding, as some 2024 nightlies wrote folder names.
std::string base64UrlNoPad(std::string_view bytes);

} // namespace kl
