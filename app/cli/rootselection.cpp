#include "rootselection.h"

#include "clioutput.h"
#include "core/env/cacheroots.h"
#include "core/scan/cachescanner.h"

namespace kl::cli {

std::vector<Root> selectRoots(const std::vector<std::string>& dirs)
{
    if (dirs.empty())
        return effectiveRoots(Environment::current());
    std::vector<Root> roots;
    for (const std::string& d : dirs)
        roots.push_back(givenRoot(d));
    return roots;
}

Snapshot scanRoots(const std::vector<std::string>& dirs, unsigned threads, TerminalProgress& progress,
                   bool resources)
{
    const Environment& env = Environment::current();
    ScanOptions options;
    options.threads = threads;
    options.indexDir = scanIndexDir(env);
    options.knownFolders = dumpAndOverrideRoots(env);
    options.readResources = resources;
    options.progress = progress.counter("scanning");
    return CacheScanner(options).scan(selectRoots(dirs));
}

bool reportRootErrors(const Snapshot& snap, bool dirsGiven)
{
    bool any = false;
    for (const Root& r : snap.roots) {
        if (!r.error.empty() && (dirsGiven || r.exists)) {
            printError(r.error.english());
            any = true;
        }
    }
    return any;
}

} // namespace kl::cli
