#pragma once
// The compute-capability table of seed 000/003 chapter 1 (versions 1.0 to
// 6.1 with their architectures, chips and first release dates), continued
// with the versions that came after the seed, marked as such, so the device
// view can highlight the row of the GPU a run used.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct CapabilityRow {
    int major = 0, minor = 0;
    std::string architecture;
    std::string chips;
    std::string released;  // the seed's dates; a year for the rows added after it
    bool fromSeed = false;
    std::string note;  // what this version brought that the lessons use
    std::string version() const { return std::to_string(major) + "." + std::to_string(minor); }
};

const std::vector<CapabilityRow>& computeCapabilityTable();
// Index of the device's row, or -1 when the table has none for it.
int capabilityRowOf(const DeviceInfo& device);

}  // namespace ws
