// The tensor-core lab's parameters are parsed once, by the catalog entry,
// into the settings every later stop reads.
#include "core/tensorcore/tensorcore_settings.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(TensorCoreSettings, DefaultsComeFromTheCatalogEntry) {
    auto s = tensorCoreSettings({});
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->variant, TensorCoreVariant::Wmma);
    EXPECT_EQ(s->n, 4096u);
    EXPECT_EQ(s->output, TensorCoreOutput::F32);
    EXPECT_EQ(s->tracedBlocks, 1u);
}

TEST(TensorCoreSettings, EachValueIsTyped) {
    auto s = tensorCoreSettings(
        {{"variant", "persistent"}, {"n", "2^11"}, {"output", "bf16"}, {"traced_blocks", "4"}});
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->variant, TensorCoreVariant::Persistent);
    EXPECT_EQ(s->n, 2048u);
    EXPECT_EQ(s->output, TensorCoreOutput::Bf16);
    EXPECT_EQ(s->tracedBlocks, 4u);
}

TEST(TensorCoreSettings, RefusedValuesSayWhatTheyBroke) {
    auto bad = tensorCoreSettings({{"variant", "tensor-magic"}});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("variant"), std::string::npos) << bad.error();
    auto odd = tensorCoreSettings({{"n", "1001"}});
    ASSERT_FALSE(odd.ok());
    EXPECT_NE(odd.error().find("8"), std::string::npos) << odd.error();
}

TEST(TensorCoreSettings, OfARunOnlyForTheTensorCoresOwnRuns) {
    ws::Run run;
    run.experiment = kTensorCoreExperiment;
    run.params = {{"variant", "cublas"}, {"n", "1024"}};
    const auto s = tensorCoreSettingsOf(run);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->variant, TensorCoreVariant::Cublas);
    EXPECT_EQ(s->n, 1024u);
    run.experiment = "matmul";
    EXPECT_FALSE(tensorCoreSettingsOf(run));
}

}  // namespace
}  // namespace ws
