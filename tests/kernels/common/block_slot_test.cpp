// The memory kernels' 32-byte block slot: %smid packed above the start
// clock's low 48 bits, the upper bits restored from the end clock.
#include <gtest/gtest.h>

#include "kernels/common/memory_trace.h"

namespace ws::memory {
namespace {

BlockSlot slotOf(std::int64_t startClock, std::int64_t endClock, std::uint32_t sm) {
    BlockSlot s;
    s.startNs = 1000;
    s.endNs = 2000;
    s.startClockAndSm = packStartClock(startClock, sm);
    s.endClock = endClock;
    return s;
}

TEST(BlockSlot, KeepsTheSmAndRestoresTheStartClock) {
    const std::int64_t start = 0x0123'4567'89ab'cdefLL, end = start + 1800;
    const BlockSlot s = slotOf(start, end, 131);
    EXPECT_EQ(slotSm(s), 131u);
    EXPECT_EQ(slotStartClock(s), start);
}

TEST(BlockSlot, RestoresAStartClockFromBeforeTheEndClocksUpperBitsChanged) {
    // The block started just below a multiple of 2^48 and ended above it.
    const std::int64_t start = (std::int64_t(5) << 48) - 100, end = (std::int64_t(5) << 48) + 250;
    const BlockSlot s = slotOf(start, end, 7);
    EXPECT_EQ(slotStartClock(s), start);
    EXPECT_EQ(slotSm(s), 7u);
}

TEST(BlockSlot, HoldsEverySixteenBitSmId) {
    EXPECT_EQ(slotSm(slotOf(42, 43, 0xffff)), 0xffffu);
    EXPECT_EQ(slotStartClock(slotOf(42, 43, 0xffff)), 42);
    EXPECT_EQ(slotSm(slotOf(42, 43, 0)), 0u);
}

TEST(BlockSlot, ASlotLeftAsClearedIsNotWritten) {
    BlockSlot cleared;
    std::memset(&cleared, 0xff, sizeof cleared);
    EXPECT_FALSE(slotWritten(cleared));
    EXPECT_TRUE(slotWritten(slotOf(1, 2, 3)));
    BlockSlot startOnly = slotOf(1, 2, 3);  // a block stopped between its two stores
    startOnly.endNs = kUnwrittenSlot;
    EXPECT_FALSE(slotWritten(startOnly));
}

}  // namespace
}  // namespace ws::memory
