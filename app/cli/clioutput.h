#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace kl {
struct Root;
}

namespace kl::cli {

/// Exit codes shared by every klens command (documented in README).
enum ExitCode : int { ExitOk = 0, ExitProblems = 1, ExitError = 2, ExitNoGpu = 3, ExitCancelled = 130 };

/// "19.2 KiB", "1.0 GiB": sizes as people read them.
std::string humanSize(std::uint64_t bytes);

/// "klens: <message>" on stderr.
void printError(const std::string& message);

/// Pad or cut text to a column width (counting UTF-8 code points, not bytes).
std::string column(const std::string& text, std::size_t width);
/// The same, aligned right (numbers).
std::string rightColumn(const std::string& text, std::size_t width);

/// "root PATH  (reason[; dump|override folder])[  [does not exist]]", as scan and doctor head
/// their reports, then "     packed: N entries in M packs in FOLDER" for a root with packs.
void printRootLine(const Root& root);

} // namespace kl::cli
