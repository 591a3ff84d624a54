#pragma once

#include "core/util/result.h"
#include "redisendpoint.h"

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kl::remote {

/// One reply, copied out of hiredis so it outlives the connection.
struct Reply {
    enum class Type { Nil, String, Integer, Array, Status, Error };
    Type type = Type::Nil;
    std::string str; ///< String, Status and Error
    long long integer = 0;
    std::vector<Reply> elements;

    bool isNil() const { return type == Type::Nil; }
    bool isError() const { return type == Type::Error; }
};

struct Timeouts {
    std::chrono::milliseconds connect{3000};
    std::chrono::milliseconds command{10000}; ///< per reply: a server that stops answering is an error
};

/// One page of SCAN: the next cursor ("0" when done) and the keys.
struct ScanPage {
    std::string cursor;
    std::vector<std::string> keys;
};

/// A blocking connection to one Redis server (hiredis). Every failure says which server and why;
/// after an I/O failure (a timeout, a closed connection) the client refuses further commands.
/// Not thread-safe: one client per thread.
class Client {
public:
    /// Connect, log in (AUTH) and select the database.
    static Result<Client> connect(const Endpoint& endpoint, Timeouts timeouts = {});

    Client(Client&&) noexcept;
    Client& operator=(Client&&) noexcept;
    ~Client();

    const Endpoint& endpoint() const;
    /// The server for messages: the URL without its password.
    std::string server() const;

    /// One command. A Redis error reply is returned as an error naming the command.
    Result<Reply> command(std::span<const std::string_view> args);
    Result<Reply> command(std::initializer_list<std::string_view> args);

    /// Send all `commands`, then read every reply: one round trip. Error replies stay in the list
    /// (one bad key does not lose the others); only a broken connection fails the whole batch.
    Result<std::vector<Reply>> pipeline(std::span<const std::vector<std::string_view>> commands);

    /// One SCAN step (never KEYS: a large keyspace would block the server).
    Result<ScanPage> scan(std::string_view cursor, std::string_view match, int count);

    /// True when the server reads for us without refreshing idle times (CLIENT NO-TOUCH, Redis
    /// 7.2+): listing a cache then does not make every entry look freshly used.
    bool noTouch() const;

    /// "hiredis 0.14.1": what this build talks through.
    static std::string libraryVersion();

    struct Impl; ///< the hiredis context and what is known about the connection

private:
    explicit Client(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m;
};

} // namespace kl::remote
