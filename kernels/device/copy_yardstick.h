#pragma once
// A plain device-to-device copy with 16-byte loads and stores: what a kernel
// that only streams memory reaches on this GPU, the yardstick for the
// reductions' GB/s (which read each byte once and write nothing).
#include <cstdint>
#include <vector>

#include "core/common/result.h"

namespace ws {

struct CopyTiming {
    std::vector<double> ms;  // one per timed copy
    double bytesMoved = 0;   // read + written, per copy
    bool verified = false;   // the destination equals the source
    std::uint32_t grid = 0, block = 0;
};

// Copies `floats` floats (a multiple of 4 is not required) `repetitions`
// times after one warm-up.
Result<CopyTiming> timeFloat4Copy(std::uint64_t floats, int repetitions, int device = 0);

}  // namespace ws
