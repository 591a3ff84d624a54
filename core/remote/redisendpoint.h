#pragma once

#include "core/env/environment.h"
#include "core/util/result.h"

#include <string>
#include <string_view>

namespace kl::remote {

enum class Transport { Tcp, Tls, Unix };

/// Where a Redis server is and how to log in: from a URL or from Triton's variables.
struct Endpoint {
    Transport transport = Transport::Tcp;
    std::string host = "localhost";
    int port = 6379;
    std::string socketPath; ///< for Transport::Unix
    std::string user;       ///< ACL user; empty for the default user
    std::string password;   ///< never printed
    int db = 0;
    std::string
        source; ///< where it came from: "given", "KERNELLENS_REDIS_URL", "TRITON_REDIS_HOST", "default"

    /// The URL without the password, for messages and settings: `redis://user@host:6379/0`.
    std::string display() const;
};

/// `redis://[user:password@]host[:port][/db]`, `rediss://...` (TLS), `unix:///path[?db=N]`.
/// User and password may be percent-encoded; `[::1]` names an IPv6 host.
Result<Endpoint> parseRedisUrl(std::string_view url);

/// The server KernelLens uses when no URL is given: `KERNELLENS_REDIS_URL`, else Triton's own
/// `TRITON_REDIS_HOST` / `TRITON_REDIS_PORT` (defaults localhost:6379, as Triton's backend).
/// `KERNELLENS_REDIS_PASSWORD` sets the password in either case, so it need not sit in a URL.
Result<Endpoint> endpointFromEnvironment(const Environment& env);

/// `url` when given, else endpointFromEnvironment; the password variable applies to both.
Result<Endpoint> resolveEndpoint(std::string_view url, const Environment& env);

} // namespace kl::remote
