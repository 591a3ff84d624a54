#include "tracesource.h"

#include "core/util/posixfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace kl::trace {

namespace {
constexpr std::size_t kChunk = 1 << 20;
constexpr std::uint64_t kProgressStep = 4ull << 20;
} // namespace

struct TraceSource::Inflater {
    z_stream z{};
    bool memberEnded = false;
    ~Inflater() { inflateEnd(&z); }
};

TraceSource::~TraceSource()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::unique_ptr<TraceSource> TraceSource::openFile(const std::string& path, const Options& options,
                                                   Text& error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        const int err = errno;
        error =
            err == ELOOP
                ? Text::of(KL_TEXT("kl::trace", "%1: is a symbolic link; give the file it points to"), path)
                : Text::of(KL_TEXT("kl::trace", "%1: cannot open: %2"), path, errnoText(err));
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        error = Text::of(KL_TEXT("kl::trace", "%1: not a regular file"), path);
        return nullptr;
    }
    std::unique_ptr<TraceSource> s(new TraceSource);
    s->m_fd = fd;
    s->m_label = path;
    s->m_options = options;
    s->m_fileSize = static_cast<std::uint64_t>(st.st_size);
    unsigned char magic[2] = {0, 0};
    const ssize_t n = ::pread(fd, magic, 2, 0);
    s->m_gzip = n == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    s->m_buf.resize(kChunk);
    s->m_cur = s->m_end = s->m_buf.data();
    return s;
}

std::unique_ptr<TraceSource> TraceSource::fromBytes(std::string_view bytes, const std::string& label,
                                                    const Options& options)
{
    std::unique_ptr<TraceSource> s(new TraceSource);
    s->m_label = label;
    s->m_memory = bytes;
    s->m_options = options;
    s->m_fileSize = bytes.size();
    s->m_gzip = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
                static_cast<unsigned char>(bytes[1]) == 0x8b;
    s->m_buf.resize(kChunk);
    s->m_cur = s->m_end = s->m_buf.data();
    return s;
}

void TraceSource::fail(Text why)
{
    if (m_error.empty())
        m_error = std::move(why);
    m_cur = m_end;
}

bool TraceSource::readInto(char* dst, std::size_t cap, std::size_t& got)
{
    got = 0;
    if (m_fd < 0) {
        got = std::min<std::size_t>(cap, m_memory.size() - m_memoryPos);
        std::memcpy(dst, m_memory.data() + m_memoryPos, got);
        m_memoryPos += got;
        return true;
    }
    for (;;) {
        const ssize_t n = ::read(m_fd, dst, cap);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            fail(Text::of(KL_TEXT("kl::trace", "%1: read failed at byte %2: %3"), m_label, m_fileDone,
                          errnoText(errno)));
            return false;
        }
        got = static_cast<std::size_t>(n);
        return true;
    }
}

bool TraceSource::inflateMore()
{
    if (!m_z) {
        m_z = std::make_unique<Inflater>();
        // 16 + MAX_WBITS: a gzip wrapper, not zlib's.
        if (inflateInit2(&m_z->z, 16 + MAX_WBITS) != Z_OK) {
            fail(Text::of(KL_TEXT("kl::trace", "%1: cannot start gzip decompression"), m_label));
            return false;
        }
    }
    z_stream& z = m_z->z;
    std::size_t produced = 0;
    while (produced == 0) {
        if (z.avail_in == 0) {
            if (m_rawEof)
                break;
            if (!readInto(m_raw.data(), m_raw.size(), m_rawLen))
                return false;
            if (m_rawLen == 0) {
                m_rawEof = true;
                break;
            }
            z.next_in = reinterpret_cast<Bytef*>(m_raw.data());
            z.avail_in = static_cast<uInt>(m_rawLen);
            m_fileDone += m_rawLen; // adjusted by avail_in below for messages
        }
        if (m_z->memberEnded) {
            // Another gzip member may follow (`cat a.gz b.gz`); anything else is trailing bytes,
            // which gzip itself ignores with a warning.
            if (z.avail_in >= 2 && z.next_in[0] == 0x1f && z.next_in[1] == 0x8b) {
                inflateReset(&z);
                m_z->memberEnded = false;
            } else {
                m_eof = true;
                return false;
            }
        }
        z.next_out = reinterpret_cast<Bytef*>(m_buf.data());
        z.avail_out = static_cast<uInt>(m_buf.size());
        const int rc = inflate(&z, Z_NO_FLUSH);
        produced = m_buf.size() - z.avail_out;
        if (rc == Z_STREAM_END) {
            m_z->memberEnded = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            fail(Text::of(KL_TEXT("kl::trace", "%1: the gzip data is corrupt at compressed byte %2: %3"),
                          m_label, m_fileDone - z.avail_in, z.msg ? z.msg : "inflate failed"));
            return false;
        }
    }
    if (produced > 0) {
        m_cur = m_buf.data();
        m_end = m_cur + produced;
        return true;
    }
    if (m_z->memberEnded) {
        m_eof = true;
        return false;
    }
    fail(Text::of(KL_TEXT("kl::trace",
                          "%1: the gzip data ends early at compressed byte %2 (a file cut off while "
                          "being written or copied)"),
                  m_label, m_fileDone));
    return false;
}

bool TraceSource::refill()
{
    if (m_eof || !m_error.empty())
        return false;
    m_base += static_cast<std::uint64_t>(m_end - m_buf.data());
    m_cur = m_end = m_buf.data();
    if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
        m_cancelled = true;
        fail(Text::of(KL_TEXT("kl::trace", "%1: reading was cancelled at byte %2"), m_label, m_base));
        return false;
    }
    if (m_base - m_tokenStart > m_options.maxToken) {
        fail(Text::of(KL_TEXT("kl::trace",
                              "%1: a single JSON value starting at byte %2 is longer than %3 MiB; a "
                              "trace has no such values, so the file is refused there"),
                      m_label, m_tokenStart, m_options.maxToken >> 20));
        return false;
    }
    bool more = false;
    if (m_gzip) {
        if (m_raw.empty())
            m_raw.resize(kChunk);
        more = inflateMore();
    } else {
        // Plain text: read straight into the parser's buffer.
        std::size_t got = 0;
        const bool ok = readInto(m_buf.data(), m_buf.size(), got);
        if (ok && got > 0) {
            m_fileDone += got;
            m_cur = m_buf.data();
            m_end = m_cur + got;
            more = true;
        } else if (ok) {
            m_eof = true;
        }
    }
    if (m_options.progress && (m_fileDone - m_lastProgress >= kProgressStep || !more)) {
        m_lastProgress = m_fileDone;
        m_options.progress(m_fileDone, m_fileSize);
    }
    return more;
}

} // namespace kl::trace
