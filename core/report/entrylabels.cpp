#include "report/entrylabels.h"

#include "util/posixfile.h"

namespace kl {

std::string archLabel(const Target& t)
{
    const bool numeric = !t.arch.empty() && t.arch.find_first_not_of("0123456789") == std::string::npos;
    if (t.backend == "cuda" && numeric)
        return "sm_" + t.arch;
    return t.arch.empty() ? t.backend : t.arch;
}

std::string stageList(const Entry& e)
{
    std::string s;
    for (const Stage& st : e.stages) {
        if (st.ext() == "json" && e.kind == EntryKind::Kernel)
            continue;
        if (!s.empty())
            s += ' ';
        s += st.known ? printableName(st.ext()) : "?" + printableName(st.ext());
    }
    return s;
}

std::string displayName(const Entry& e)
{
    return e.kernel.empty() ? "(" + printableName(e.folderName) + ")" : printableName(e.kernel);
}

} // namespace kl
