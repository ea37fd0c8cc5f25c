#pragma once
// What a student asks of one launch's block records: how long blocks took (a
// histogram, with the blocks in each bar), how many blocks and how much busy
// time each SM had, the tail (from the last block's start to the end), and
// the occupancy achieved against what the device's limits allow.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/device/occupancy.h"
#include "core/run/run.h"

namespace ws {

struct DurationHistogram {
    double binNs = 0;                                 // width of each bin
    double firstNs = 0;                               // left edge of bin 0
    std::vector<std::uint32_t> counts;                // blocks per bin
    std::vector<std::vector<std::uint32_t>> records;  // block records per bin
};

struct SmLoad {
    std::uint32_t sm = 0;
    std::uint32_t blocks = 0;
    double busyNs = 0;  // time at least one block was resident
};

struct LaunchStatistics {
    DurationHistogram durations;
    std::vector<SmLoad> sms;  // the SMs that ran blocks, ascending
    double spanNs = 0;        // first start to last end
    double tailNs = 0;        // last start to last end
    // Resident warps over the span, averaged over the SMs that ran blocks,
    // against the most an SM holds (maxThreadsPerSm / 32).
    double achievedOccupancy = 0;
    std::optional<double> theoreticalOccupancy;  // from the device limits
    std::string theoreticalLimit;                // what binds: "threads", "shared memory", ...
    std::uint32_t theoreticalBlocksPerSm = 0;
    std::uint32_t theoreticalRegisters = 0;  // per thread, counted; 0: not known
};

// `resources`: the kernel's registers and static shared memory where the
// profile read them from its cubin (core/profile/occupancy_prediction.h);
// without them the theoretical occupancy leaves registers out and counts
// only the launch's dynamic shared memory.
LaunchStatistics launchStatistics(const Launch& launch, const DeviceInfo& device, int bins = 20,
                                  const BlockResources& resources = {});

}  // namespace ws
