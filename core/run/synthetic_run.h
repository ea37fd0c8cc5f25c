#pragma once
// Plausible runs without a GPU, for tests and benchmarks: blocks dispatched in
// waves onto SMs with several resident slots each, jittered durations in ns,
// %globaltimer quantized to a 32 ns tick, clock64 counting at the SM clock.
#include <cstdint>

#include "core/run/run.h"

namespace ws {

// One launch of `blocks` blocks of 256 threads on an H100-like device with
// `smCount` SMs (at least 1). The same (blocks, smCount, seed) always gives
// the same run.
Run makeSyntheticRun(std::size_t blocks, int smCount, std::uint64_t seed);

}  // namespace ws
