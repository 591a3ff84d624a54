// LD_PRELOAD shim that answers as a network filesystem does under many writers, for the cache
// manager tests (tests/tritoncache). Only paths under $KL_FAULT_ROOT are touched:
//   KL_FAULT_RMDIR_EBUSY=R    rmdir of a folder fails with EBUSY with probability R (NFS answers
//                             so while a file of the folder is still open, or silly-renamed)
//   KL_FAULT_OPEN_ESTALE=R    opening for reading a path this process opened before, whose file
//                             has since been replaced by a rename (another inode), fails with
//                             ESTALE with probability R: what an NFS client's cached handle gets
//                             after another client's rename over the file. The retry succeeds
//                             (the client revalidates), unless it is drawn again.
//   KL_FAULT_LOG=PATH         each injected fault appends one line "<pid> <call> <path>"
// Rates are per call, from a per-process xorshift seeded by the pid and KL_FAULT_SEED.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char* g_root;
static size_t g_rootLen;
static double g_rmdirRate, g_openRate;
// The inode each path had when this process last opened it (open addressing by path hash).
#define SEEN_SLOTS 8192
static struct {
    uint64_t hash;
    ino_t ino;
} g_seen[SEEN_SLOTS];
static uint64_t g_state;
static int g_ready;

static void setup(void)
{
    if (g_ready)
        return;
    g_ready = 1;
    g_root = getenv("KL_FAULT_ROOT");
    g_rootLen = g_root ? strlen(g_root) : 0;
    const char* r = getenv("KL_FAULT_RMDIR_EBUSY");
    g_rmdirRate = r ? atof(r) : 0;
    r = getenv("KL_FAULT_OPEN_ESTALE");
    g_openRate = r ? atof(r) : 0;
    r = getenv("KL_FAULT_SEED");
    g_state =
        (uint64_t)getpid() * 0x9E3779B97F4A7C15ull ^ (uint64_t)(r ? atoll(r) : 1) ^ 0x2545F4914F6CDD1Dull;
    if (!g_state)
        g_state = 1;
}

static int under_root(const char* path)
{
    return g_rootLen && path && strncmp(path, g_root, g_rootLen) == 0 &&
           (path[g_rootLen] == '/' || path[g_rootLen] == 0);
}

static int chance(double rate)
{
    if (rate <= 0)
        return 0;
    g_state ^= g_state << 13;
    g_state ^= g_state >> 7;
    g_state ^= g_state << 17;
    return (double)(g_state >> 11) / 9007199254740992.0 < rate;
}

static void note(const char* call, const char* path)
{
    const char* log = getenv("KL_FAULT_LOG");
    if (!log)
        return;
    int (*real_open)(const char*, int, ...) = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, "open");
    int fd = real_open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    char line[4096];
    int n = snprintf(line, sizeof line, "%d %s %s\n", (int)getpid(), call, path);
    if (n > 0)
        (void)!write(fd, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
    close(fd);
}

static uint64_t path_hash(const char* path)
{
    uint64_t h = 1469598103934665603ull;
    for (; *path; ++path)
        h = (h ^ (unsigned char)*path) * 1099511628211ull;
    return h ? h : 1;
}

// 1 when `path` names another file than when this process last opened it; records the current one.
static int replaced_since_seen(int dirfd, const char* path)
{
    struct stat st;
    if (fstatat(dirfd, path, &st, 0) != 0 || !S_ISREG(st.st_mode))
        return 0;
    const uint64_t h = path_hash(path);
    for (unsigned i = 0; i < SEEN_SLOTS; ++i) {
        const unsigned slot = (unsigned)((h + i) % SEEN_SLOTS);
        if (g_seen[slot].hash == h) {
            const int replaced = g_seen[slot].ino != st.st_ino;
            g_seen[slot].ino = st.st_ino;
            return replaced;
        }
        if (g_seen[slot].hash == 0) {
            g_seen[slot].hash = h;
            g_seen[slot].ino = st.st_ino;
            return 0;
        }
    }
    return 0; // table full: no more faults of this kind
}

static int inject_open(int dirfd, const char* path, int flags)
{
    setup();
    if ((flags & O_ACCMODE) != O_RDONLY || !under_root(path) || !replaced_since_seen(dirfd, path) ||
        !chance(g_openRate))
        return 0;
    note("open", path);
    errno = ESTALE;
    return 1;
}

int rmdir(const char* path)
{
    static int (*real)(const char*);
    if (!real)
        real = (int (*)(const char*))dlsym(RTLD_NEXT, "rmdir");
    setup();
    if (under_root(path) && chance(g_rmdirRate)) {
        note("rmdir", path);
        errno = EBUSY;
        return -1;
    }
    return real(path);
}

#define OPEN_WRAPPER(name)                                                                                   \
    int name(const char* path, int flags, ...)                                                               \
    {                                                                                                        \
        static int (*real)(const char*, int, ...);                                                           \
        if (!real)                                                                                           \
            real = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, #name);                                  \
        mode_t mode = 0;                                                                                     \
        if (flags & (O_CREAT | O_TMPFILE)) {                                                                 \
            va_list ap;                                                                                      \
            va_start(ap, flags);                                                                             \
            mode = va_arg(ap, mode_t);                                                                       \
            va_end(ap);                                                                                      \
        }                                                                                                    \
        if (inject_open(AT_FDCWD, path, flags))                                                              \
            return -1;                                                                                       \
        return real(path, flags, mode);                                                                      \
    }

#define OPENAT_WRAPPER(name)                                                                                 \
    int name(int dirfd, const char* path, int flags, ...)                                                    \
    {                                                                                                        \
        static int (*real)(int, const char*, int, ...);                                                      \
        if (!real)                                                                                           \
            real = (int (*)(int, const char*, int, ...))dlsym(RTLD_NEXT, #name);                             \
        mode_t mode = 0;                                                                                     \
        if (flags & (O_CREAT | O_TMPFILE)) {                                                                 \
            va_list ap;                                                                                      \
            va_start(ap, flags);                                                                             \
            mode = va_arg(ap, mode_t);                                                                       \
            va_end(ap);                                                                                      \
        }                                                                                                    \
        if (path[0] == '/' && inject_open(dirfd, path, flags))                                               \
            return -1;                                                                                       \
        return real(dirfd, path, flags, mode);                                                               \
    }

OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)
