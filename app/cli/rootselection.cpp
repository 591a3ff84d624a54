#include "rootselection.h"

#include "clioutput.h"
#include "env/cacheroots.h"
#include "scan/cachescanner.h"

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

Snapshot scanRoots(const std::vector<std::string>& dirs, unsigned threads, bool progress, bool resources)
{
    const Environment& env = Environment::current();
    ScanOptions options;
    options.threads = threads;
    options.indexDir = scanIndexDir(env);
    options.knownFolders = dumpAndOverrideRoots(env);
    options.readResources = resources;
    if (progress)
        options.progress = [](std::size_t done, std::size_t total) {
            if (done % 1000 == 0 || done == total)
                std::fprintf(stderr, "\rscanning %zu/%zu", done, total);
        };
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
