#pragma once
// How much a launch records, decided on the host before it runs: which blocks
// trace their steps, how many steps and warps each pass has, and the device
// bytes all of it takes. Pure C++, so the sizing is tested without a GPU.
//
// Step records follow core/reduction/reduction_plan.h. A kernel with a second tree after
// the first (the last block merging the partials, or the first warp reducing
// the warp results) records it once, after the first pass's steps: with L the
// first pass's iterations, step L+1 is the second pass's load and steps
// L+2 .. are its iterations, numbered like the plan of `second`.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/reduction/reduction_plan.h"
#include "kernels/common/record_pointers.h"

namespace ws {

inline constexpr std::uint32_t kMaxTracedBlocks = kMaxTracedSlots;

// Block 0, the last block, then blocks spread evenly between them; sorted,
// without repeats, at most min(count, grid, kMaxTracedBlocks) ids.
std::vector<std::uint32_t> tracedBlockIds(std::uint64_t grid, std::uint32_t count);

struct PassLayout {
    TreeShape shape = TreeShape::Sequential;
    std::uint32_t threads = 0;  // threads whose slots the pass records (a multiple of 32)
    std::uint32_t steps = 0;    // the load (step 0) plus the plan's iterations
    std::uint32_t warps() const { return threads / 32; }
};
PassLayout makePass(TreeShape shape, std::uint32_t threads);

struct StepLayout {
    std::vector<std::uint32_t> tracedBlocks;
    PassLayout first;
    std::optional<PassLayout> second;
    std::uint32_t components = 1;  // 32-bit words per lane value (2 for affine maps)

    std::uint64_t firstRecords() const;
    std::uint64_t secondRecords() const;  // recorded only when some block is traced
    std::uint64_t records() const { return firstRecords() + secondRecords(); }
    std::uint64_t deviceBytes() const;
};

struct RecordLayout {
    std::uint64_t grid = 0;
    bool arrivals = false;
    StepLayout steps;

    std::uint64_t blockBytes() const;
    std::uint64_t arrivalBytes() const;
    std::uint64_t deviceBytes() const {
        return blockBytes() + arrivalBytes() + steps.deviceBytes();
    }
};

// Device bytes of one record of each kind (the struct-of-arrays columns).
inline constexpr std::uint64_t kBlockRecordBytes = 4 + 4 + 8 + 8 + 8 + 8;
inline constexpr std::uint64_t kArrivalRecordBytes = 4 + 8;
std::uint64_t stepRecordBytes(std::uint32_t components);

}  // namespace ws
