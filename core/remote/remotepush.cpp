#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/pack/entryfiles.h"
#include "core/scan/cachescanner.h"
#include "core/scan/entryreader.h"
#include "core/storage/groupwriter.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "remotetransfer.h"

#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>

namespace kl::remote {
namespace {

struct Outgoing {
    Entry entry;
    std::vector<std::pair<std::string, std::string>> values; ///< file name -> bytes; the group last
    std::string groupName;
    TransferOutcome outcome;
    bool ready = false;
};

std::string parentOf(const std::string& path)
{
    auto slash = path.rfind('/');
    return slash == 0 ? std::string("/") : path.substr(0, slash);
}

// The entries a path names: an entry folder itself, or every entry of a cache root.
Result<std::vector<Entry>> entriesAt(const std::string& given)
{
    const std::string path = absoluteClean(given);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return fail(
            Text::of(KL_TEXT("kl::remote", "cannot read %1: %2"), printableName(path), errnoText(errno)));
    if (!S_ISDIR(st.st_mode))
        return fail(
            Text::of(KL_TEXT("kl::remote", "%1 is not a folder: give an entry folder or a cache folder"),
                     printableName(path)));
    const std::string name = path.substr(path.rfind('/') + 1);
    if (classifyFolderName(name) != KeyEra::None) {
        const std::string parent = parentOf(path);
        UniqueFd fd(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!fd.valid())
            return fail(Text::of(KL_TEXT("kl::remote", "cannot read %1: %2"), printableName(parent),
                                 errnoText(errno)));
        char* real = ::realpath(parent.c_str(), nullptr);
        ParentDir dir{fd.get(), parent, real ? std::string(real) : parent};
        std::free(real);
        EntryReadResult r = readEntry(dir, name, ItemType::Dir, ScanOptions{});
        if (r.vanished)
            return fail(Text::of(KL_TEXT("kl::remote", "%1 disappeared while it was being read"),
                                 printableName(path)));
        return std::vector<Entry>{std::move(r.entry)};
    }
    Root root;
    root.path = path;
    root.given = true;
    Snapshot snap = CacheScanner().scan({root});
    if (!snap.roots.empty() && !snap.roots.front().error.empty())
        return fail(snap.roots.front().error);
    return std::move(snap.entries);
}

// Why a local entry cannot be pushed, or nothing when it can.
std::optional<Text> unfitForPush(const Entry& e)
{
    if (e.kind != EntryKind::Kernel && e.kind != EntryKind::Autotune && e.kind != EntryKind::Module)
        return Text::of(KL_TEXT("kl::remote", "%1 is not an entry Triton reads"), printableName(e.path));
    // Where the files lie locally does not travel (the remote group lists names only), so a moved
    // cache or a group already in the remote form is fine; any other problem is not.
    const auto blocking = std::find_if(e.problems.begin(), e.problems.end(), [](const Problem& p) {
        return p.code != problem::MovedCache && p.code != problem::RemoteGroup;
    });
    if (e.status != EntryStatus::Complete || blocking != e.problems.end())
        return Text::of(KL_TEXT("kl::remote", "%1 is %2, not whole and sound: %3"), printableName(e.path),
                        std::string(toString(e.status)),
                        blocking == e.problems.end() ? Text::verbatim("-") : blocking->message);
    if (e.kind == EntryKind::Kernel && e.hashOk != true)
        return Text::of(
            KL_TEXT("kl::remote", "%1: its metadata hash cannot be checked against its folder name"),
            printableName(e.path));
    return std::nullopt;
}

// Reads what the server is to hold. Kernels: the children the group file lists, then the group in
// the remote form.
void prepare(Outgoing& o, std::uint64_t maxBytes)
{
    const Entry& e = o.entry;
    o.outcome.key = e.folderName;
    o.outcome.kernel = e.kernel;
    if (auto why = unfitForPush(e)) {
        o.outcome.detail = *why;
        o.outcome.result =
            e.kind == EntryKind::Kernel || e.kind == EntryKind::Autotune || e.kind == EntryKind::Module
                ? TransferResult::Refused
                : TransferResult::Skipped;
        return;
    }
    std::vector<std::string> names;
    if (e.kind == EntryKind::Kernel) {
        o.groupName = layout::groupFileName(layout::fileStem(e.kernel));
        auto text = readEntryFile(e, o.groupName, maxBytes);
        if (!text) {
            o.outcome.detail =
                Text::of(KL_TEXT("kl::remote", "cannot read %1: %2"),
                         printableName(joinPath(e.path, o.groupName)), std::move(text.error()));
            return;
        }
        auto g = parseGroupFile(*text);
        if (!g) {
            o.outcome.detail = Text::of(KL_TEXT("kl::remote", "%1: %2"),
                                        printableName(joinPath(e.path, o.groupName)), std::move(g.error()));
            return;
        }
        for (const GroupChild& c : g->children)
            names.push_back(c.name);
    } else {
        for (const Stage& s : e.stages)
            names.push_back(s.fileName);
    }
    for (const std::string& n : names) {
        auto bytes = readEntryFile(e, n, maxBytes);
        if (!bytes) {
            o.outcome.detail = Text::of(KL_TEXT("kl::remote", "cannot read %1: %2"),
                                        printableName(joinPath(e.path, n)), std::move(bytes.error()));
            return;
        }
        o.outcome.bytes += bytes->size();
        o.values.emplace_back(n, std::move(*bytes));
    }
    if (e.kind == EntryKind::Kernel)
        o.values.emplace_back(o.groupName, tritonRemoteGroupText(names));
    o.ready = true;
}

} // namespace

Result<TransferReport> pushEntries(Client& client, const KeyFormat& format,
                                   const std::vector<std::string>& paths, const TransferOptions& options)
{
    std::vector<Outgoing> all;
    for (const std::string& p : paths) {
        auto entries = entriesAt(p);
        if (!entries)
            return fail(std::move(entries.error()));
        for (Entry& e : *entries) {
            Outgoing o;
            o.entry = std::move(e);
            all.push_back(std::move(o));
        }
    }
    TransferReport report;
    for (std::size_t at = 0; at < all.size(); at += options.batchEntries) {
        if (options.cancel && options.cancel->load()) {
            report.cancelled = true;
            break;
        }
        const std::size_t end = std::min(all.size(), at + options.batchEntries);
        for (std::size_t i = at; i < end; ++i)
            prepare(all[i], options.maxValueBytes);

        // What the server already has: the group of a kernel (its commit marker), or the file.
        std::vector<std::string> keys;
        std::vector<std::vector<std::string_view>> commands;
        if (!options.force) {
            for (std::size_t i = at; i < end; ++i)
                if (all[i].ready)
                    keys.push_back(format.make(all[i].entry.folderName, all[i].values.back().first));
            for (const std::string& k : keys)
                commands.push_back({"EXISTS", k});
            auto exists = client.pipeline(commands);
            if (!exists)
                return fail(std::move(exists.error()));
            std::size_t r = 0;
            for (std::size_t i = at; i < end; ++i)
                if (all[i].ready && (*exists)[r++].integer > 0) {
                    all[i].ready = false;
                    all[i].outcome.result = TransferResult::Skipped;
                    all[i].outcome.detail =
                        Text::of(KL_TEXT("kl::remote", "%1 already has %2"), client.server(), keys[r - 1]);
                }
        }
        // SETs in order on one connection: Redis runs them in order, so the group lands last.
        keys.clear();
        commands.clear();
        for (std::size_t i = at; i < end; ++i)
            if (all[i].ready)
                for (const auto& [name, bytes] : all[i].values)
                    keys.push_back(format.make(all[i].entry.folderName, name));
        std::size_t k = 0;
        for (std::size_t i = at; i < end; ++i)
            if (all[i].ready)
                for (const auto& [name, bytes] : all[i].values)
                    commands.push_back({"SET", keys[k++], bytes});
        auto set = client.pipeline(commands);
        if (!set)
            return fail(std::move(set.error()));
        std::size_t r = 0;
        for (std::size_t i = at; i < end; ++i) {
            Outgoing& o = all[i];
            if (o.ready) {
                o.outcome.result = TransferResult::Done;
                o.outcome.detail = Text::of(KL_TEXT("kl::remote", "pushed %1 values to %2"),
                                            static_cast<long long>(o.values.size()), client.server());
                for (std::size_t v = 0; v < o.values.size(); ++v, ++r)
                    if ((*set)[r].isError() && o.outcome.result == TransferResult::Done) {
                        o.outcome.result = TransferResult::Refused;
                        o.outcome.detail = Text::of(KL_TEXT("kl::remote", "%1: SET %2 failed: %3"),
                                                    client.server(), keys[r], (*set)[r].str);
                    }
            }
            o.values.clear();
            report.outcomes.push_back(std::move(o.outcome));
        }
        if (options.progress)
            options.progress(end, all.size());
    }
    return report;
}

} // namespace kl::remote
