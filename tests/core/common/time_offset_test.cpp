// Offsets between raw clock readings keep every nanosecond, where the
// readings themselves do not fit a double.
#include "core/common/time_offset.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

// A %globaltimer reading of an H100 (2026): a multiple of 256 ns, so each
// nanosecond after it is a value a double cannot hold.
constexpr std::uint64_t kReading = 1'795'643'284'305'446'912ULL;

TEST(TimeOffset, KeepsEveryNanosecondOfALargeReading) {
    EXPECT_EQ(nsAfter(kReading + 32, kReading), 32.0);
    EXPECT_EQ(nsAfter(kReading + 1'000, kReading + 900), 100.0);
}

TEST(TimeOffset, EarlierReadingsAreNegative) {
    EXPECT_EQ(nsAfter(kReading, kReading + 96), -96.0);
    EXPECT_EQ(nsAfter(kReading, kReading), 0.0);
}

}  // namespace
}  // namespace ws
