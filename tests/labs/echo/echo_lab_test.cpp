// The echo lab, registered from its own files, is a lab like the built-in
// ones: in the catalog after them, listed by warpscope-record, and run by its
// family.
#include "tests/labs/echo/echo_lab.h"

#include <gtest/gtest.h>

#include <sstream>

#include "app/record/commands/record_commands.h"
#include "kernels/runner/experiment_families.h"

namespace ws {
namespace {

TEST(EchoLab, ItsEntryComesAfterTheBuiltInLabs) {
    ASSERT_FALSE(catalog().empty());
    EXPECT_EQ(catalog().back().id, echo::kEchoExperiment);
    EXPECT_EQ(catalog().front().id, "hello");  // the first lecture still first
    const ExperimentSpec* spec = findExperiment(echo::kEchoExperiment);
    ASSERT_NE(spec, nullptr);
    EXPECT_FALSE(resolveParams(*spec, {"n=2000"}).ok());  // its own range holds
}

TEST(EchoLab, TheRecorderListsIt) {
    std::ostringstream out, err;
    EXPECT_EQ(record::listExperiments("", true, out, err), 0) << err.str();
    EXPECT_NE(out.str().find("\"test-echo\""), std::string::npos);
}

TEST(EchoLab, ItsFamilyRunsItAndVerifies) {
    const ExperimentFamily* echo = nullptr;
    for (const ExperimentFamily& f : experimentFamilies())
        if (f.owns(echo::kEchoExperiment)) echo = &f;
    ASSERT_NE(echo, nullptr);
    EXPECT_EQ(&experimentFamilies().back(), echo);
    auto run = echo->run(*findExperiment(echo::kEchoExperiment), {{"n", "100"}}, RunOptions{}, {});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed);
    EXPECT_DOUBLE_EQ(run->figures.at("sum"), 5050);
}

}  // namespace
}  // namespace ws
