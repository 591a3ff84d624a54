#include "clioutput.h"

#include "report/entrylabels.h"

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
