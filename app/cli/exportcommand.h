#pragma once

namespace kl::cli {
// `klens export ENTRY... -o FILE.tar.gz`: entries packed for a bug report. Exit 0 written,
// 2 usage or I/O (the message names the path); what was left out is listed on stderr.
} // namespace kl::cli
