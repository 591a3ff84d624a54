#include "clioutput.h"
#include "command.h"
#include "core/keys/keycomponentsfile.h"
#include "core/keys/keyjson.h"
#include "core/keys/optionshash.h"
#include "core/keys/tritonkey.h"
#include "core/report/entrydetail.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <string>
#include <vector>

namespace kl::cli {

struct KeyArgs {
    std::string components;         ///< --components FILE.json
    std::string entry;              ///< or an entry: what its metadata lets us rebuild
    std::vector<std::string> roots; ///< where to look an entry prefix up
    bool readExternLibs = false;    ///< hash extern_libs files at their recorded paths
    bool json = false;
};

/// `klens key`: Triton's cache key, its sha256 and folder names from given components, or the
/// parts of an entry's key its metadata records. Returns the exit code.
int runKey(const KeyArgs& args);

namespace {

const char* eraNote(KeyEra era)
{
    switch (era) {
    case KeyEra::Md5Hex: return "2.0-2.1 (which built its key string differently)";
    case KeyEra::Sha256Hex: return "up to 3.1";
    case KeyEra::Base64Url: return "some nightlies, Aug-Nov 2024";
    case KeyEra::Base32: return "3.2 onward";
    case KeyEra::None: break;
    }
    return "";
}

int runComponents(const KeyArgs& args)
{
    auto text = readFile(args.components, 64ull << 20);
    if (!text) {
        printError("cannot read " + args.components + ": " + text.error().english());
        return ExitError;
    }
    auto parsed = parseKeyComponents(*text);
    if (!parsed) {
        printError(args.components + ": " + parsed.error().english());
        return ExitError;
    }
    const KeyComponents& parts = *parsed;
    if (args.json) {
        writeKeyJson(parts, stdout);
        return ExitOk;
    }
    const std::string key = tritonCacheKey(parts);
    const std::string sha = sha256Hex(key);
    const auto folders = keyFolderNames(key);
    std::printf("key string (%zu bytes, between the rules):\n----\n", key.size());
    std::fwrite(key.data(), 1, key.size(), stdout);
    std::printf("\n----\nenv part    %s\nsha256      %s  (the metadata \"hash\")\n\nfolder names:\n",
                tritonEnvVarsPart(parts.envVars).c_str(), sha.c_str());
    for (const KeyFolder& f : folders)
        std::printf("  %-11s %-64s  %s\n", toString(f.era).data(), f.name.c_str(), eraNote(f.era));
    return ExitOk;
}

int runEntry(const KeyArgs& args)
{
    Entry entry;
    if (!resolveEntry(args.entry, args.roots, entry))
        return ExitError;
    EntryDetail d = loadEntryDetail(entry);
    if (entry.kind != EntryKind::Kernel || !d.metadata) {
        printError(printableName(entry.path) + ": " +
                   (entry.kind != EntryKind::Kernel
                        ? "a " + std::string(toString(entry.kind)) + " entry has no Triton key"
                        : "no readable metadata (" + d.readError.english() + ")"));
        return ExitError;
    }
    const Metadata& m = *d.metadata;
    const std::string envPart = tritonEnvVarsPart(envVarsFromMetadata(m.envVars));
    ExternLibHasher hasher;
    if (args.readExternLibs)
        hasher = sha256OfFile;
    const OptionsHash options = optionsHashFromMetadata(m.options, m.target.backend, hasher);
    std::string optionsError = options.error.english();
    if (!options.ok() && !args.readExternLibs && !options.externLibs.empty())
        optionsError += " (--read-extern-libs hashes the files at their recorded paths)";
    if (args.json) {
        writeEntryKeyJson(entry, envPart, options, optionsError, stdout);
        return ExitOk;
    }
    std::printf("entry         %s  (%s)\n", printableName(entry.path).c_str(),
                printableName(entry.kernel).c_str());
    if (entry.hash.empty())
        std::printf("hash          not recorded (2.x metadata)\n");
    else
        std::printf("hash          %s  (sha256 of the key; folder name in the %s encoding %s)\n",
                    entry.hash.c_str(), toString(entry.era).data(),
                    !entry.hashOk   ? "cannot be checked"
                    : *entry.hashOk ? "matches it"
                                    : "does NOT match it");
    std::printf("env part      %s\n", printableName(envPart).c_str());
    if (options.ok())
        std::printf("options hash  %s\n", options.hash.c_str());
    else
        std::printf("options hash  not rebuilt: %s\n", optionsError.c_str());
    std::printf(
        "not recorded  triton_key, source hash, backend hash: the key itself cannot be rebuilt from the "
        "cache (klens key --components takes them)\n");
    return ExitOk;
}

} // namespace

int runKey(const KeyArgs& args)
{
    if (args.components.empty() == args.entry.empty()) {
        printError("give either --components FILE.json or an ENTRY");
        return ExitError;
    }
    return args.components.empty() ? runEntry(args) : runComponents(args);
}

void addKeyCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<KeyArgs>();
    auto* cmd =
        app.add_subcommand("key", "Triton's cache key: from its components (--components), or the parts "
                                  "an entry's metadata records");
    cmd->add_option("ENTRY", args->entry, "An entry folder, or a unique prefix of its name");
    cmd->add_option("--components", args->components,
                    "A JSON file with triton_key, source_hash, backend_hash, options_hash, env_vars "
                    "(see docs/json-schema.md)");
    cmd->add_option("--root", args->roots, "Where to look an ENTRY prefix up (default: the effective roots)");
    cmd->add_flag(
        "--read-extern-libs", args->readExternLibs,
        "Hash the extern_libs files (libdevice, ...) at the paths the metadata records, outside the "
        "cache, to rebuild the options hash");
    cmd->add_flag("--json", args->json,
                  "Print the documented JSON (kernellens.key/1, kernellens.entry-key/1)");
    out.push_back({cmd, [args] { return runKey(*args); }});
}

} // namespace kl::cli
