#include "heldpack.h"

#include "core/pack/packwriter.h"

#include <sys/wait.h>
#include <unistd.h>

HeldPack::HeldPack(const QString& folder, const QString& name)
{
    if (::pipe(m_toChild) != 0 || ::pipe(m_toParent) != 0)
        return;
    m_pid = ::fork();
    if (m_pid == 0) {
        auto t = kl::PackWriter::take(folder.toStdString(), name.toStdString(), kl::PackWriterOptions{false});
        const char ok = t.state == kl::PackWriter::State::Taken ? 'y' : 'n';
        (void)!::write(m_toParent[1], &ok, 1);
        char c;
        (void)!::read(m_toChild[0], &c, 1);
        ::_exit(0);
    }
    char ok = 0;
    m_held = m_pid > 0 && ::read(m_toParent[0], &ok, 1) == 1 && ok == 'y';
}

void HeldPack::release()
{
    if (m_pid > 0) {
        (void)!::write(m_toChild[1], "x", 1);
        ::waitpid(m_pid, nullptr, 0);
        m_pid = -1;
    }
    for (int* fds : {m_toChild, m_toParent})
        for (int i : {0, 1})
            if (fds[i] >= 0) {
                ::close(fds[i]);
                fds[i] = -1;
            }
    m_held = false;
}

HeldPack::~HeldPack()
{
    release();
}
