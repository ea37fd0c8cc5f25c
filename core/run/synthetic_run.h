#pragma once
// Plausible runs without a GPU, for tests and benchmarks: blocks dispatched in
// waves onto SMs with several resident slots each, jittered durations in ns,
// %globaltimer quantized to a 32 ns tick, clock64 counting at the SM clock.
#include <cstdint>
#include <string>

#include "core/run/run.h"

namespace ws {

// An H100's limits (132 SMs there; `smCount` here), the device of every
// synthetic run.
DeviceInfo syntheticDevice(int smCount);

// One launch of `blocks` blocks of 256 threads on an H100-like device with
// `smCount` SMs (at least 1). The same (blocks, smCount, seed) always gives
// the same run.
Run makeSyntheticRun(std::size_t blocks, int smCount, std::uint64_t seed);

// GPUs that are not an H100, for the views' tests: a coarse %globaltimer
// (1.024 us on many consumer GPUs), few SMs, a MIG slice whose SMs report
// %smid values of the whole GPU, or %smid values with gaps.
struct SyntheticGpu {
    int smCount = 132;
    std::uint64_t timerTickNs = 32;
    std::uint32_t firstSmId = 0;  // %smid of the first SM (a MIG slice's offset)
    std::uint32_t smIdStep = 1;   // 2: the SMs report 0, 2, 4, ...
    std::string name = "Synthetic H100-like GPU";
};
Run makeSyntheticRun(std::size_t blocks, const SyntheticGpu& gpu, std::uint64_t seed);

// Sets the run's profile to one like `--why` records (trace format version
// 4): two functions of 20 instructions each with source lines and SASS, stall
// samples on several instructions over five reasons, five hardware counters
// and the source file the lines point into. Always the same profile.
void addSyntheticProfile(Run& run);

}  // namespace ws
