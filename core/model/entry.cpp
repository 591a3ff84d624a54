#include "entry.h"

#include <algorithm>

namespace kl {

std::string_view toString(EntryKind kind)
{
    switch (kind) {
    case EntryKind::Kernel: return "kernel";
    case EntryKind::Autotune: return "autotune";
    case EntryKind::Module: return "module";
    case EntryKind::Temp: return "temp";
    case EntryKind::Foreign: return "foreign";
    case EntryKind::Unknown: return "unknown";
    case EntryKind::Dump: return "dump";
    case EntryKind::Override: return "override";
    }
    return "unknown";
}

std::string_view toString(EntryStatus status)
{
    switch (status) {
    case EntryStatus::Complete: return "complete";
    case EntryStatus::Incomplete: return "incomplete";
    case EntryStatus::Orphan: return "orphan";
    case EntryStatus::Corrupt: return "corrupt";
    case EntryStatus::Foreign: return "foreign";
    }
    return "foreign";
}

std::string_view toString(KeyEra era)
{
    switch (era) {
    case KeyEra::None: return "none";
    case KeyEra::Md5Hex: return "md5-hex";
    case KeyEra::Sha256Hex: return "sha256-hex";
    case KeyEra::Base64Url: return "base64url";
    case KeyEra::Base32: return "base32";
    }
    return "none";
}

bool Entry::hasProblem(std::string_view code) const
{
    return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) { return p.code == code; });
}

const Stage* Entry::stage(std::string_view ext) const
{
    auto it = std::find_if(stages.begin(), stages.end(), [&](const Stage& s) { return s.ext() == ext; });
    return it == stages.end() ? nullptr : &*it;
}

void Entry::addProblem(std::string_view code, Text message)
{
    problems.push_back(Problem{std::string(code), std::move(message)});
}

} // namespace kl
