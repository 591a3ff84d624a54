#pragma once

// The messages between KernelLens and its GPU worker process (klens-gpu-worker): one request,
// one reply, over a socket pair. A message is its payload's length (8 bytes, little-endian)
// and the payload; inside, fixed-size numbers are little-endian and strings are length-prefixed.
// Both ends are the same build, so there is no versioning.

#include "autotunebackend.h"
#include "core/util/result.h"
#include "core/util/text.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kl::wire {

enum class Op : std::uint8_t { Hello = 1, Load, Launch, Time, Unload, Usable };

class Writer {
public:
    void u8(std::uint8_t v) { m_bytes.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v) { raw(&v, sizeof v); }
    void u64(std::uint64_t v) { raw(&v, sizeof v); }
    void f64(double v) { raw(&v, sizeof v); }
    void bytes(std::string_view b)
    {
        u64(b.size());
        m_bytes.append(b);
    }
    void raw(const void* p, std::size_t n) { m_bytes.append(static_cast<const char*>(p), n); }
    void text(const Text& t);
    void outcome(const RunOutcome& o);
    void status(const Status& s);
    const std::string& payload() const { return m_bytes; }

private:
    std::string m_bytes;
};

/// Reads one payload; every getter fails (returns false) past its end, so a short or corrupt
/// message is an error, never a read out of bounds.
class Reader {
public:
    explicit Reader(std::string payload)
        : m_bytes(std::move(payload))
    {
    }
    bool u8(std::uint8_t& v);
    bool u32(std::uint32_t& v) { return raw(&v, sizeof v); }
    bool u64(std::uint64_t& v) { return raw(&v, sizeof v); }
    bool f64(double& v) { return raw(&v, sizeof v); }
    bool bytes(std::string& out);
    /// A view into the payload (valid while the Reader lives): large buffers are not copied twice.
    bool view(std::string_view& out);
    bool raw(void* p, std::size_t n);
    bool text(Text& t);
    bool outcome(RunOutcome& o);
    bool status(Status& s);
    bool atEnd() const { return m_pos == m_bytes.size(); }

private:
    std::string m_bytes;
    std::size_t m_pos = 0;
};

/// Writes one message (length and payload) to the socket `fd`, retrying short writes and EINTR.
/// The error is the cause ("send: Broken pipe"); a closed peer never raises SIGPIPE.
Status send(int fd, const std::string& payload);
/// Reads one message from `fd`; the error says the other end closed or what failed.
Result<std::string> receive(int fd);

} // namespace kl::wire
