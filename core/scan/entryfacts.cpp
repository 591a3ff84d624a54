#include "entryfacts.h"

#include "core/formats/dumplayout.h"
#include "core/formats/keyencoding.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>

namespace kl {

void applyMetadata(Entry& e, Metadata& m)
{
    e.hash = std::move(m.hash);
    e.target = std::move(m.target);
    e.tritonVersion = std::move(m.tritonVersion);
    e.metadataFormat = std::move(m.format);
    e.numWarps = m.numWarps;
    e.numStages = m.numStages;
    e.shared = m.shared;
    if (!m.name.empty() && layout::fileStem(m.name) != e.kernel)
        e.addProblem(
            problem::NameMismatch,
            Text::of(KL_TEXT("kl::scan", "metadata names kernel \"%1\" but its files are named \"%2\""),
                     printableName(m.name), printableName(e.kernel)));
    if (!m.name.empty())
        e.kernel = std::move(m.name);
    if (!e.hash.empty()) {
        if (auto expected = encodeKeyFolder(e.hash, e.era)) {
            e.hashOk = *expected == e.folderName;
            if (!*e.hashOk)
                e.addProblem(
                    problem::HashMismatch,
                    Text::of(
                        KL_TEXT("kl::scan",
                                "folder name %1 is not the %2 encoding of metadata hash %3 (expected %4)"),
                        printableName(e.folderName), toString(e.era), e.hash, *expected));
        }
    }
}

Stage makeStage(const Entry& e, std::string fileName, std::uint64_t size, std::int64_t mtimeNs,
                std::string_view fileStem)
{
    Stage s;
    s.size = size;
    s.mtimeNs = mtimeNs;
    // Other kinds: the last suffix says it.
    const bool userFolder = e.kind == EntryKind::Dump || e.kind == EntryKind::Override;
    const bool named = e.kind == EntryKind::Kernel || userFolder;
    const std::string prefix = layout::fileStem(e.kernel) + ".";
    std::size_t extPos = 0;
    if (named && !fileStem.empty() && fileName.size() > fileStem.size() + 1 &&
        fileName.starts_with(fileStem) && fileName[fileStem.size()] == '.')
        extPos = fileStem.size() + 1;
    else if (named && fileName.starts_with(prefix) && fileName.size() > prefix.size())
        extPos = prefix.size();
    else if (auto dot = fileName.rfind('.'); dot != std::string::npos && dot + 1 < fileName.size())
        extPos = dot + 1;
    // File names are at most 255 bytes, so the offset fits.
    s.extPos = static_cast<std::uint16_t>(extPos);
    s.fileName = std::move(fileName);
    s.known = stageOrder(s.ext()) >= 0 || (e.kind == EntryKind::Module && s.ext() == "so") ||
              (userFolder && dumplayout::isDumpOnlyStage(s.ext()));
    return s;
}

void sortStages(std::vector<Stage>& stages)
{
    // Each stage's rank is looked up once (a linear search of the known stages), not twice per
    // comparison.
    std::vector<std::pair<int, std::uint32_t>> rank(stages.size());
    for (std::uint32_t i = 0; i < rank.size(); ++i) {
        const int order = stageOrder(stages[i].ext());
        rank[i] = {order < 0 ? 1000 : order, i};
    }
    std::sort(rank.begin(), rank.end(), [&](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first
                                  : std::tie(stages[a.second].fileName, a.second) <
                                        std::tie(stages[b.second].fileName, b.second);
    });
    std::vector<Stage> sorted;
    sorted.reserve(stages.size());
    for (const auto& r : rank)
        sorted.push_back(std::move(stages[r.second]));
    stages = std::move(sorted);
}

bool isMaterialisedRemoteGroup(const Entry& e, GroupShape shape)
{
    return shape == GroupShape::NameList && !e.metadataFormat.empty() && e.metadataFormat != "2.x";
}

} // namespace kl
