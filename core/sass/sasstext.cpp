#include "sasstext.h"

#include "core/util/utf8.h"

#include <cctype>

namespace kl {
namespace {

std::string baseName(const std::string& path)
{
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

std::string sourceChainText(const SassInstruction& ins)
{
    if (ins.location().file.empty())
        return {};
    std::string s = baseName(ins.location().file) + ":" + std::to_string(ins.location().line);
    for (const SourceLocation& at : ins.inlinedAt())
        s += " < " + baseName(at.file) + ":" + std::to_string(at.line);
    return s;
}

std::string sassListingText(const SassListing& listing, const std::string& kernel,
                            std::map<std::uint64_t, unsigned>* lineOfOffset)
{
    unsigned line = 0; // of `out`, counted as it grows: one '\n' per line
    std::string out;
    constexpr std::size_t kTextWidth = 52;
    char offset[32];
    for (const SassKernel& k : listing.kernels) {
        if (!kernel.empty() && k.name != kernel)
            continue;
        if (!out.empty())
            out += "\n";
        out +=
            "// " + printableName(k.name) + ": " + std::to_string(k.instructions.size()) + " instructions\n";
        std::size_t label = 0;
        for (const SassInstruction& ins : k.instructions) {
            for (; label < k.labels.size() && k.labels[label].offset <= ins.offset; ++label) {
                out += k.labels[label].name + ":\n";
                ++line;
            }
            if (lineOfOffset)
                lineOfOffset->emplace(ins.offset, line + 1);
            ++line;
            std::snprintf(offset, sizeof offset, "  /*%04llx*/  ",
                          static_cast<unsigned long long>(ins.offset));
            out += offset;
            std::string text = ins.text + " ;";
            const std::string chain = sourceChainText(ins);
            if (!chain.empty()) {
                if (text.size() < kTextWidth)
                    text.append(kTextWidth - text.size(), ' ');
                text += "  // " + printableName(chain);
            }
            out += text + "\n";
        }
        for (; label < k.labels.size(); ++label) {
            out += k.labels[label].name + ":\n";
            ++line;
        }
    }
    return out;
}

namespace {

/// R12 -> R#, UR4 -> UR#, P0 -> P#, UP1 -> UP#, .L_x_3 -> .L_x_#; RZ, URZ, PT and UPT stay.
std::string withoutRegisterNumbers(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    const auto isWord = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t i = 0; i < s.size();) {
        const bool start = i == 0 || !isWord(s[i - 1]);
        std::size_t prefix = 0;
        if (start && s.substr(i).starts_with(".L_x_"))
            prefix = 5;
        else if (start && (s.substr(i).starts_with("UR") || s.substr(i).starts_with("UP")))
            prefix = 2;
        else if (start && (s[i] == 'R' || s[i] == 'P'))
            prefix = 1;
        std::size_t digits = 0;
        while (prefix && i + prefix + digits < s.size() &&
               std::isdigit(static_cast<unsigned char>(s[i + prefix + digits])))
            ++digits;
        const std::size_t end = i + prefix + digits;
        if (prefix && digits && (end == s.size() || !isWord(s[end]))) {
            out.append(s.substr(i, prefix));
            out += '#';
            i = end;
            continue;
        }
        out += s[i++];
    }
    return out;
}

} // namespace

std::string sassDiffText(const SassListing& listing, bool ignoreRegisters, bool ignoreLocations)
{
    std::string out;
    for (const SassKernel& k : listing.kernels) {
        out += "// " + printableName(k.name) + "\n";
        std::size_t label = 0;
        for (const SassInstruction& ins : k.instructions) {
            for (; label < k.labels.size() && k.labels[label].offset <= ins.offset; ++label)
                out +=
                    (ignoreRegisters ? withoutRegisterNumbers(k.labels[label].name) : k.labels[label].name) +
                    ":\n";
            out += "        " + (ignoreRegisters ? withoutRegisterNumbers(ins.text) : ins.text) + " ;";
            if (!ignoreLocations) {
                const std::string chain = sourceChainText(ins);
                if (!chain.empty())
                    out += "  // " + printableName(chain);
            }
            out += "\n";
        }
    }
    return out;
}

Text sassToolText(const SassResult& r)
{
    const std::string arch = "sm_" + std::to_string(r.sm);
    const std::string version = r.tool.version.empty() ? std::string("?") : r.tool.version;
    return r.fromCache ? Text::of(KL_TEXT("kl::sass",
                                          "%1, nvdisasm %2 (%3, found by %4), from KernelLens's SASS cache"),
                                  arch, version, printableName(r.tool.path), r.tool.foundBy)
                       : Text::of(KL_TEXT("kl::sass", "%1, nvdisasm %2 (%3, found by %4)"), arch, version,
                                  printableName(r.tool.path), r.tool.foundBy);
}

} // namespace kl
