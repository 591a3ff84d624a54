#include "clioutput.h"

namespace kl::cli {

std::string humanSize(std::uint64_t bytes)
{
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

void printError(const std::string& message) { std::fprintf(stderr, "klens: %s\n", message.c_str()); }

std::string column(const std::string& text, std::size_t width)
{
    std::size_t points = 0, cut = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            if (points == width - 1 && cut == text.size()) {
                // remember where the last visible code point starts, in case we must cut
                cut = i;
            }
            ++points;
        }
    }
    if (points > width)
        return text.substr(0, cut) + "\xe2\x80\xa6"; // …
    return text + std::string(width - points, ' ');
}

} // namespace kl::cli
