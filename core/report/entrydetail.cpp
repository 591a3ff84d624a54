#include "entrydetail.h"

#include "core/formats/layout.h"
#include "core/formats/stages.h"
#include "core/pack/entryfiles.h"
#include "core/util/filetype.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <cstdio>

namespace kl {

EntryDetail loadEntryDetail(const Entry& entry)
{
    EntryDetail d;
    d.entry = entry;
    if (entry.kind == EntryKind::Kernel) {
        if (const Stage* meta = entry.stage("json")) {
            Text error;
            if (auto text = readEntryFile(entry, meta->fileName, 64ull << 20)) {
                if (auto m = parseMetadata(*text, MetadataDetail::Full))
                    d.metadata = std::move(*m);
                else
                    error = std::move(m.error());
            } else {
                error = std::move(text.error());
            }
            if (!d.metadata)
                d.readError = Text::of(KL_TEXT("kl::report", "%1: %2"), meta->fileName, std::move(error));
        }
        const std::string groupName = layout::groupFileName(layout::fileStem(entry.kernel));
        if (auto text = readEntryFile(entry, groupName, 64ull << 20))
            if (auto g = parseGroupFile(*text))
                d.group = std::move(*g);
    } else if (entry.kind == EntryKind::Autotune && !entry.stages.empty()) {
        Text error;
        if (auto text = readEntryFile(entry, entry.stages.front().fileName, 64ull << 20)) {
            if (auto a = parseAutotune(*text))
                d.autotune = std::move(*a);
            else
                error = std::move(a.error());
        } else {
            error = std::move(text.error());
        }
        if (!d.autotune)
            d.readError = error;
    }
    return d;
}

std::string hexDump(const std::string& bytes, std::size_t limit)
{
    std::string out;
    const std::size_t n = std::min(limit, bytes.size());
    char line[128];
    for (std::size_t off = 0; off < n; off += 16) {
        int len = std::snprintf(line, sizeof line, "%08zx  ", off);
        out.append(line, static_cast<std::size_t>(len));
        for (std::size_t i = 0; i < 16; ++i) {
            if (off + i < n)
                len = std::snprintf(line, sizeof line, "%02x ", static_cast<unsigned char>(bytes[off + i]));
            else
                len = std::snprintf(line, sizeof line, "   ");
            out.append(line, static_cast<std::size_t>(len));
            if (i == 7)
                out += ' ';
        }
        out += " |";
        for (std::size_t i = 0; i < 16 && off + i < n; ++i) {
            auto c = static_cast<unsigned char>(bytes[off + i]);
            out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '.';
        }
        out += "|\n";
    }
    return out;
}

StageView loadStage(const Entry& entry, const std::string& ext, std::uint64_t maxBytes)
{
    StageView v;
    const Stage* s = entry.stage(ext);
    if (!s) {
        std::string have;
        for (const Stage& st : entry.stages)
            have += (have.empty() ? "" : ", ") + std::string(st.ext());
        v.error = have.empty() ? Text::of(KL_TEXT("kl::scan", "%1 has no stage \"%2\" (it has: none)"),
                                          printableName(entry.path), ext)
                               : Text::of(KL_TEXT("kl::scan", "%1 has no stage \"%2\" (it has: %3)"),
                                          printableName(entry.path), ext, have);
        return v;
    }
    const std::string path = joinPath(entry.path, s->fileName);
    const bool binaryByName = isBinaryStage(ext);
    auto bytes = readEntryFile(entry, s->fileName, binaryByName ? 4096 : maxBytes);
    if (!bytes) {
        v.error = Text::of(KL_TEXT("kl::scan", "cannot read %1: %2"), printableName(path),
                           std::move(bytes.error()));
        return v;
    }
    return stageViewOfBytes(std::move(*bytes), ext);
}

StageView stageViewOfBytes(std::string bytes, std::string_view ext)
{
    StageView v;
    v.binary = isBinaryStage(ext) || bytes.find('\0') != std::string::npos;
    if (v.binary) {
        FileType t = identifyBuffer(bytes.data(), bytes.size());
        v.type = t.description.empty() ? t.error.english() : t.description;
        v.text = hexDump(bytes, 512);
    } else {
        v.text = std::move(bytes);
    }
    v.ok = true;
    return v;
}

} // namespace kl
