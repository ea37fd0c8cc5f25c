#pragma once
// What one bank-probe run measured: clock64 cycles per shared-memory load and
// per store of its one warp, beside the passes the bank analysis predicts for
// its access pattern. One pass is what a conflict-free access costs; a
// pattern that needs k passes should cost about k times as much.
#include <cstdint>
#include <optional>

#include "core/run/run.h"

namespace ws {

struct ProbeCycles {
    double loadCycles = 0;   // per load, the loads depending on each other
    double storeCycles = 0;  // per store, the stores issued back to back
    std::uint32_t passes = 0;
    std::uint32_t idealPasses = 0;  // the same width without a conflict
};

// Empty when the run is not a bank probe or holds no probe records.
std::optional<ProbeCycles> probeCycles(const Run& run);

}  // namespace ws
