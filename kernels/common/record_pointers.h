#pragma once
// Where a kernel writes its records: device pointers, passed by value as a
// kernel argument. A null pointer means "not recorded". The recording build of
// a kernel (kRecord = true) writes through these; the plain build never
// touches them.
#include <cstdint>

namespace ws {

inline constexpr std::uint32_t kMaxTracedSlots = 8;

// Indexed by blockIdx.x; written by thread 0 of each block.
struct BlockRecordPointers {
    std::uint32_t* block = nullptr;
    std::uint32_t* sm = nullptr;
    std::uint64_t* startNs = nullptr;
    std::uint64_t* endNs = nullptr;
    std::int64_t* startClock = nullptr;
    std::int64_t* endClock = nullptr;
};

// Record r of the first pass of traced slot t, step s, warp w is
// r = (t * firstSteps + s) * firstWarps + w; the second pass follows all first
// passes: r = tracedCount * firstSteps * firstWarps + s * secondWarps + w.
// Values are 32 lanes x components 32-bit words per record.
struct StepRecordPointers {
    std::uint32_t tracedBlock[kMaxTracedSlots] = {};
    std::uint32_t tracedCount = 0;
    std::uint32_t firstSteps = 0;
    std::uint32_t firstWarps = 0;
    std::uint32_t secondSteps = 0;  // 0: no second pass
    std::uint32_t secondWarps = 0;
    std::uint32_t components = 1;
    std::uint32_t* written = nullptr;
    std::uint32_t* activeMask = nullptr;
    std::int64_t* clock = nullptr;
    std::uint32_t* before = nullptr;
    std::uint32_t* after = nullptr;
    std::uint32_t* secondBlock = nullptr;  // the block that ran the second pass
};

// Indexed by blockIdx.x: the ticket the block drew and when.
struct ArrivalPointers {
    std::uint32_t* ticket = nullptr;
    std::uint64_t* timeNs = nullptr;
};

struct RecordPointers {
    BlockRecordPointers blocks;
    StepRecordPointers steps;
    ArrivalPointers arrivals;
};

}  // namespace ws
