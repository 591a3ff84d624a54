#include "sasslisting.h"

#include "core/util/trim.h"

#include <charconv>
#include <unordered_map>

namespace kl {
namespace {

/// `File "PATH", line N` at the start of `s`; the rest of `s` follows it.
bool readLocation(std::string_view& s, SourceLocation& out)
{
    constexpr std::string_view kFile = "File \"";
    if (!s.starts_with(kFile))
        return false;
    s.remove_prefix(kFile.size());
    // A path may hold '"'; the location's end is the last `", line ` before the number.
    const std::size_t close = s.find("\", line ");
    if (close == std::string_view::npos)
        return false;
    out.file = std::string(s.substr(0, close));
    s.remove_prefix(close + 8);
    unsigned line = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), line);
    if (ec != std::errc())
        return false;
    out.line = line;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return true;
}

/// `"PATH", line N` (the inlined-at part, which has no `File`).
bool readInlinedAt(std::string_view& s, SourceLocation& out)
{
    constexpr std::string_view kInlined = " inlined at \"";
    if (!s.starts_with(kInlined))
        return false;
    std::string rebuilt = "File \"" + std::string(s.substr(kInlined.size()));
    std::string_view r = rebuilt;
    if (!readLocation(r, out))
        return false;
    s.remove_prefix(s.size() - r.size());
    return true;
}

using Chain = SassSource;

void splitInstruction(std::string_view body, SassInstruction& ins)
{
    // VLIW pairs of old archs print braces around the pair; the instruction is inside.
    if (body.starts_with("{"))
        body = trimBlanks(body.substr(1));
    if (body.ends_with("}"))
        body = trimBlanks(body.substr(0, body.size() - 1));
    if (body.ends_with(";"))
        body = trimBlanks(body.substr(0, body.size() - 1));
    if (body.size() > 0xffff)
        body = body.substr(0, 0xffff); // no instruction is near this; the ranges below stay in range
    ins.text = std::string(body);
    const std::string_view t = ins.text;
    std::size_t at = 0;
    if (t.starts_with("@")) {
        const std::size_t sp = t.find(' ');
        ins.predicateLength = static_cast<std::uint16_t>(sp == std::string_view::npos ? t.size() : sp);
        at = sp == std::string_view::npos ? t.size() : t.find_first_not_of(" \t", sp);
        if (at == std::string_view::npos)
            at = t.size();
    }
    const std::size_t sp = t.find(' ', at);
    ins.opcodeStart = static_cast<std::uint16_t>(at);
    ins.opcodeLength = static_cast<std::uint16_t>((sp == std::string_view::npos ? t.size() : sp) - at);
    std::size_t operands = sp == std::string_view::npos ? t.size() : t.find_first_not_of(" \t", sp);
    ins.operandsStart = static_cast<std::uint16_t>(operands == std::string_view::npos ? t.size() : operands);
    // Branch targets print as `(.L_x_0): the label nvdisasm gave the target.
    const std::string_view ops = ins.operands();
    if (auto tick = ops.find("`("); tick != std::string_view::npos) {
        auto close = ops.find(')', tick);
        if (close != std::string_view::npos)
            ins.targetLabel = std::string(ops.substr(tick + 2, close - tick - 2));
    }
}

void resolveTargets(SassKernel& k)
{
    std::unordered_map<std::string, std::uint64_t> at;
    for (const SassLabel& l : k.labels)
        at.emplace(l.name, l.offset);
    for (SassInstruction& ins : k.instructions)
        if (!ins.targetLabel.empty())
            if (auto it = at.find(ins.targetLabel); it != at.end())
                ins.targetOffset = it->second;
}

} // namespace

const SourceLocation& SassInstruction::location() const
{
    static const SourceLocation none;
    return source ? source->location : none;
}

const std::vector<SourceLocation>& SassInstruction::inlinedAt() const
{
    static const std::vector<SourceLocation> none;
    return source ? source->inlinedAt : none;
}

SassListing parseNvdisasmText(std::string_view text)
{
    SassListing listing;
    SassKernel* kernel = nullptr;
    Chain current;                            // the location in force: nvdisasm prints it when it changes
    std::shared_ptr<const SassSource> shared; // `current`, as the instructions under it share it
    std::vector<Chain> pendingBlock;          // a run of //## lines: innermost first
    std::vector<std::string> pendingLabels;
    bool inBlock = false;
    const auto finishKernel = [&] {
        if (!kernel)
            return;
        // A label after the last instruction marks the kernel's end (the .L_x_N that .size uses).
        const auto& ins = kernel->instructions;
        const std::uint64_t step = ins.size() >= 2 ? ins.back().offset - ins[ins.size() - 2].offset : 16;
        const std::uint64_t end = ins.empty() ? 0 : ins.back().offset + step;
        for (std::string& l : pendingLabels)
            kernel->labels.push_back({std::move(l), end});
        pendingLabels.clear();
        resolveTargets(*kernel);
    };

    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        std::string_view raw = text.substr(pos, nl - pos);
        pos = nl + 1;
        std::string_view line = trimBlanks(raw);
        if (line.empty())
            continue;

        if (line.starts_with("//--------------------- .text.")) {
            std::string_view name = line.substr(30);
            name = name.substr(0, name.find(' '));
            finishKernel();
            listing.kernels.push_back({std::string(name), {}, {}});
            kernel = &listing.kernels.back();
            current = {};
            shared.reset();
            pendingLabels.clear();
            continue;
        }
        if (line.starts_with("//## ")) {
            std::string_view s = line.substr(5);
            Chain c;
            if (readLocation(s, c.location)) {
                SourceLocation at;
                if (readInlinedAt(s, at))
                    c.inlinedAt.push_back(at);
                if (!inBlock)
                    pendingBlock.clear();
                pendingBlock.push_back(std::move(c));
                inBlock = true;
            }
            continue;
        }
        if (!kernel)
            continue;
        if (line.starts_with("/*")) {
            const std::size_t close = line.find("*/");
            if (close == std::string_view::npos)
                continue;
            std::uint64_t offset = 0;
            std::string_view hex = line.substr(2, close - 2);
            auto [p, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), offset, 16);
            if (ec != std::errc() || p != hex.data() + hex.size())
                continue;
            if (inBlock) {
                // The block's first line is the innermost location; each line names the next
                // call site out, so the chain is the first "inlined at" of every line but the last.
                current = {};
                current.location = pendingBlock.front().location;
                for (const Chain& c : pendingBlock)
                    for (const SourceLocation& at : c.inlinedAt)
                        current.inlinedAt.push_back(at);
                pendingBlock.clear();
                inBlock = false;
                shared =
                    current.location.file.empty() ? nullptr : std::make_shared<const SassSource>(current);
            }
            SassInstruction ins;
            ins.offset = offset;
            ins.source = shared;
            splitInstruction(trimBlanks(line.substr(close + 2)), ins);
            if (ins.opcode().empty())
                continue;
            if (ins.source)
                listing.hasLineInfo = true;
            for (std::string& l : pendingLabels)
                kernel->labels.push_back({std::move(l), offset});
            pendingLabels.clear();
            kernel->instructions.push_back(std::move(ins));
            continue;
        }
        if (line.starts_with(".L_") && line.ends_with(":")) {
            pendingLabels.emplace_back(line.substr(0, line.size() - 1));
            continue;
        }
    }
    finishKernel();
    return listing;
}

} // namespace kl
