#pragma once
// One argmin variant ready to run on a prepared input: what to reset before
// each launch, how to launch the plain and the recording build, how to read
// the answer back and how to turn the records into the trace's tables.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/atomics/argmin_input.h"

namespace ws::atomics {

struct ArgminAnswer {
    float value = 0;
    std::int64_t index = -1;
};

struct ArgminProgram {
    std::string kernel;
    std::uint32_t grid = 1, block = 1;
    bool recorded = true;  // CUB's kernels are its own: nothing recorded
    // Untimed, before every launch: the result word as the seed sets it, and
    // (for the timed runs) the record counters the recording build adds to.
    std::function<Status()> resetWord;
    std::function<Status()> clearRecords;
    std::function<Status(bool record)> launch;
    std::function<Result<ArgminAnswer>()> read;  // synchronizes
    std::function<Status(Launch& launch, Run& run)> records;
};

// variant: cas-original, cas-modified, cas-modified-new, shuffle-atomicmin,
// cub. `traced` blocks record their threads (CAS loops).
Result<ArgminProgram> makeArgminProgram(const std::string& variant, const ArgminInput& input,
                                        std::uint32_t block, std::uint32_t traced,
                                        const DeviceInfo& device);

}  // namespace ws::atomics
