#pragma once

// A pack held by a writer in another process: a forked child takes the pack's lock (as a klens
// pack or a compiling Triton would) and keeps it until release() or destruction. For tests of
// what readers, unpack and clean do with a pack they cannot take.

#include <QString>
#include <sys/types.h>

class HeldPack {
public:
    /// Forks a child that takes `<folder>/<name>`'s lock; held() says whether it did.
    HeldPack(const QString& folder, const QString& name);
    ~HeldPack();
    HeldPack(const HeldPack&) = delete;
    HeldPack& operator=(const HeldPack&) = delete;

    bool held() const { return m_held; }
    pid_t pid() const { return m_pid; }
    /// Lets the child go (it exits, dropping the lock) and waits for it.
    void release();

private:
    pid_t m_pid = -1;
    int m_toChild[2] = {-1, -1};
    int m_toParent[2] = {-1, -1};
    bool m_held = false;
};
