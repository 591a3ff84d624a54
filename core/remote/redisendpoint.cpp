#include "redisendpoint.h"

#include <charconv>

namespace kl::remote {
namespace {

constexpr std::string_view kUrlVar = "KERNELLENS_REDIS_URL";
constexpr std::string_view kPasswordVar = "KERNELLENS_REDIS_PASSWORD";

std::optional<int> parseInt(std::string_view s, int lo, int hi)
{
    int v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi)
        return std::nullopt;
    return v;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::optional<std::string> percentDecode(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        if (i + 2 >= s.size())
            return std::nullopt;
        const int hi = hexValue(s[i + 1]), lo = hexValue(s[i + 2]);
        if (hi < 0 || lo < 0)
            return std::nullopt;
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

Result<Endpoint> bad(std::string_view url, Text why)
{
    return fail(Text::of(KL_TEXT("kl::remote", "not a Redis URL: %1: %2"), std::string(url), std::move(why)));
}

// `db=N` from a query string; other parameters are ignored as redis-py ignores unknown ones.
std::optional<int> dbFromQuery(std::string_view query, bool& ok)
{
    ok = true;
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view item = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        if (item.starts_with("db=")) {
            auto db = parseInt(item.substr(3), 0, 1 << 20);
            ok = db.has_value();
            return db;
        }
    }
    return std::nullopt;
}

} // namespace

std::string Endpoint::display() const
{
    std::string userPart = user.empty() ? std::string() : user + "@";
    if (transport == Transport::Unix)
        return "unix://" + userPart + socketPath + (db ? "?db=" + std::to_string(db) : std::string());
    const bool v6 = host.find(':') != std::string::npos;
    return std::string(transport == Transport::Tls ? "rediss://" : "redis://") + userPart +
           (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port) + "/" + std::to_string(db);
}

Result<Endpoint> parseRedisUrl(std::string_view url)
{
    Endpoint ep;
    ep.source = "given";
    std::string_view rest;
    if (url.starts_with("redis://")) {
        rest = url.substr(8);
    } else if (url.starts_with("rediss://")) {
        ep.transport = Transport::Tls;
        rest = url.substr(9);
    } else if (url.starts_with("unix://")) {
        ep.transport = Transport::Unix;
        rest = url.substr(7);
    } else {
        return bad(url, Text::of(KL_TEXT("kl::remote", "it must start with redis://, rediss:// or unix://")));
    }
    std::string_view query;
    if (auto q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
    }
    // user:password@ (the last '@': a password may hold one, percent-encoded or not)
    if (auto at = rest.rfind('@');
        at != std::string_view::npos && (ep.transport != Transport::Unix || rest.find('/') > at)) {
        std::string_view info = rest.substr(0, at);
        rest = rest.substr(at + 1);
        std::string_view user = info, password;
        if (auto colon = info.find(':'); colon != std::string_view::npos) {
            user = info.substr(0, colon);
            password = info.substr(colon + 1);
        } else {
            // redis://secret@host: redis-py takes a lone userinfo as the user; so do we
        }
        auto u = percentDecode(user), p = percentDecode(password);
        if (!u || !p)
            return bad(url, Text::of(KL_TEXT("kl::remote", "a bad %-escape in the user or password")));
        ep.user = std::move(*u);
        ep.password = std::move(*p);
    }
    bool queryOk = true;
    std::optional<int> queryDb = dbFromQuery(query, queryOk);
    if (!queryOk)
        return bad(url, Text::of(KL_TEXT("kl::remote", "db= must be a number")));
    if (ep.transport == Transport::Unix) {
        if (rest.empty() || rest.front() != '/')
            return bad(url, Text::of(KL_TEXT("kl::remote", "unix:// needs an absolute socket path, as in "
                                                           "unix:///run/redis/redis.sock")));
        ep.socketPath = std::string(rest);
        ep.host.clear();
        ep.port = 0;
        ep.db = queryDb.value_or(0);
        return ep;
    }
    std::string_view hostPort = rest.substr(0, rest.find('/'));
    std::string_view path =
        rest.size() > hostPort.size() ? rest.substr(hostPort.size() + 1) : std::string_view{};
    std::string_view portText;
    if (hostPort.starts_with('[')) {
        auto close = hostPort.find(']');
        if (close == std::string_view::npos)
            return bad(url, Text::of(KL_TEXT("kl::remote", "an IPv6 address without its closing ]")));
        ep.host = std::string(hostPort.substr(1, close - 1));
        std::string_view after = hostPort.substr(close + 1);
        if (!after.empty() && after.front() != ':')
            return bad(url, Text::of(KL_TEXT("kl::remote", "unexpected text after the IPv6 address")));
        portText = after.empty() ? after : after.substr(1);
    } else if (auto colon = hostPort.rfind(':'); colon != std::string_view::npos) {
        ep.host = std::string(hostPort.substr(0, colon));
        portText = hostPort.substr(colon + 1);
    } else {
        ep.host = std::string(hostPort);
    }
    if (ep.host.empty())
        ep.host = "localhost";
    if (!portText.empty()) {
        auto port = parseInt(portText, 1, 65535);
        if (!port)
            return bad(url, Text::of(KL_TEXT("kl::remote", "port \"%1\" is not a number from 1 to 65535"),
                                     std::string(portText)));
        ep.port = *port;
    }
    if (!path.empty()) {
        auto db = parseInt(path, 0, 1 << 20);
        if (!db)
            return bad(url, Text::of(KL_TEXT("kl::remote", "the path \"/%1\" must be a database number"),
                                     std::string(path)));
        ep.db = *db;
    }
    if (queryDb)
        ep.db = *queryDb;
    return ep;
}

Result<Endpoint> endpointFromEnvironment(const Environment& env)
{
    return resolveEndpoint({}, env);
}

Result<Endpoint> resolveEndpoint(std::string_view url, const Environment& env)
{
    auto var = [&](std::string_view name) {
        auto v = env.get ? env.get(std::string(name)) : std::nullopt;
        return v ? *v : std::string();
    };
    Result<Endpoint> ep;
    if (!url.empty()) {
        ep = parseRedisUrl(url);
    } else if (std::string fromVar = var(kUrlVar); !fromVar.empty()) {
        ep = parseRedisUrl(fromVar);
        if (!ep)
            return fail(
                Text::of(KL_TEXT("kl::remote", "%1: %2"), std::string(kUrlVar), std::move(ep.error())));
        ep->source = std::string(kUrlVar);
    } else {
        ep = Endpoint{};
        ep->source = "default";
        if (std::string host = var("TRITON_REDIS_HOST"); !host.empty()) {
            ep->host = host;
            ep->source = "TRITON_REDIS_HOST";
        }
        if (std::string port = var("TRITON_REDIS_PORT"); !port.empty()) {
            auto p = parseInt(port, 1, 65535);
            if (!p)
                return fail(
                    Text::of(KL_TEXT("kl::remote", "TRITON_REDIS_PORT=%1 is not a port number"), port));
            ep->port = *p;
            ep->source = "TRITON_REDIS_HOST";
        }
    }
    if (!ep)
        return ep;
    if (std::string password = var(kPasswordVar); !password.empty())
        ep->password = password;
    return ep;
}

} // namespace kl::remote
