#pragma once
// A fair queue for one GPU, shared by every process and user of the machine.
//
// In the lock folder (app/record/gpu/lock_directory.h), device D has
//   D.lock    flock()ed exclusively by the process measuring on D;
//   D.queue/  one entry per waiting or measuring process, named by a ticket
//             ("t00000000000000000042-p1234"), flock()ed by its owner for as
//             long as it lives.
// Tickets grow in the order processes join (they are handed out under a lock
// on the queue folder), and a process takes D.lock only when no live entry
// with a smaller ticket remains: first come, first served. An entry whose
// owner died is unlocked by the kernel, so the others see it as dead and pass
// it: a crashed waiter never blocks the queue, nor does a crashed runner,
// whose D.lock the kernel releases too. The lock itself is a plain flock, so
// `flock D.lock COMMAND` also keeps the queue out while COMMAND runs.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws::record {

struct QueueTurn {
    bool acquired = false;  // this process holds the GPU now
    int runsAhead = 0;      // runs before this one, the one measuring included
};

class GpuQueue {
public:
    // Takes a ticket in the queue of `deviceId` (a UUID; other characters than
    // letters, digits, '.', '-' and '_' become '_').
    static Result<std::unique_ptr<GpuQueue>> join(const std::filesystem::path& dir,
                                                  const std::string& deviceId);
    ~GpuQueue();  // leaves the queue and releases the GPU
    GpuQueue(const GpuQueue&) = delete;
    GpuQueue& operator=(const GpuQueue&) = delete;

    // Counts the live runs ahead; takes the GPU when there are none.
    Result<QueueTurn> poll();
    bool held() const { return m_held; }
    std::uint64_t ticket() const { return m_ticket; }
    const std::string& deviceId() const { return m_deviceId; }

private:
    GpuQueue() = default;
    std::filesystem::path m_queueDir;
    std::string m_deviceId;
    std::string m_entryName;
    std::uint64_t m_ticket = 0;
    int m_entryFd = -1;
    int m_lockFd = -1;
    bool m_held = false;
};

// The queue as others see it (`warpscope-record lock --status`, tests).
struct QueueEntry {
    std::uint64_t ticket = 0;
    int pid = 0;
    bool alive = false;
};
struct QueueState {
    std::vector<QueueEntry> entries;  // by ticket
    bool gpuHeld = false;             // someone holds D.lock now
};
Result<QueueState> inspectQueue(const std::filesystem::path& dir, const std::string& deviceId);

std::string lockFileName(const std::string& deviceId);  // "D.lock", D made safe as a file name

}  // namespace ws::record
