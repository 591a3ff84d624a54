#include "samecode.h"

#include "core/util/utf8.h"
#include "problemmapping.h"

#include <algorithm>
#include <map>

namespace kl {

std::string cubinCodeKey(const CubinInfo& info)
{
    if (info.kernels.empty())
        return {};
    std::vector<std::string> parts;
    for (const CubinKernel& k : info.kernels)
        parts.push_back(k.name + "=" + k.codeDigest);
    std::sort(parts.begin(), parts.end());
    std::string key = std::to_string(info.sm);
    for (const std::string& p : parts)
        key += "|" + p;
    return key;
}

void sameCodeFindings(const Snapshot& snap, const std::vector<std::string>& codeKeys,
                      std::vector<Finding>& out)
{
    std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < snap.entries.size() && i < codeKeys.size(); ++i)
        if (!codeKeys[i].empty() && snap.entries[i].kind == EntryKind::Kernel)
            groups[{snap.entries[i].kernel, codeKeys[i]}].push_back(i);
    for (const auto& [key, members] : groups) {
        if (members.size() < 2)
            continue;
        const Entry& first = snap.entries[members.front()];
        std::string others;
        for (std::size_t m = 1; m < members.size() && m < 4; ++m)
            others += (others.empty() ? "" : ", ") + printableName(snap.entries[members[m]].folderName);
        if (members.size() > 4)
            others += ", ...";
        Finding f = makeFinding(
            finding::SameCode, FindingSeverity::Info, first.path,
            Text::of(KL_TEXT("kl::doctor", "%1: %2 entries of kernel %3 hold the same code (every kernel's "
                                           "instructions, line info aside) under different keys: also %4"),
                     printableName(first.path), members.size(), printableName(first.kernel), others));
        f.kernel = printableName(first.kernel);
        f.count = static_cast<std::int64_t>(members.size());
        out.push_back(std::move(f));
    }
}

} // namespace kl
