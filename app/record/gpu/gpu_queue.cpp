#include "app/record/gpu/gpu_queue.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <random>

#include "app/record/gpu/lock_directory.h"

namespace ws::record {

namespace {

std::string safeName(const std::string& id) {
    std::string s = id;
    for (char& c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_'))
            c = '_';
    return s;
}

std::string systemError(const std::string& what) { return what + ": " + std::strerror(errno); }

// "t00000000000000000042-p1234": ticket 42 of process 1234. Names starting
// with '.' are entries still being made and are not counted yet.
bool parseEntry(const char* name, std::uint64_t& ticket, int& pid) {
    unsigned long long t = 0;
    int p = 0, used = 0;
    if (std::sscanf(name, "t%20llu-p%d%n", &t, &p, &used) != 2 || name[used] != '\0') return false;
    ticket = t;
    pid = p;
    return true;
}

std::string entryName(std::uint64_t ticket, int pid) {
    char name[64];
    std::snprintf(name, sizeof name, "t%020" PRIu64 "-p%d", ticket, pid);
    return name;
}

// Opens an existing file without O_CREAT first: with fs.protected_regular
// the kernel refuses O_CREAT on another user's file in a sticky folder.
int openShared(const std::filesystem::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0 || errno != ENOENT) return fd;
    fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST) return fd;
    return ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
}

// An entry is alive while its owner holds its flock. A dead one is removed
// where this user may (its owner's, or a folder this user owns).
bool entryAlive(const std::filesystem::path& dir, const char* name) {
    const std::filesystem::path path = dir / name;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;  // gone since the folder was read
    const bool alive = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    if (!alive) ::unlink(path.c_str());
    ::close(fd);
    return alive;
}

template <typename Visit>
Status forEachEntry(const std::filesystem::path& dir, Visit visit) {
    DIR* d = ::opendir(dir.c_str());
    if (!d) return makeError(systemError("cannot read the GPU queue " + dir.string()));
    while (const dirent* e = ::readdir(d)) {
        std::uint64_t ticket = 0;
        int pid = 0;
        if (parseEntry(e->d_name, ticket, pid)) visit(e->d_name, ticket, pid);
    }
    ::closedir(d);
    return {};
}

}  // namespace

std::string lockFileName(const std::string& deviceId) { return safeName(deviceId) + ".lock"; }

Result<std::unique_ptr<GpuQueue>> GpuQueue::join(const std::filesystem::path& dir,
                                                 const std::string& deviceId) {
    if (deviceId.empty()) return makeError("no device id to lock");
    std::unique_ptr<GpuQueue> q(new GpuQueue);
    q->m_deviceId = deviceId;
    q->m_queueDir = dir / (safeName(deviceId) + ".queue");
    if (Status s = ensureSharedFolder(q->m_queueDir); !s) return makeError(s.error());
    q->m_lockFd = openShared(dir / lockFileName(deviceId));
    if (q->m_lockFd < 0)
        return makeError(
            systemError("cannot open the GPU lock " + (dir / lockFileName(deviceId)).string()));

    // Tickets are handed out under a lock on the queue folder, and an entry
    // appears (renamed into place, already flocked) before the next ticket is
    // handed out: a later ticket always sees every earlier one.
    const int dirFd = ::open(q->m_queueDir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) return makeError(systemError("cannot open " + q->m_queueDir.string()));
    struct DirLock {
        int fd;
        ~DirLock() { ::close(fd); }  // closing releases the flock
    } dirLock{dirFd};
    if (::flock(dirFd, LOCK_EX) != 0)
        return makeError(systemError("cannot lock " + q->m_queueDir.string()));
    std::uint64_t last = 0;
    if (Status s = forEachEntry(
            q->m_queueDir, [&](const char*, std::uint64_t t, int) { last = std::max(last, t); });
        !s)
        return makeError(s.error());
    q->m_ticket = last + 1;

    std::random_device random;
    const std::string temp = "." + std::to_string(::getpid()) + "-" + std::to_string(random());
    const std::filesystem::path tempPath = q->m_queueDir / temp;
    q->m_entryFd = ::open(tempPath.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (q->m_entryFd < 0) return makeError(systemError("cannot create " + tempPath.string()));
    q->m_entryName = entryName(q->m_ticket, ::getpid());
    if (::flock(q->m_entryFd, LOCK_EX) != 0 ||
        ::rename(tempPath.c_str(), (q->m_queueDir / q->m_entryName).c_str()) != 0) {
        const std::string why = systemError("cannot enter the GPU queue " + q->m_queueDir.string());
        ::unlink(tempPath.c_str());
        return makeError(why);
    }
    return q;
}

GpuQueue::~GpuQueue() {
    if (m_lockFd >= 0) ::close(m_lockFd);  // releases the GPU
    if (m_entryFd >= 0) {
        // Unlink before closing: a named entry is never unlocked while its
        // owner lives, so nobody mistakes it for a dead one.
        ::unlink((m_queueDir / m_entryName).c_str());
        ::close(m_entryFd);
    }
}

Result<QueueTurn> GpuQueue::poll() {
    QueueTurn turn;
    if (m_held) {
        turn.acquired = true;
        return turn;
    }
    int ahead = 0;
    if (Status s = forEachEntry(m_queueDir,
                                [&](const char* name, std::uint64_t t, int) {
                                    if (t < m_ticket && entryAlive(m_queueDir, name)) ++ahead;
                                });
        !s)
        return makeError(s.error());
    turn.runsAhead = ahead;
    if (ahead > 0) return turn;
    if (::flock(m_lockFd, LOCK_EX | LOCK_NB) == 0) {
        m_held = true;
        turn.acquired = true;
        return turn;
    }
    if (errno != EWOULDBLOCK) return makeError(systemError("cannot take the GPU lock"));
    turn.runsAhead = 1;  // first in the queue, but someone outside it holds the GPU
    return turn;
}

Result<QueueState> inspectQueue(const std::filesystem::path& dir, const std::string& deviceId) {
    QueueState state;
    const std::filesystem::path queueDir = dir / (safeName(deviceId) + ".queue");
    if (std::filesystem::is_directory(queueDir)) {
        if (Status s =
                forEachEntry(queueDir,
                             [&](const char* name, std::uint64_t t, int pid) {
                                 state.entries.push_back({t, pid, entryAlive(queueDir, name)});
                             });
            !s)
            return makeError(s.error());
    }
    std::sort(state.entries.begin(), state.entries.end(),
              [](const QueueEntry& a, const QueueEntry& b) { return a.ticket < b.ticket; });
    const int fd = ::open((dir / lockFileName(deviceId)).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        // A shared probe fails only while someone holds the lock exclusively.
        state.gpuHeld = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
        ::close(fd);
    }
    return state;
}

}  // namespace ws::record
