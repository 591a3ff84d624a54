#include "entryresolution.h"

#include "clioutput.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "core/pack/entryfiles.h"
#include "core/pack/packformat.h"
#include "core/scan/cachescanner.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "remoteentryfetch.h"
#include "rootselection.h"

#include <cerrno>
#include <optional>
#include <sys/stat.h>

namespace kl::cli {
namespace {

bool resolvePath(const CacheScanner& scanner, const std::string& arg, Entry& out)
{
    std::string path = absoluteClean(arg);
    auto slash = path.rfind('/');
    bool vanished = false;
    out = scanner.scanOne(slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1), vanished);
    if (vanished) {
        printError(path + ": removed while it was being read");
        return false;
    }
    return true;
}

// `<root>/.kernellens-pack/<pack>/<key>`, a packed entry as klens scan names it: found by
// scanning that root. Nothing when the argument is not such a path.
std::optional<bool> resolvePackedPath(const CacheScanner& scanner, const std::string& arg, Entry& out)
{
    const std::string path = absoluteClean(arg);
    const std::string marker = "/" + std::string(pack::kFolderName) + "/";
    const auto at = path.rfind(marker);
    if (at == std::string::npos || path.find('/', at + marker.size()) == std::string::npos)
        return std::nullopt;
    Root root;
    root.path = at == 0 ? "/" : path.substr(0, at);
    root.given = true;
    const Snapshot snap = scanner.scan({root});
    for (const Entry& e : snap.entries)
        if (e.path == path) {
            out = e;
            return true;
        }
    printError("no packed entry " + printableName(path) + ": " +
               (snap.roots.front().error.empty()
                    ? "the packs of " + printableName(root.path) + " hold no such key"
                    : snap.roots.front().error.english()));
    return false;
}

bool resolvePrefix(const Snapshot& snap, const std::string& prefix, Entry& out)
{
    std::vector<const Entry*> matches;
    for (const Entry& e : snap.entries)
        if (e.folderName.compare(0, prefix.size(), prefix) == 0)
            matches.push_back(&e);
    if (matches.size() == 1) {
        out = *matches.front();
        return true;
    }
    std::string where;
    for (const Root& r : snap.roots)
        if (r.exists)
            where += (where.empty() ? "" : ", ") + r.path;
    if (matches.empty()) {
        printError("no entry folder starts with \"" + prefix + "\" in " +
                   (where.empty() ? "any root" : where));
        return false;
    }
    std::string list;
    for (const Entry* e : matches)
        list += "\n  " + printableName(e->path) + "  (" + e->kernel + ")";
    printError("\"" + prefix + "\" matches " + std::to_string(matches.size()) +
               " entries; give more of the name:" + list);
    return false;
}

} // namespace

bool resolveEntries(const std::vector<std::string>& args, const std::vector<std::string>& roots,
                    std::vector<Entry>& out)
{
    ScanOptions options;
    options.knownFolders = dumpAndOverrideRoots(Environment::current());
    const CacheScanner scanner(std::move(options));
    std::optional<Snapshot> snap; // scanned on the first prefix, reused for the others
    out.clear();
    for (const std::string& arg : args) {
        Entry entry;
        struct stat st {};
        std::optional<bool> packed;
        if (::lstat(arg.c_str(), &st) != 0 && (packed = resolvePackedPath(scanner, arg, entry))) {
            if (!*packed)
                return false;
        } else if (isRemoteEntryArgument(arg)) {
            auto path = fetchRemoteEntry(arg);
            if (!path || !resolvePath(scanner, *path, entry))
                return false;
        } else if (::lstat(arg.c_str(), &st) == 0) {
            if (!resolvePath(scanner, arg, entry))
                return false;
        } else if (arg.find('/') != std::string::npos) {
            printError("cannot open " + arg + ": " + errnoText(errno));
            return false;
        } else {
            if (!snap)
                snap = scanner.scan(selectRoots(roots));
            if (!resolvePrefix(*snap, arg, entry))
                return false;
        }
        out.push_back(std::move(entry));
    }
    return true;
}

bool resolveEntry(const std::string& arg, const std::vector<std::string>& roots, Entry& out)
{
    std::vector<Entry> entries;
    if (!resolveEntries({arg}, roots, entries))
        return false;
    out = std::move(entries.front());
    return true;
}

bool resolveCubinPath(const std::string& arg, const std::vector<std::string>& roots, std::string& path,
                      LaunchShape* launch)
{
    path = arg;
    struct stat st {};
    const bool packed = path.find("/" + std::string(pack::kFolderName) + "/") != std::string::npos;
    if (::stat(path.c_str(), &st) != 0 && !packed &&
        (path.ends_with(".cubin") || path.find('/') != std::string::npos)) {
        // It names a file, not an entry prefix: say why it cannot be read.
        printError(printableName(path) + ": " + errnoText(errno));
        return false;
    }
    if (S_ISREG(st.st_mode))
        return true;
    Entry entry;
    if (!resolveEntry(arg, roots, entry))
        return false;
    const Stage* cubin = entry.stage("cubin");
    if (!cubin) {
        printError(printableName(entry.path) + ": the entry has no .cubin stage");
        return false;
    }
    auto onDisk = entryFileOnDisk(entry, cubin->fileName);
    if (!onDisk) {
        printError(printableName(joinPath(entry.path, cubin->fileName)) + ": " + onDisk.error().english());
        return false;
    }
    path = std::move(*onDisk);
    if (launch)
        *launch = launchShapeOf(entry);
    return true;
}

} // namespace kl::cli
