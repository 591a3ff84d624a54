#include "redisclient.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <hiredis/hiredis.h>

namespace kl::remote {
namespace {

timeval toTimeval(std::chrono::milliseconds ms)
{
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(ms.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((ms.count() % 1000) * 1000);
    return tv;
}

Reply copyReply(const redisReply* r)
{
    Reply out;
    switch (r->type) {
    case REDIS_REPLY_STRING:
        out.type = Reply::Type::String;
        out.str.assign(r->str, r->len);
        break;
    case REDIS_REPLY_STATUS:
        out.type = Reply::Type::Status;
        out.str.assign(r->str, r->len);
        break;
    case REDIS_REPLY_ERROR:
        out.type = Reply::Type::Error;
        out.str.assign(r->str, r->len);
        break;
    case REDIS_REPLY_INTEGER:
        out.type = Reply::Type::Integer;
        out.integer = r->integer;
        break;
    case REDIS_REPLY_ARRAY:
        out.type = Reply::Type::Array;
        out.elements.reserve(r->elements);
        for (std::size_t i = 0; i < r->elements; ++i)
            out.elements.push_back(copyReply(r->element[i]));
        break;
    default: out.type = Reply::Type::Nil; break;
    }
    return out;
}

struct ContextDeleter {
    void operator()(redisContext* c) const { redisFree(c); }
};
using ContextPtr = std::unique_ptr<redisContext, ContextDeleter>;

} // namespace

struct Client::Impl {
    Endpoint endpoint;
    Timeouts timeouts;
    ContextPtr ctx;
    Text broken; ///< why the connection can no longer be used
    bool noTouch = false;

    std::string server() const { return endpoint.display(); }

    // hiredis reports a read timeout as EAGAIN ("Resource temporarily unavailable").
    Text ioError(std::string_view what)
    {
        const bool timedOut = ctx->err == REDIS_ERR_IO && std::strstr(ctx->errstr, "temporarily unavailable");
        if (timedOut)
            broken = Text::of(KL_TEXT("kl::remote", "%1: no answer to %2 within %3 ms; the server stopped "
                                                    "answering (overloaded, paused or gone)"),
                              server(), std::string(what), static_cast<long long>(timeouts.command.count()));
        else if (ctx->err == REDIS_ERR_EOF)
            broken = Text::of(KL_TEXT("kl::remote", "%1: the server closed the connection during %2"),
                              server(), std::string(what));
        else
            broken = Text::of(KL_TEXT("kl::remote", "%1: %2 failed: %3"), server(), std::string(what),
                              std::string(ctx->errstr));
        return broken;
    }

    void append(std::span<const std::string_view> args)
    {
        std::vector<const char*> argv;
        std::vector<size_t> lens;
        argv.reserve(args.size());
        lens.reserve(args.size());
        for (std::string_view a : args) {
            argv.push_back(a.data());
            lens.push_back(a.size());
        }
        redisAppendCommandArgv(ctx.get(), static_cast<int>(argv.size()), argv.data(), lens.data());
    }

    // A pipeline's commands as one buffer in Redis's protocol, handed to hiredis at once: its
    // per-command formatting (sds, two argument arrays) took a tenth of a 100,000-entry listing.
    void appendAll(std::span<const std::vector<std::string_view>> commands)
    {
        std::size_t bytes = 0;
        for (const auto& c : commands)
            for (std::string_view a : c)
                bytes += a.size() + 16;
        std::string buf;
        buf.reserve(bytes + commands.size() * 16);
        const auto number = [&](char kind, std::size_t n) {
            char digits[24];
            const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
            buf += kind;
            buf.append(digits, end);
            buf += "\r\n";
        };
        for (const auto& c : commands) {
            number('*', c.size());
            for (std::string_view a : c) {
                number('$', a.size());
                buf += a;
                buf += "\r\n";
            }
        }
        redisAppendFormattedCommand(ctx.get(), buf.data(), buf.size());
    }

    Result<Reply> readOne(std::string_view what)
    {
        void* raw = nullptr;
        if (redisGetReply(ctx.get(), &raw) != REDIS_OK || !raw)
            return fail(ioError(what));
        Reply r = copyReply(static_cast<redisReply*>(raw));
        freeReplyObject(raw);
        return r;
    }
};

namespace {

// The first reply of a connection never came: on a plain connection to a TLS-only port that is
// what happens (the server resets it), so say so.
Text firstReplyFailed(const Client::Impl& impl, Text why)
{
    if (impl.broken.empty() || impl.endpoint.transport != Transport::Tcp)
        return why;
    return Text::of(KL_TEXT("kl::remote",
                            "%1 (if the server only speaks TLS, it drops plain connections like this: "
                            "use rediss://, which needs hiredis 1.0 or later, or a TLS tunnel)"),
                    std::move(why));
}

} // namespace

Client::Client(std::unique_ptr<Impl> impl)
    : m(std::move(impl))
{
}
Client::Client(Client&&) noexcept = default;
Client& Client::operator=(Client&&) noexcept = default;
Client::~Client() = default;

const Endpoint& Client::endpoint() const
{
    return m->endpoint;
}

std::string Client::server() const
{
    return m->server();
}

bool Client::noTouch() const
{
    return m->noTouch;
}

std::string Client::libraryVersion()
{
    return "hiredis " + std::to_string(HIREDIS_MAJOR) + "." + std::to_string(HIREDIS_MINOR) + "." +
           std::to_string(HIREDIS_PATCH);
}

Result<Client> Client::connect(const Endpoint& endpoint, Timeouts timeouts)
{
    auto impl = std::make_unique<Impl>();
    impl->endpoint = endpoint;
    impl->timeouts = timeouts;
    const std::string server = endpoint.display();
    if (endpoint.transport == Transport::Tls)
        // hiredis gained TLS (hiredis_ssl) in 1.0; Debian 12 ships 0.14.
        return fail(Text::of(KL_TEXT("kl::remote", "%1: TLS (rediss://) needs hiredis 1.0 or later, and this "
                                                   "KernelLens was built with %2; reach the server through a "
                                                   "TLS tunnel (stunnel, ssh -L) as redis://, or rebuild "
                                                   "against hiredis 1.0+"),
                             server, libraryVersion()));
    const timeval tv = toTimeval(timeouts.connect);
    impl->ctx.reset(endpoint.transport == Transport::Unix
                        ? redisConnectUnixWithTimeout(endpoint.socketPath.c_str(), tv)
                        : redisConnectWithTimeout(endpoint.host.c_str(), endpoint.port, tv));
    if (!impl->ctx)
        return fail(Text::of(KL_TEXT("kl::remote", "%1: cannot connect: out of memory"), server));
    if (impl->ctx->err) {
        const std::string cause = impl->ctx->errstr;
        if (cause.find("timed out") != std::string::npos || cause.find("temporarily") != std::string::npos)
            return fail(Text::of(KL_TEXT("kl::remote", "%1: no connection within %2 ms (%3)"), server,
                                 static_cast<long long>(timeouts.connect.count()), cause));
        return fail(Text::of(KL_TEXT("kl::remote", "%1: cannot connect: %2 (is redis-server running there?)"),
                             server, cause));
    }
    redisSetTimeout(impl->ctx.get(), toTimeval(timeouts.command));
    Client client(std::move(impl));

    if (!endpoint.password.empty()) {
        std::vector<std::string_view> auth{"AUTH"};
        if (!endpoint.user.empty())
            auth.push_back(endpoint.user);
        auth.push_back(endpoint.password);
        client.m->append(auth);
        auto r = client.m->readOne("AUTH");
        if (!r)
            return fail(firstReplyFailed(*client.m, std::move(r.error())));
        if (r->isError())
            return fail(
                Text::of(KL_TEXT("kl::remote", "%1: the server refused the login: %2"), server, r->str));
    }
    // PING proves the server answers and that no password is missing (NOAUTH) before any real work.
    auto ping = client.command({"PING"});
    if (!ping)
        return fail(firstReplyFailed(*client.m, std::move(ping.error())));
    // KernelLens reading a cache is not a use of it: keep LRU idle times (and eviction) as they are.
    client.m->append(std::vector<std::string_view>{"CLIENT", "NO-TOUCH", "ON"});
    auto touch = client.m->readOne("CLIENT NO-TOUCH");
    if (!touch)
        return fail(std::move(touch.error()));
    client.m->noTouch = !touch->isError();
    if (endpoint.db != 0) {
        const std::string db = std::to_string(endpoint.db);
        auto sel = client.command({"SELECT", db});
        if (!sel)
            return fail(std::move(sel.error()));
    }
    return client;
}

Result<Reply> Client::command(std::initializer_list<std::string_view> args)
{
    return command(std::span<const std::string_view>(args.begin(), args.size()));
}

Result<Reply> Client::command(std::span<const std::string_view> args)
{
    if (!m->broken.empty())
        return fail(m->broken);
    const std::string name = args.empty() ? std::string() : std::string(args.front());
    m->append(args);
    auto r = m->readOne(name);
    if (!r)
        return r;
    if (r->isError()) {
        if (r->str.starts_with("NOAUTH"))
            return fail(Text::of(KL_TEXT("kl::remote",
                                         "%1: the server needs a password (%2): give it in the URL "
                                         "(redis://:PASSWORD@host:port) or in KERNELLENS_REDIS_PASSWORD"),
                                 server(), r->str));
        return fail(Text::of(KL_TEXT("kl::remote", "%1: %2 failed: %3"), server(), name, r->str));
    }
    return r;
}

Result<std::vector<Reply>> Client::pipeline(std::span<const std::vector<std::string_view>> commands)
{
    if (!m->broken.empty())
        return fail(m->broken);
    m->appendAll(commands);
    std::vector<Reply> replies;
    replies.reserve(commands.size());
    for (const auto& c : commands) {
        auto r = m->readOne(c.empty() ? std::string_view() : c.front());
        if (!r)
            return fail(std::move(r.error()));
        replies.push_back(std::move(*r));
    }
    return replies;
}

Result<ScanPage> Client::scan(std::string_view cursor, std::string_view match, int count)
{
    const std::string countText = std::to_string(count);
    auto r = command({"SCAN", cursor, "MATCH", match, "COUNT", countText});
    if (!r)
        return fail(std::move(r.error()));
    if (r->type != Reply::Type::Array || r->elements.size() != 2 || r->elements[1].type != Reply::Type::Array)
        return fail(Text::of(
            KL_TEXT("kl::remote", "%1: SCAN gave a reply that is not a cursor and a key list"), server()));
    ScanPage page;
    page.cursor = std::move(r->elements[0].str);
    page.keys.reserve(r->elements[1].elements.size());
    for (Reply& k : r->elements[1].elements)
        page.keys.push_back(std::move(k.str));
    return page;
}

} // namespace kl::remote
