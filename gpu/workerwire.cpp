#include "workerwire.h"

#include <cerrno>
#include <cstring>
#include <mutex>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_set>

namespace kl::wire {
namespace {

// A TextSource points at string literals. Templates that arrive from the worker are kept for the
// life of the process, once each, so the Texts built from them stay valid and translatable (the
// translators look a template up by its words, not by its address).
const char* interned(std::string s)
{
    static std::mutex mutex;
    static std::unordered_set<std::string> strings;
    const std::lock_guard lock(mutex);
    return strings.insert(std::move(s)).first->c_str();
}

constexpr std::uint64_t kMaxMessage = 64ull << 30; // far above any buffer a spec can ask for
constexpr int kMaxTextDepth = 16;

bool readText(Reader& r, Text& t, int depth)
{
    std::uint8_t kind = 0;
    if (depth > kMaxTextDepth || !r.u8(kind))
        return false;
    if (kind == 0) {
        std::string v;
        if (!r.bytes(v))
            return false;
        t = Text::verbatim(std::move(v));
        return true;
    }
    std::string context, source;
    std::uint32_t n = 0;
    if (!r.bytes(context) || !r.bytes(source) || !r.u32(n) || n > 64)
        return false;
    std::vector<Text> args(n);
    for (Text& a : args)
        if (!readText(r, a, depth + 1))
            return false;
    t = Text(TextSource{interned(std::move(context)), interned(std::move(source))}, std::move(args));
    return true;
}

} // namespace

void Writer::text(const Text& t)
{
    if (const TextSource* s = t.source()) {
        u8(1);
        bytes(s->context ? s->context : "");
        bytes(s->english());
        u32(static_cast<std::uint32_t>(t.args().size()));
        for (const Text& a : t.args())
            text(a);
    } else {
        u8(0);
        bytes(t.english());
    }
}

void Writer::outcome(const RunOutcome& o)
{
    u8(static_cast<std::uint8_t>(o.status));
    text(o.message);
}

void Writer::status(const Status& s)
{
    u8(s ? 1 : 0);
    text(s ? Text() : s.error());
}

bool Reader::u8(std::uint8_t& v)
{
    return raw(&v, 1);
}

bool Reader::raw(void* p, std::size_t n)
{
    if (m_bytes.size() - m_pos < n)
        return false;
    std::memcpy(p, m_bytes.data() + m_pos, n);
    m_pos += n;
    return true;
}

bool Reader::view(std::string_view& out)
{
    std::uint64_t n = 0;
    if (!u64(n) || m_bytes.size() - m_pos < n)
        return false;
    out = std::string_view(m_bytes).substr(m_pos, n);
    m_pos += n;
    return true;
}

bool Reader::bytes(std::string& out)
{
    std::string_view v;
    if (!view(v))
        return false;
    out.assign(v);
    return true;
}

bool Reader::text(Text& t)
{
    return readText(*this, t, 0);
}

bool Reader::outcome(RunOutcome& o)
{
    std::uint8_t s = 0;
    if (!u8(s) || s > static_cast<std::uint8_t>(RunStatus::TimedOut))
        return false;
    o.status = static_cast<RunStatus>(s);
    return text(o.message);
}

bool Reader::status(Status& s)
{
    std::uint8_t ok = 0;
    Text why;
    if (!u8(ok) || !text(why))
        return false;
    s = ok ? Status() : Status(kl::fail(std::move(why)));
    return true;
}

namespace {

Status writeAll(int fd, const char* p, std::size_t n)
{
    while (n > 0) {
        // send(), not write(): a peer that died must be an EPIPE error here, never a SIGPIPE that
        // ends KernelLens (or the worker) on the spot.
        const ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return kl::fail(Text::verbatim(std::string("send: ") + std::strerror(errno)));
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return {};
}

// 0: all read; 1: end of file before the first byte; -1: error or end of file midway.
int readAll(int fd, char* p, std::size_t n, std::string& why)
{
    const std::size_t wanted = n;
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            why = std::string("read: ") + std::strerror(errno);
            return -1;
        }
        if (r == 0) {
            why = "the other end closed the pipe";
            return n == wanted ? 1 : -1;
        }
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return 0;
}

} // namespace

Status send(int fd, const std::string& payload)
{
    const std::uint64_t n = payload.size();
    if (Status s = writeAll(fd, reinterpret_cast<const char*>(&n), sizeof n); !s)
        return s;
    return writeAll(fd, payload.data(), payload.size());
}

Result<std::string> receive(int fd)
{
    std::uint64_t n = 0;
    std::string why;
    if (readAll(fd, reinterpret_cast<char*>(&n), sizeof n, why) != 0)
        return kl::fail(Text::verbatim(why));
    if (n > kMaxMessage)
        return kl::fail(Text::verbatim("a message of " + std::to_string(n) + " bytes (corrupt length)"));
    std::string payload(n, '\0');
    if (readAll(fd, payload.data(), n, why) != 0)
        return kl::fail(Text::verbatim(why));
    return payload;
}

} // namespace kl::wire
