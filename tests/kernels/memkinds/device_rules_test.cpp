// The rules the kernels write from (kernels/memkinds/device_rules.h), held
// against core's references on the CPU: a change on either side fails here,
// not on the GPU machine.
#include "kernels/memkinds/device_rules.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "core/memkinds/chase_reference.h"
#include "core/memkinds/constant_broadcast.h"
#include "core/memkinds/rotated_window.h"
#include "kernels/memkinds/bandwidth_plan.h"
#include "kernels/memkinds/texture_kernels.h"

namespace ws::memkinds {
namespace {

TEST(MemkindsDeviceRules, ChaseEntryIsChaseNext) {
    const ChaseShape shapes[] = {{1024, 4},        {1024, 128},          {4096, 4096},
                                 {65536, 128},     {8192, 12},           {1000, 8},
                                 {1u << 20, 2048}, {8u << 20, 2u << 20}, {1u << 20, 4}};
    for (const ChaseShape& s : shapes) {
        SCOPED_TRACE(std::to_string(s.workingSetBytes) + " / " + std::to_string(s.strideBytes));
        ASSERT_TRUE(checkChaseShape(s).ok());
        const auto array = chaseArray(s);
        for (std::uint64_t e = 0; e < s.elements(); ++e)
            ASSERT_EQ(chaseEntry(s.slots(), s.strideBytes / 4, e), array[e]) << e;
        // The walk the kernels make ends where chaseFinalIndex says.
        std::uint32_t at = 0;
        const std::uint64_t loads = chaseWarmupLoads(s) + 1000;
        for (std::uint64_t k = 0; k < loads; ++k) at = chaseEntry(s.slots(), s.strideBytes / 4, at);
        EXPECT_EQ(at, chaseFinalIndex(s, loads));
    }
}

TEST(MemkindsDeviceRules, ChaseEntryOfAGibibyteSet) {
    // The largest set the catalog allows: 2^28 indices, each slot's entry
    // the next slot's element, the last back to 0.
    const ChaseShape s{std::uint64_t(1) << 30, 128};
    const std::uint64_t step = 32;
    for (std::uint64_t e : {std::uint64_t(0), step, s.elements() - step, s.elements() - 1,
                            std::uint64_t(12345) * step, std::uint64_t(12345) * step + 3})
        EXPECT_EQ(chaseEntry(s.slots(), 32, e), chaseNext(s, e)) << e;
    EXPECT_EQ(chaseEntry(s.slots(), 32, s.elements() - step), 0u);
}

TEST(MemkindsDeviceRules, ConstantOffsetIsIterationOffset) {
    for (std::uint32_t i = 0; i < 70000; ++i)
        ASSERT_EQ(i & kIterationOffsetMask, iterationOffset(i)) << i;
}

TEST(MemkindsDeviceRules, WindowTexelIsSourceTexel) {
    for (std::uint32_t side : {256u, 1024u, 16384u})
        for (double angle : {0.0, 17.3, 30.0, 45.0, 89.9, 90.0}) {
            SCOPED_TRACE(std::to_string(side) + " at " + std::to_string(angle));
            const RotatedWindow w = rotatedWindow(side, angle);
            const std::uint32_t step = side / 256 > 0 ? side / 256 : 1;
            for (std::uint32_t oy = 0; oy < side; oy += step)
                for (std::uint32_t ox = 0; ox < side; ox += step) {
                    std::int32_t x = -1, y = -1, gx = -1, gy = -1;
                    const bool inside = sourceTexel(w, std::int32_t(ox), std::int32_t(oy), x, y);
                    const bool gpuInside = windowTexel(w.side, w.cosQ16, w.sinQ16, std::int32_t(ox),
                                                       std::int32_t(oy), gx, gy);
                    ASSERT_EQ(inside, gpuInside) << ox << ", " << oy;
                    ASSERT_EQ(x, gx);
                    ASSERT_EQ(y, gy);
                }
        }
}

TEST(MemkindsDeviceRules, BandwidthWordsAndTheirClosedFormSum) {
    EXPECT_EQ(bandwidthWord(0), 0u);
    EXPECT_EQ(bandwidthWord(1), 2654435761u >> 7);
    for (std::uint64_t i = 0; i < 100000; ++i) ASSERT_LT(bandwidthWord(i), 1u << 25);
    struct Range {
        std::uint64_t begin, end;
    };
    const Range ranges[] = {{0, 0},
                            {0, 1},
                            {0, 2},
                            {5, 6},
                            {0, 1 << 20},
                            {12345, 1 << 22},
                            {1 << 22, 1 << 24},
                            {(std::uint64_t(1) << 30) - (1 << 20), std::uint64_t(1) << 30},
                            {(std::uint64_t(1) << 32) - 4096, std::uint64_t(1) << 32}};
    for (const Range& r : ranges) {
        std::uint64_t sum = 0;
        for (std::uint64_t i = r.begin; i < r.end; ++i) sum += bandwidthWord(i);
        EXPECT_EQ(bandwidthWordSum(r.begin, r.end), sum) << r.begin << " .. " << r.end;
    }
}

TEST(MemkindsDeviceRules, WindowBlocksAreSquareish) {
    struct Shape {
        std::uint32_t threads, x, y;
    };
    for (Shape s : {Shape{256, 16, 16}, Shape{512, 32, 16}, Shape{1024, 32, 32}, Shape{96, 16, 6},
                    Shape{32, 8, 4}, Shape{352, 32, 11}, Shape{64, 8, 8}}) {
        const dim3 b = windowBlock(s.threads);
        EXPECT_EQ(b.x, s.x) << s.threads;
        EXPECT_EQ(b.y, s.y) << s.threads;
        EXPECT_EQ(b.x * b.y, s.threads);
    }
    const dim3 g = windowGrid(4096, windowBlock(96));
    EXPECT_EQ(g.x, 256u);
    EXPECT_EQ(g.y, 683u);  // 4096 / 6 rounded up: the last row of blocks is partly outside
}

}  // namespace
}  // namespace ws::memkinds
