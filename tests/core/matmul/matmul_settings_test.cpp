// The matrix multiply's parameters are parsed once, by the catalog entry,
// into the settings every later stop reads.
#include <gtest/gtest.h>

#include "core/matmul/matmul_settings.h"

namespace ws {
namespace {

TEST(MatmulSettings, DefaultsComeFromTheCatalogEntry) {
    const ExperimentSpec* spec = findExperiment("matmul");
    ASSERT_NE(spec, nullptr);
    auto s = matmulSettings({});
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(matmulVariantInfo(s->variant).id, spec->param("variant")->defaultValue);
    EXPECT_EQ(std::to_string(s->n), spec->param("n")->defaultValue);
    EXPECT_EQ(std::to_string(s->blockDim), spec->param("block_dim")->defaultValue);
}

TEST(MatmulSettings, EachValueIsTyped) {
    auto s = matmulSettings(
        {{"variant", "seed-tiled"}, {"n", "2^10"}, {"block_dim", "16"}, {"traced_blocks", "2"}});
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->variant, MatmulVariant::SeedTiled);
    EXPECT_EQ(s->n, 1024u);
    EXPECT_EQ(s->blockDim, 16u);
    EXPECT_EQ(s->tracedBlocks, 2u);
}

TEST(MatmulSettings, RefusedValuesAreRefusedWithTheirLimit) {
    EXPECT_FALSE(matmulSettings({{"variant", "fastest"}}).ok());
    auto big = matmulSettings({{"variant", "cpu-naive"}, {"n", "8192"}});
    ASSERT_FALSE(big.ok());
    EXPECT_NE(big.error().find("limited to n <="), std::string::npos) << big.error();
}

TEST(MatmulSettings, OfARunOnlyForTheMatrixMultiplysOwnRuns) {
    ws::Run run;
    run.experiment = "matmul";
    run.params = {{"variant", "cublas"}, {"n", "256"}};
    const auto s = matmulSettingsOf(run);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->variant, MatmulVariant::Cublas);
    run.experiment = "matmul-tc";
    EXPECT_FALSE(matmulSettingsOf(run));
}

}  // namespace
}  // namespace ws
