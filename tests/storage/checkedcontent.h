#pragma once

// Entry files whose bytes carry a checksum of themselves, shared by the torture test and its
// helper process: a torn, truncated, misplaced or mixed-up file fails verifyCheckedFile().
// Plain C++ (the helper links no Qt).

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace kltest {

inline std::uint64_t fnv1a64(std::string_view s)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : s)
        h = (h ^ c) * 0x100000001b3ull;
    return h;
}

inline std::string hex16(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

/// A 64-hex-digit key for an index (a stand-in for Triton's sha256; only its shape matters here).
inline std::string keyFor(std::uint64_t index)
{
    std::string out;
    std::uint64_t x = index * 0x9E3779B97F4A7C15ull + 0x1234567;
    for (int i = 0; i < 4; ++i) {
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 29;
        out += hex16(x);
    }
    return out;
}

/// Kernel name for a key index: mostly short names, some longer than Triton's 150-character cut.
inline std::string kernelFor(std::uint64_t index)
{
    if (index % 5 == 4)
        return "long_kernel_" + std::to_string(index) + "_" + std::string(180, 'x');
    return "kernel_" + std::to_string(index);
}

/// The stage extensions stored for a key index (deterministic, so every writer of a key writes the
/// same set of file names), the metadata json always last.
inline std::vector<std::string> extsFor(std::uint64_t index)
{
    static const std::vector<std::vector<std::string>> sets = {
        {"source", "ttir", "ttgir", "llir", "ptx", "cubin", "json"},
        {"source", "cubin", "json"},
        {"source", "ttir", "ttgir", "llir", "amdgcn", "hsaco", "json"},
    };
    return sets[index % sets.size()];
}

inline std::string stemOf(const std::string& kernel)
{
    return kernel.substr(0, 150);
}

// Layout: body + 16 hex digits of fnv1a64(body) + tail. The body of a json file ends with
// `"kl_check": "` and its tail is `"}`, so the file stays a valid metadata json the scanner reads.
inline std::string tailFor(std::string_view fileName)
{
    return fileName.size() >= 5 && fileName.substr(fileName.size() - 5) == ".json" ? "\"}" : "\n";
}

inline std::string makeCheckedFile(const std::string& fileName, const std::string& key,
                                   const std::string& kernel, const std::string& writer, std::mt19937_64& rng,
                                   std::size_t maxPad)
{
    const bool json = tailFor(fileName) == "\"}";
    std::string pad(std::uniform_int_distribution<std::size_t>(0, json ? maxPad / 8 : maxPad)(rng), 'a');
    const bool binary = fileName.size() > 6 && fileName.substr(fileName.size() - 6) == ".cubin";
    for (char& c : pad)
        c = binary ? static_cast<char>(rng()) : static_cast<char>('a' + rng() % 26);
    std::string body;
    if (json) {
        body = "{\"hash\": \"" + key +
               "\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, \"warp_size\": 32}, \"num_warps\": 4, "
               "\"num_stages\": 3, \"triton_version\": \"3.5.0\", \"shared\": 0, \"name\": \"" +
               kernel + "\", \"kl_writer\": \"" + writer + "\", \"kl_pad\": \"" + pad +
               "\", \"kl_check\": \"";
    } else {
        body =
            "KLCHECKED key=" + key + " file=" + fileName + " writer=" + writer + "\n" + pad + "\nkl_check=";
    }
    return body + hex16(fnv1a64(body)) + tailFor(fileName);
}

/// True when `bytes` is a whole file made by makeCheckedFile for `fileName` of entry `key`.
inline bool verifyCheckedFile(const std::string& fileName, const std::string& key, std::string_view bytes,
                              std::string& why)
{
    const std::string tail = tailFor(fileName);
    const bool json = tail == "\"}";
    const std::size_t trailer = 16 + tail.size();
    if (bytes.size() < trailer || bytes.substr(bytes.size() - tail.size()) != tail) {
        why = fileName + ": truncated (" + std::to_string(bytes.size()) + " bytes, no trailer)";
        return false;
    }
    const std::string_view body = bytes.substr(0, bytes.size() - trailer);
    const std::string_view sum = bytes.substr(body.size(), 16);
    if (hex16(fnv1a64(body)) != sum) {
        why = fileName + ": checksum mismatch (torn or mixed bytes)";
        return false;
    }
    const std::string expect =
        json ? "{\"hash\": \"" + key + "\"" : "KLCHECKED key=" + key + " file=" + fileName + " ";
    if (body.substr(0, expect.size()) != expect) {
        why = fileName + ": whole, but written for another key or file";
        return false;
    }
    return true;
}

} // namespace kltest
