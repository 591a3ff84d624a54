#include "packfindings.h"

#include "core/pack/packfolder.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "problemmapping.h"

#include <fcntl.h>

namespace kl {
namespace {

void unreadable(const std::string& path, Text why, std::vector<Finding>& out)
{
    Finding f = makeFinding(finding::Unreadable, FindingSeverity::Error, path, std::move(why));
    f.fix = mapProblem(problem::Unreadable)->fix;
    out.push_back(std::move(f));
}

} // namespace

void packFindings(const Snapshot& snap, std::vector<Finding>& out)
{
    for (const Root& r : snap.roots) {
        if (!r.packed.present || !r.error.empty())
            continue;
        UniqueFd rootFd(::open(r.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!rootFd.valid())
            continue; // the root's own finding says why
        auto listing = listPackFolder(rootFd.get(), r.path);
        if (!listing) {
            unreadable(r.packed.path, std::move(listing.error()), out);
            continue;
        }
        for (PackContents& c : readPacks(*listing, PackRead::Full)) {
            if (!c.error.empty()) {
                unreadable(c.path, std::move(c.error), out);
                continue;
            }
            const PackHeader& h = c.walk.header;
            if (h.state == PackHeaderState::Newer || h.state == PackHeaderState::Foreign) {
                out.push_back(makeFinding(finding::NewerPack, FindingSeverity::Warning, c.path, h.why));
                continue;
            }
            if (h.state == PackHeaderState::Short) {
                Finding f = makeFinding(finding::DamagedPack, FindingSeverity::Warning, c.path, h.why);
                f.offset = 0;
                f.length = c.walk.size;
                out.push_back(std::move(f));
                continue;
            }
            for (const PackDamage& d : c.walk.damage) {
                Finding f = makeFinding(
                    finding::DamagedPack, FindingSeverity::Warning, c.path,
                    Text::of(
                        KL_TEXT("kl::doctor", "%1 is damaged at byte %2 (%3 bytes hold no valid record): %4"),
                        printableName(c.path), d.offset, d.length, d.cause));
                f.offset = d.offset;
                f.length = d.length;
                out.push_back(std::move(f));
            }
            if (!c.walk.otherKinds.empty()) {
                const PackRecord& first = c.walk.otherKinds.front();
                Finding f = makeFinding(
                    finding::NewerPack, FindingSeverity::Warning, c.path,
                    Text::of(KL_TEXT("kl::doctor", "%1 holds %2 record(s) of a kind this KernelLens does not "
                                                   "read, first kind %3 at byte %4 (a newer writer's, or a "
                                                   "damaged record header)"),
                             printableName(c.path), c.walk.otherKinds.size(), first.kind, first.offset));
                f.offset = first.offset;
                f.length = first.length;
                out.push_back(std::move(f));
            }
            if (!c.walk.error.empty())
                unreadable(c.path, c.walk.error, out);
        }
    }
}

} // namespace kl
