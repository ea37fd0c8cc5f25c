// The chase on the CPU: the array holds what chaseNext says, a walk of k
// loads from index 0 ends where chaseFinalIndex says, shapes the chase cannot
// walk are refused, and the sweep and warm-up counts.
#include "core/memkinds/chase_reference.h"

#include <gtest/gtest.h>

namespace ws::memkinds {
namespace {

TEST(ChaseReference, ArrayMatchesNextAndWalkEndsAtFinalIndex) {
    const ChaseShape shapes[] = {{1024, 128}, {4096, 4}, {4096, 4096},    {65536, 128},
                                 {8192, 12},  {1000, 8}, {1u << 20, 2048}};
    for (const ChaseShape& s : shapes) {
        SCOPED_TRACE(std::to_string(s.workingSetBytes) + " / " + std::to_string(s.strideBytes));
        ASSERT_TRUE(checkChaseShape(s).ok());
        const auto a = chaseArray(s);
        ASSERT_EQ(a.size(), s.elements());
        for (std::uint64_t e = 0; e < a.size(); ++e) ASSERT_EQ(a[e], chaseNext(s, e)) << e;
        // Every slot visited once per cycle, each pointing one stride on.
        std::uint32_t at = 0;
        for (std::uint64_t k = 0; k <= 3 * s.slots() + 5; ++k) {
            ASSERT_EQ(at, chaseFinalIndex(s, k)) << k;
            at = a[at];
        }
    }
}

TEST(ChaseReference, Layout) {
    const ChaseShape s{512, 128};  // 4 slots, 32 elements apart
    EXPECT_EQ(s.slots(), 4u);
    const auto a = chaseArray(s);
    EXPECT_EQ(a[0], 32u);
    EXPECT_EQ(a[32], 64u);
    EXPECT_EQ(a[64], 96u);
    EXPECT_EQ(a[96], 0u);
    EXPECT_EQ(a[1], 0u);
    EXPECT_EQ(chaseFinalIndex(s, 4096), 0u);
    EXPECT_EQ(chaseFinalIndex(s, 4097), 32u);
    // Stride equal to the working set: one slot pointing at itself.
    const ChaseShape one{4096, 4096};
    EXPECT_EQ(one.slots(), 1u);
    EXPECT_EQ(chaseArray(one)[0], 0u);
    EXPECT_EQ(chaseFinalIndex(one, 12345), 0u);
    // Stride 4: every element a slot.
    const ChaseShape dense{64, 4};
    const auto d = chaseArray(dense);
    for (std::uint32_t i = 0; i < 16; ++i) EXPECT_EQ(d[i], (i + 1) % 16);
    EXPECT_EQ(chaseFinalIndex(dense, 35), 3u);
}

TEST(ChaseReference, RefusesShapesItCannotWalk) {
    auto says = [](ChaseShape s, const char* what) {
        Status st = checkChaseShape(s);
        ASSERT_FALSE(st.ok());
        EXPECT_NE(st.error().find(what), std::string::npos) << st.error();
    };
    says({4096, 6}, "multiple of 4");
    says({4096, 0}, "multiple of 4");
    says({64, 128}, "holds no stride");
    says({(std::uint64_t(1) << 34) + 4, 128}, "2^32");
    EXPECT_TRUE(checkChaseShape({std::uint64_t(1) << 34, 128}).ok());
}

TEST(ChaseReference, WarmupAndSweep) {
    EXPECT_EQ(chaseWarmupLoads({4096, 128}), 32u);
    EXPECT_EQ(chaseWarmupLoads({std::uint64_t(1) << 30, 128}), 1u << 20);
    EXPECT_EQ(chaseWarmupLoads({std::uint64_t(1) << 30, 128}, 1000), 1000u);
    const std::vector<std::uint64_t> sweep = {1024, 2048, 4096, 8192};
    EXPECT_EQ(workingSetSweep(1024, 8192), sweep);
    EXPECT_EQ(workingSetSweep(4096, 4096), std::vector<std::uint64_t>{4096});
    EXPECT_TRUE(workingSetSweep(8192, 4096).empty());
    EXPECT_EQ(workingSetSweep(1024, std::uint64_t(1) << 30).size(), 21u);
    // Points between the powers of two, on the stride.
    EXPECT_EQ(workingSetSweep(1024, 8192, 2),
              (std::vector<std::uint64_t>{1024, 1536, 2048, 3072, 4096, 6144, 8192}));
    EXPECT_EQ(workingSetSweep(4096, 8192, 4),
              (std::vector<std::uint64_t>{4096, 5120, 6144, 7168, 8192}));
    // 1.5 x 2 KiB is no multiple of a 2 KiB stride: rounded down onto 2 KiB, once.
    EXPECT_EQ(workingSetSweep(2048, 8192, 2, 2048),
              (std::vector<std::uint64_t>{2048, 4096, 6144, 8192}));
}

}  // namespace
}  // namespace ws::memkinds
