// The note of a run whose timed and recorded launches were both checked.
#include "core/common/paired_check.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(PairedCheck, ABugOfTheKernelIsSaidOnce) {
    const std::string overrun = "1 thread wrote past the end of c";
    EXPECT_EQ(pairedCheckNote(overrun, overrun),
              "the launches with and without recording failed the check alike: " + overrun);
}

TEST(PairedCheck, OnlyTheTimedLaunchesFailingComesFirst) {
    EXPECT_EQ(pairedCheckNote("c[3] = 0", "int32 sums compared exactly"),
              "the launches without recording failed the check: c[3] = 0; int32 sums compared "
              "exactly");
}

}  // namespace
}  // namespace ws
