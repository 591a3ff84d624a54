#include "clioutput.h"

#include "core/model/snapshot.h"
#include "core/report/entrylabels.h"
#include "core/util/utf8.h"

namespace kl::cli {

std::string humanSize(std::uint64_t bytes)
{
    return kl::humanSize(bytes);
}

void printError(const std::string& message)
{
    std::fprintf(stderr, "klens: %s\n", message.c_str());
}

std::string column(const std::string& text, std::size_t width)
{
    const std::size_t points = utf8Length(text);
    if (points > width)
        return utf8Prefix(text, width - 1) + "\xe2\x80\xa6"; // …
    return text + std::string(width - points, ' ');
}

std::string rightColumn(const std::string& text, std::size_t width)
{
    const std::size_t points = utf8Length(text);
    return points >= width ? column(text, width) : std::string(width - points, ' ') + text;
}

void printRootLine(const Root& r)
{
    std::string reason = r.reason.english();
    if (r.kind != RootKind::Cache)
        reason += "; " + std::string(toString(r.kind)) + " folder";
    std::printf("root %s  (%s)%s\n", printableName(r.path).c_str(), reason.c_str(),
                r.exists ? "" : "  [does not exist]");
    if (!r.packed.present)
        return;
    if (!r.packed.error.empty()) {
        std::printf("     packed: %s\n", r.packed.error.english().c_str());
        return;
    }
    std::printf("     packed: %zu entr%s in %zu pack%s in %s", r.packed.entries,
                r.packed.entries == 1 ? "y" : "ies", r.packed.packs, r.packed.packs == 1 ? "" : "s",
                printableName(r.packed.path).c_str());
    if (r.packed.skipped)
        std::printf("; %zu pack%s not read (klens doctor says why)", r.packed.skipped,
                    r.packed.skipped == 1 ? "" : "s");
    std::printf("\n");
}

} // namespace kl::cli
