#pragma once
// The mailbox through which a one-thread kernel reads %globaltimer for the
// host, in mapped pinned memory: the host writes `request` k = 1, 2, ...; the
// kernel stores its reading in `deviceNs`, fences, and writes `reply` k. Two
// requests are words of their own: kStop ends the kernel, and a kernel that
// waited past its timeout replies kGaveUp and ends, so a host that stopped
// asking never leaves it spinning. The concurrency lab's clock probe
// (kernels/concurrency/clock_probe.cu) and a traced program's interception
// (core/program/clock_mailbox_ptx.h, whose PTX relies on these offsets) both
// use it.
#include <cstddef>
#include <cstdint>

namespace ws {

struct ClockMailbox {
    std::uint32_t request;
    std::uint32_t reply;
    std::uint64_t deviceNs;
};
static_assert(offsetof(ClockMailbox, reply) == 4 && offsetof(ClockMailbox, deviceNs) == 8,
              "the interception's PTX reads the mailbox at these offsets");

inline constexpr std::uint32_t kClockMailboxGaveUp = 0xffffffffu;
inline constexpr std::uint32_t kClockMailboxStop = 0xfffffffeu;

}  // namespace ws
