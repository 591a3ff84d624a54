#pragma once

#include "text.h"

#include <string>

namespace kl {

/// What libmagic says a file is: a MIME type and a human description.
struct FileType {
    std::string mime;
    std::string description;
    Text error; ///< set when libmagic could not be used, naming the cause
};

/// Identify a file with libmagic (symlinks followed, as a user asking about a stage expects).
FileType identifyFile(const std::string& path);

/// Identify bytes already in memory.
FileType identifyBuffer(const void* data, std::size_t size);

} // namespace kl
