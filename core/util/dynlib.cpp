#include "dynlib.h"

#include <cstring>
#include <dlfcn.h>

namespace kl {

Result<DynamicLibrary> DynamicLibrary::open(const std::vector<std::string>& candidates, TextSource why)
{
    std::string causes;
    for (const std::string& c : candidates) {
        if (c.empty())
            continue;
        if (void* h = ::dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            DynamicLibrary lib;
            lib.m_handle = h;
            lib.m_path = c;
            return lib;
        }
        const char* cause = ::dlerror();
        causes += (causes.empty() ? "" : "; ") + (cause ? std::string(cause) : c + ": cannot be opened");
    }
    return fail(Text::of(why, causes));
}

void* DynamicLibrary::symbol(const std::string& name, std::initializer_list<const char*> alternatives) const
{
    if (!m_handle)
        return nullptr;
    if (void* p = ::dlsym(m_handle, name.c_str()))
        return p;
    for (const char* alt : alternatives)
        if (void* p = ::dlsym(m_handle, alt))
            return p;
    return nullptr;
}

std::string DynamicLibrary::resolve(const std::vector<Slot>& slots,
                                    const char* (*older)(const std::string&)) const
{
    std::string missing;
    for (const Slot& s : slots) {
        void* p = symbol(s.name);
        if (!p && older)
            if (const char* alt = older(s.name))
                p = symbol(alt);
        // Function and object pointers have the same size and representation on every POSIX
        // system (dlsym relies on it); copied as bytes, so no pointer is read through another type.
        std::memcpy(s.address, &p, sizeof p);
        if (!p && missing.empty())
            missing = s.name;
    }
    return missing;
}

Result<DynamicLibrary> openWithFunctions(const std::vector<std::string>& candidates, TextSource why,
                                         const std::vector<DynamicLibrary::Slot>& slots)
{
    auto lib = DynamicLibrary::open(candidates, why);
    if (!lib)
        return lib;
    if (const std::string missing = lib->resolve(slots); !missing.empty())
        return fail(Text::of(KL_TEXT("kl::util", "%1 lacks %2"), lib->path(), missing));
    return lib;
}

} // namespace kl
