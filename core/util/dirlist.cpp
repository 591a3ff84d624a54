#include "dirlist.h"

namespace kl {

bool listDirectory(int fd, std::vector<DirName>& out, int& err)
{
    err = forEachDirName(fd, [&](std::string_view name, unsigned char type, std::uint64_t ino) {
        out.push_back(DirName{std::string(name), type, ino});
        return true;
    });
    return err == 0;
}

} // namespace kl
