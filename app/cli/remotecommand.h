#pragma once

#include "command.h"
#include "core/remote/keyformat.h"
#include "core/remote/redisclient.h"
#include "core/remote/remotecache.h"

#include <atomic>
#include <optional>
#include <string>

namespace kl::cli {

/// What every `klens remote` subcommand takes to reach the server.
struct RemoteArgs {
    std::string url;       ///< empty: KERNELLENS_REDIS_URL, else TRITON_REDIS_HOST/PORT
    std::string keyFormat; ///< empty: TRITON_REDIS_KEY_FORMAT, else Triton's default
    double timeout = 10;   ///< seconds, per connect and per reply
    bool json = false;
    bool progress = false;
};

/// The options above on a subcommand (`withUrlArg`: the URL may also come as the first positional).
void addRemoteOptions(CLI::App* cmd, RemoteArgs& args, bool withUrlArg);

struct RemoteConnection {
    remote::Client client;
    remote::KeyFormat format;
};
/// Connect as `args` says; on failure prints the reason (naming the server) and returns nothing.
std::optional<RemoteConnection> connectRemote(const RemoteArgs& args);

/// The keys of the one entry `handle` names: its whole key, or a prefix of it no other entry's key
/// starts with (the handle `klens remote ls` prints). On none or several prints why (naming the
/// server, and the candidates) and returns nothing.
std::optional<remote::KeyListing> resolveRemoteKey(RemoteConnection& c, const std::string& handle);
/// The same rule on a listing already made (`remote pull` lists the whole server first).
std::optional<std::string> keyOfHandle(const RemoteConnection& c, const remote::KeyListing& listing,
                                       const std::string& handle);

/// Ctrl-C sets this while a remote command runs, so SCAN and transfers stop between round trips.
const std::atomic<bool>* remoteInterruptFlag();

// `klens remote` and its subcommands, in three files.
void addRemoteReadCommands(CLI::App& remote, Commands& out);     // ls, show, stats, doctor
void addRemoteTransferCommands(CLI::App& remote, Commands& out); // pull, push
void addRemoteCleanCommand(CLI::App& remote, Commands& out);     // clean

} // namespace kl::cli
