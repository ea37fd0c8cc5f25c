#pragma once
// Runs of the tensor-core product built on the CPU for the views' tests and
// their images: an H100-like device, block records of every block, and for
// the TMA rungs a "pipeline" table whose every cycle follows from a few
// numbers (a load takes kLoadCycles, a wgmma step kComputeCycles), so the
// tests can say exactly what the view must show.
#include <cstdint>
#include <memory>
#include <string>

#include "core/run/run.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

inline constexpr std::int64_t kLoadCycles = 700;       // issue to landed bytes
inline constexpr std::int64_t kComputeCycles = 900;    // one k-step's four wgmma
inline constexpr std::int64_t kFirstWaitCycles = 200;  // block start to the first wait
inline constexpr double kClockGHz = 1.755;

// matmul-tc at n (k-steps per tile = n / 64), `traced` blocks traced (block
// 0, the last, and between). The TMA rungs get a pipeline table; from
// warp-specialized on each consumer keeps one batch in flight.
Run tensorCoreRun(const std::string& variant, std::uint32_t n = 1024, std::uint32_t traced = 2);

inline std::shared_ptr<const PreparedRun> preparedTc(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
