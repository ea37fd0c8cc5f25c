// What the banks and coalescing views say when a run has no traced accesses:
// true to the experiment, not a guess at why.
#include <gtest/gtest.h>

#include "core/memory/access_records.h"

namespace ws {
namespace {

Run runOf(const std::string& experiment) {
    Run run;
    run.experiment = experiment;
    return run;
}

TEST(MissingAccesses, AReductionDoesNotRecordItsSharedAccessesAndSaysWhoDoes) {
    const std::string text = missingAccessesText(runOf("reduce-ladder"), true);
    EXPECT_NE(text.find("reduce-ladder experiment does not record its shared-memory accesses"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("transpose-u8"), std::string::npos) << text;
    EXPECT_NE(text.find("matmul"), std::string::npos) << text;
    EXPECT_EQ(text.find("naive"), std::string::npos) << text;
}

TEST(MissingAccesses, AnExperimentThatRecordsThemNamesWhyThisRunHasNone) {
    EXPECT_NE(missingAccessesText(runOf("transpose-f32"), true).find("traced_blocks = 0"),
              std::string::npos);
    EXPECT_NE(missingAccessesText(runOf("reduce-columns"), false).find("traced_blocks = 0"),
              std::string::npos);
    // reduce-columns records global requests only.
    EXPECT_NE(missingAccessesText(runOf("reduce-columns"), true).find("does not record"),
              std::string::npos);
}

}  // namespace
}  // namespace ws
