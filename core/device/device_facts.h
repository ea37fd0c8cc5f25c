#pragma once
// What the device view draws, from the facts the runtime reported
// (DeviceInfo) and what a run measured: the limits of one SM, the memory
// hierarchy from registers to the host link with sizes and bandwidths.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct SmLimit {
    std::string name;  // "threads", "blocks", "registers", "shared memory"
    double value = 0;
    std::string unit;  // "", "B"
    std::string note;  // "64 warps"
};
std::vector<SmLimit> smLimits(const DeviceInfo& device);

struct MemoryLevel {
    std::string name;   // "registers", "shared memory / L1", "L2 cache", "global memory (HBM)",
                        // "host (PCIe)"
    std::string scope;  // "per SM", "whole GPU", "host"
    double bytes = 0;   // 0 when the runtime does not say
    double theoreticalGBs = 0;
    double measuredGBs = 0;
    std::string measuredBy;  // which run or figure measured it
};
std::vector<MemoryLevel> memoryHierarchy(const Run& run);

// Whether the run's throughput crosses PCIe (its catalog entry says so).
bool throughputOverPcie(const Run& run);
// What the run's GB/s is a share of: the PCIe link's theoretical bandwidth
// for copies between host and device (55 GB/s of a copy was "1.6 % of peak",
// the device memory's 3352), else the device memory's. gbs 0 where unknown.
struct Yardstick {
    double gbs = 0;
    std::string name;  // "the PCIe Gen5 x16 link's", "the device memory's"
};
Yardstick throughputYardstick(const Run& run);

// "80 GB", "50 MB", "228 KB", "256 KB": binary units for sizes below 1 GiB
// as deviceQuery prints them, decimal GB for device memory.
std::string bytesText(double bytes);

}  // namespace ws
