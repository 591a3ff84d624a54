#pragma once

#include "core/util/text.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kl::trace {

/// The bytes of a trace file as a RapidJSON input stream, 1 MiB at a time: read from a file or
/// inflated from gzip (members concatenated as `cat a.gz b.gz` makes them), or taken from memory.
/// When the source breaks (an I/O error, a gzip that ends early or is corrupt, cancel, a single
/// value longer than the token limit) it ends the stream, so the parser stops there, and
/// `error()` says why and where.
class TraceSource {
public:
    using Ch = char;

    struct Options {
        std::function<void(std::uint64_t done, std::uint64_t total)> progress;
        const std::atomic<bool>* cancel = nullptr;
        /// The longest single JSON value (a string, say) the parser may gather: RapidJSON keeps
        /// a token whole in memory, so without this a 5 GB name would be a 5 GB allocation.
        std::uint64_t maxToken = 256ull << 20;
    };

    /// Opens `path` (never following a final symlink) and sniffs gzip by its magic bytes.
    static std::unique_ptr<TraceSource> openFile(const std::string& path, const Options& options,
                                                 Text& error);
    /// Bytes in memory, plain or gzip.
    static std::unique_ptr<TraceSource> fromBytes(std::string_view bytes, const std::string& label,
                                                  const Options& options);

    ~TraceSource();
    TraceSource(const TraceSource&) = delete;
    TraceSource& operator=(const TraceSource&) = delete;

    // RapidJSON's stream concept. Peek/Take are the hot path: a pointer compare, a refill per MiB.
    Ch Peek()
    {
        if (m_cur == m_end && !refill())
            return '\0';
        return *m_cur;
    }
    Ch Take()
    {
        if (m_cur == m_end && !refill())
            return '\0';
        return *m_cur++;
    }
    std::size_t Tell() const { return static_cast<std::size_t>(m_base + (m_cur - m_buf.data())); }
    Ch* PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    std::size_t PutEnd(Ch*) { return 0; }

    /// Reports the whole file as read: the parser stops at the document's end without asking for
    /// the bytes after it (whitespace, the gzip trailer).
    void finishProgress()
    {
        if (m_options.progress)
            m_options.progress(m_fileSize, m_fileSize);
    }
    /// Where the last complete value ended, for the token limit (the parser's handler calls it).
    void markToken() { m_tokenStart = Tell(); }
    bool gzip() const { return m_gzip; }
    /// Bytes of the file consumed (compressed bytes for gzip), for offsets in messages.
    std::uint64_t fileOffset() const { return m_fileDone; }
    std::uint64_t fileSize() const { return m_fileSize; }
    /// True when the source ended for a reason other than the data's own end.
    bool failed() const { return !m_error.empty(); }
    const Text& error() const { return m_error; }
    bool cancelled() const { return m_cancelled; }
    /// True once every byte was delivered and, for gzip, the last member ended properly.
    bool atCleanEnd() const { return m_eof && m_error.empty(); }

private:
    TraceSource() = default;
    bool refill();
    bool readInto(char* dst, std::size_t cap, std::size_t& got); // from the file or the memory bytes
    bool inflateMore();
    void fail(Text why);

    int m_fd = -1;
    std::string m_label;
    std::string_view m_memory; // for fromBytes
    std::uint64_t m_memoryPos = 0;
    Options m_options;
    bool m_gzip = false;
    struct Inflater;
    std::unique_ptr<Inflater> m_z;
    std::vector<char> m_raw; // compressed input (gzip only)
    std::size_t m_rawLen = 0;
    bool m_rawEof = false;
    std::vector<char> m_buf; // the text the parser reads
    const char* m_cur = nullptr;
    const char* m_end = nullptr;
    std::uint64_t m_base = 0; // text offset of m_buf[0]
    std::uint64_t m_tokenStart = 0;
    std::uint64_t m_fileDone = 0, m_fileSize = 0;
    std::uint64_t m_lastProgress = 0;
    bool m_eof = false;
    bool m_cancelled = false;
    Text m_error;
};

} // namespace kl::trace
