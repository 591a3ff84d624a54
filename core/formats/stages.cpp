#include "stages.h"

namespace kl {

int stageOrder(std::string_view ext)
{
    int i = 0;
    for (auto s : kKnownStages) {
        if (s == ext)
            return i;
        ++i;
    }
    return -1;
}

bool isBinaryStage(std::string_view ext)
{
    return ext == "cubin" || ext == "hsaco" || ext == "so";
}

} // namespace kl
