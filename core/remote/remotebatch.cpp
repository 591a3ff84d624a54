#include "remotebatch.h"

#include "core/util/utf8.h"

#include <algorithm>

namespace kl::remote::detail {
namespace {

Entry badKeyEntry(const std::string& redisKey, int rootIndex)
{
    Entry e;
    e.path = redisKey;
    e.folderName = redisKey;
    e.rootIndex = rootIndex;
    e.kind = EntryKind::Unknown;
    e.status = EntryStatus::Foreign;
    e.addProblem(problem::BadKey,
                 Text::of(KL_TEXT("kl::remote", "key %1 matches the key format's pattern but cannot "
                                                "be split into {key} and {filename}"),
                          printableName(redisKey)));
    return e;
}

} // namespace

RemoteSnapshot emptySnapshot(Client& client, const KeyFormat& format)
{
    RemoteSnapshot out;
    out.keyFormat = format.text();
    Root root;
    root.path = client.server();
    root.reason = Text::verbatim(client.endpoint().source);
    root.given = client.endpoint().source == "given";
    root.exists = true;
    if (!client.noTouch())
        root.note = Text::of(KL_TEXT("kl::remote",
                                     "this server cannot be read without refreshing what it reads (CLIENT "
                                     "NO-TOUCH came in Redis 7.2): idle times shown were read first, but "
                                     "this listing reset them on the server"));
    out.snapshot.roots.push_back(std::move(root));
    return out;
}

Status judgeBatch(Client& client, const KeyFormat& format, Batch& batch, const RemoteScanOptions& options,
                  RemoteSnapshot& out, std::vector<std::size_t>* placed)
{
    std::vector<std::vector<std::string_view>> commands;
    std::vector<std::pair<std::size_t, std::size_t>> fetched; // (batch index, file index)
    std::vector<std::string> getKeys;
    for (std::size_t b = 0; b < batch.size(); ++b) {
        std::vector<RemoteFile>& files = batch[b].second;
        const std::vector<std::size_t> toFetch = filesToFetch(files);
        for (std::size_t i = 0; i < files.size(); ++i)
            if (files[i].text && std::find(toFetch.begin(), toFetch.end(), i) == toFetch.end())
                files[i].text.reset();
        for (std::size_t i : toFetch) {
            RemoteFile& f = files[i];
            if (f.size > options.maxJsonBytes) {
                f.tooLarge = true;
                f.text.reset();
                continue;
            }
            if (f.text)
                continue;
            fetched.emplace_back(b, i);
            getKeys.push_back(format.make(*batch[b].first, f.name));
        }
    }
    for (const std::string& k : getKeys)
        commands.push_back({"GET", k});
    auto values = client.pipeline(commands);
    if (!values)
        return fail(std::move(values.error()));
    for (std::size_t j = 0; j < fetched.size(); ++j) {
        RemoteFile& f = batch[fetched[j].first].second[fetched[j].second];
        Reply& v = (*values)[j];
        if (v.type == Reply::Type::String)
            f.text = std::move(v.str);
        else
            f.vanished = true;
    }

    for (auto& [key, files] : batch) {
        std::int64_t idle = -1;
        std::vector<RemoteFile> present;
        for (RemoteFile& f : files) {
            if (f.vanished && !f.text && f.size == 0)
                continue;
            if (f.idleSeconds >= 0)
                idle = idle < 0 ? f.idleSeconds : std::min(idle, f.idleSeconds);
            present.push_back(std::move(f));
        }
        if (present.empty()) {
            ++out.snapshot.vanished;
            if (placed)
                placed->push_back(std::string::npos);
            continue;
        }
        if (placed)
            placed->push_back(out.snapshot.entries.size());
        out.snapshot.entries.push_back(
            buildRemoteEntry(*key, format, std::move(present), options.maxJsonBytes, options.maxValueBytes));
        out.idleSeconds.push_back(idle);
    }
    return {};
}

void addBadKeys(std::vector<std::string>& badKeys, const RemoteScanOptions& options, RemoteSnapshot& out)
{
    std::sort(badKeys.begin(), badKeys.end());
    badKeys.erase(std::unique(badKeys.begin(), badKeys.end()), badKeys.end());
    const std::size_t badStart = out.snapshot.entries.size();
    for (const std::string& k : badKeys) {
        out.snapshot.entries.push_back(badKeyEntry(k, 0));
        out.idleSeconds.push_back(-1);
    }
    if (options.entriesRead && out.snapshot.entries.size() > badStart)
        options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(badStart));
}

} // namespace kl::remote::detail
