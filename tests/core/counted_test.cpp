// counted: a count and its noun, singular for one.
#include "core/counted.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(Counted, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(counted(1, "stream", "streams"), "1 stream");
    EXPECT_EQ(counted(4, "stream", "streams"), "4 streams");
    EXPECT_EQ(counted(0, "extra thread", "extra threads"), "0 extra threads");
    EXPECT_EQ(counted(1, "extra thread", "extra threads"), "1 extra thread");
}

}  // namespace
}  // namespace ws
