#include "remoteentry.h"

#include "core/formats/autotune.h"
#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/formats/metadata.h"
#include "core/scan/entryfacts.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <utility>

namespace kl::remote {
namespace {

std::string_view nameOf(const RemoteFile& f)
{
    return f.name;
}

class RemoteEntryBuilder {
public:
    RemoteEntryBuilder(const std::string& key, const KeyFormat& format, std::vector<RemoteFile> files,
                       std::uint64_t maxJsonBytes, std::uint64_t maxValueBytes)
        : m_format(format)
        , m_files(std::move(files))
        , m_maxJsonBytes(maxJsonBytes)
        , m_maxValueBytes(maxValueBytes)
    {
        m_entry.folderName = key;
        m_entry.path = format.make(key, "*");
        m_entry.era = classifyFolderName(key);
        std::sort(m_files.begin(), m_files.end(),
                  [](const RemoteFile& a, const RemoteFile& b) { return a.name < b.name; });
    }

    Entry build()
    {
        Entry& e = m_entry;
        e.kind = kindOfFiles(m_files, nameOf);
        for (const RemoteFile& f : m_files)
            if (!isValidUtf8(f.name))
                e.addProblem(problem::NonUtf8Name,
                             Text::of(KL_TEXT("kl::remote", "key %1: file name is not valid UTF-8"),
                                      printableName(where(f.name))));
        switch (e.kind) {
        case EntryKind::Kernel: readKernel(); break;
        case EntryKind::Autotune: readAutotune(); break;
        case EntryKind::Module:
            e.status = EntryStatus::Complete;
            e.kernel = m_files.front().name.substr(0, m_files.front().name.find('.'));
            break;
        default: e.status = EntryStatus::Foreign; break;
        }
        // Listed with its size, never fetched: a pull refuses the entry, the window does not show it.
        for (const RemoteFile& f : m_files)
            if (!f.tooLarge && f.size > m_maxValueBytes)
                e.addProblem(problem::OversizedValue,
                             Text::of(KL_TEXT("kl::remote", "%1 holds %2 bytes, more than the %3 bytes "
                                                            "KernelLens fetches; not read"),
                                      where(f.name), static_cast<long long>(f.size),
                                      static_cast<long long>(m_maxValueBytes)));
        collectStages(); // takes the names
        return std::move(m_entry);
    }

private:
    std::string where(std::string_view name) const { return m_format.make(m_entry.folderName, name); }

    const RemoteFile* file(std::string_view name) const
    {
        auto it = std::lower_bound(m_files.begin(), m_files.end(), name,
                                   [](const RemoteFile& f, std::string_view n) { return f.name < n; });
        return it != m_files.end() && it->name == name ? &*it : nullptr;
    }

    RemoteFile* file(std::string_view name)
    {
        return const_cast<RemoteFile*>(std::as_const(*this).file(name));
    }

    // The text of a json value, or the problem that stops it being read. Non-const: the builder
    // owns the values, and the metadata and group are parsed in place as the local scanner
    // parses them (no second pass over the text, no copy of its strings).
    std::string* json(RemoteFile& f)
    {
        Entry& e = m_entry;
        if (f.vanished) {
            e.addProblem(
                problem::MissingChild,
                Text::of(KL_TEXT("kl::remote", "%1 was deleted while it was being read"), where(f.name)));
            return nullptr;
        }
        if (f.tooLarge || f.size > m_maxJsonBytes) {
            e.addProblem(
                problem::Oversized,
                Text::of(KL_TEXT("kl::remote", "%1 holds %2 bytes, more than the %3 bytes a json file of "
                                               "Triton's can be; not read"),
                         where(f.name), static_cast<long long>(f.size),
                         static_cast<long long>(m_maxJsonBytes)));
            return nullptr;
        }
        if (!f.text || f.text->empty()) {
            e.addProblem(problem::EmptyFile,
                         Text::of(KL_TEXT("kl::remote", "%1 is empty (0 bytes)"), where(f.name)));
            return nullptr;
        }
        return &*f.text;
    }

    void readKernel()
    {
        Entry& e = m_entry;
        const std::string stem = kernelFileStem(m_files, nameOf);
        m_stem = stem;
        e.kernel = stem;
        bool corrupt = false, incomplete = false;

        const std::string metaName = layout::metadataFileName(stem);
        if (RemoteFile* f = file(metaName)) {
            if (std::string* text = json(*f)) {
                if (auto m = parseMetadataSummaryInPlace(*text)) {
                    applyMetadata(e, *m);
                } else {
                    corrupt = true;
                    e.addProblem(problem::CorruptJson, Text::of(KL_TEXT("kl::remote", "%1: %2"),
                                                                where(metaName), std::move(m.error())));
                }
            } else {
                corrupt = true;
            }
        } else {
            incomplete = true;
            e.addProblem(problem::MissingMetadata,
                         Text::of(KL_TEXT("kl::remote", "no metadata value %1"), where(metaName)));
        }

        const std::string groupName = layout::groupFileName(stem);
        if (RemoteFile* f = file(groupName)) {
            if (std::string* text = json(*f)) {
                if (auto g = parseGroupFileInPlace(*text)) {
                    incomplete |= !checkChildren(*g);
                    corrupt |= e.hasProblem(problem::PathOutsideRoot);
                } else {
                    corrupt = true;
                    e.addProblem(problem::CorruptJson, Text::of(KL_TEXT("kl::remote", "%1: %2"),
                                                                where(groupName), std::move(g.error())));
                }
            } else {
                corrupt = true;
            }
        } else {
            incomplete = true;
            e.addProblem(
                problem::MissingGroup,
                Text::of(KL_TEXT("kl::remote", "no group value %1: Triton treats this entry as a miss, and "
                                               "its %2 other values only take space"),
                         where(groupName), static_cast<long long>(m_files.size())));
        }
        for (const RemoteFile& f : m_files)
            if (f.size == 0 && f.name != metaName && f.name != groupName && !f.vanished) {
                e.addProblem(problem::EmptyFile,
                             Text::of(KL_TEXT("kl::remote", "%1 is empty (0 bytes)"), where(f.name)));
                corrupt = true;
            }
        e.status = corrupt      ? EntryStatus::Corrupt
                   : incomplete ? EntryStatus::Incomplete
                                : EntryStatus::Complete;
    }

    bool checkChildren(const GroupFile& g)
    {
        Entry& e = m_entry;
        bool allPresent = true;
        for (const GroupChild& c : g.children) {
            if (!isPlainFileName(c.name)) {
                e.addProblem(
                    problem::PathOutsideRoot,
                    Text::of(KL_TEXT("kl::remote", "group of key %1 names child \"%2\", which is not a plain "
                                                   "file name: a Triton that materialises it writes "
                                                   "outside its cache"),
                             e.folderName, printableName(c.name)));
                allPresent = false;
                continue;
            }
            const RemoteFile* f = file(c.name);
            if (!f || f->vanished) {
                e.addProblem(
                    problem::MissingChild,
                    Text::of(KL_TEXT("kl::remote", "group lists %1, which is not on the server: every Triton "
                                                   "that looks the entry up misses and recompiles"),
                             where(c.name)));
                allPresent = false;
            }
        }
        return allPresent;
    }

    void readAutotune()
    {
        Entry& e = m_entry;
        e.status = EntryStatus::Complete;
        for (RemoteFile& f : m_files) {
            if (!layout::isAutotuneFileName(f.name))
                continue;
            if (e.kernel.empty())
                e.kernel = f.name.substr(0, f.name.size() - layout::kAutotuneSuffix.size());
            const std::string* text = json(f);
            if (!text) {
                e.status = EntryStatus::Corrupt;
            } else if (auto a = parseAutotune(*text); !a) {
                e.status = EntryStatus::Corrupt;
                e.addProblem(problem::CorruptJson,
                             Text::of(KL_TEXT("kl::remote", "%1: %2"), where(f.name), std::move(a.error())));
            }
        }
    }

    void collectStages()
    {
        Entry& e = m_entry;
        e.stages.reserve(m_files.size());
        for (RemoteFile& f : m_files) {
            e.totalSize += f.size;
            if (e.kind == EntryKind::Kernel && layout::isGroupFileName(f.name))
                continue;
            e.stages.push_back(makeStage(e, std::move(f.name), f.size, 0, m_stem));
        }
        sortStages(e.stages);
    }

    const KeyFormat& m_format;
    std::vector<RemoteFile> m_files;
    std::uint64_t m_maxJsonBytes;
    std::uint64_t m_maxValueBytes;
    Entry m_entry;
    std::string m_stem;
};

} // namespace

std::vector<std::size_t> filesToFetch(const std::vector<RemoteFile>& files)
{
    std::vector<std::size_t> out;
    const EntryKind kind = kindOfFiles(files, nameOf);
    if (kind == EntryKind::Kernel) {
        const std::string stem = kernelFileStem(files, nameOf);
        const std::string meta = layout::metadataFileName(stem), group = layout::groupFileName(stem);
        for (std::size_t i = 0; i < files.size(); ++i)
            if (files[i].name == meta || files[i].name == group)
                out.push_back(i);
    } else if (kind == EntryKind::Autotune) {
        for (std::size_t i = 0; i < files.size(); ++i)
            if (layout::isAutotuneFileName(files[i].name))
                out.push_back(i);
    }
    return out;
}

Entry buildRemoteEntry(const std::string& key, const KeyFormat& format, std::vector<RemoteFile> files,
                       std::uint64_t maxJsonBytes, std::uint64_t maxValueBytes)
{
    return RemoteEntryBuilder(key, format, std::move(files), maxJsonBytes, maxValueBytes).build();
}

} // namespace kl::remote
