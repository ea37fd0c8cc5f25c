// counted: a count and its noun, singular for one.
#include "core/common/counted.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(Counted, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(counted(1, "stream", "streams"), "1 stream");
    EXPECT_EQ(counted(4, "stream", "streams"), "4 streams");
    EXPECT_EQ(counted(0, "extra thread", "extra threads"), "0 extra threads");
    EXPECT_EQ(counted(1, "extra thread", "extra threads"), "1 extra thread");
}

TEST(Counted, AParametersUnitIsSingularAfterOne) {
    EXPECT_EQ(unitAfter("1", "blocks"), "block");
    EXPECT_EQ(unitAfter("256", "threads"), "threads");
    EXPECT_EQ(unitAfter("1", "bytes"), "byte");
    EXPECT_EQ(unitAfter("1", "µs"), "µs");
    EXPECT_EQ(unitAfter("1", "rows and columns"), "rows and columns");
    EXPECT_EQ(unitAfter("1", ""), "");
}

}  // namespace
}  // namespace ws
