// The counters file the GPU script writes: read back, and refused with what
// and where when it is not what the script writes.
#include "core/matmul/matmul_counters.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(MatmulCounters, ReadsWhatTheScriptWrites) {
    auto c = parseMatmulCounters(R"({"format": "warpscope-matmul-counters", "n": 2048,
        "metrics": {}, "variants": [
        {"variant": "warptile", "dramReadBytes": 1.5e8, "l2ReadSectors": 4e6, "l1GlobalLoadSectors": 4.2e6},
        {"variant": "cublas", "dramReadBytes": 1.2e8, "l2ReadSectors": 3e6, "l1GlobalLoadSectors": 3e6}]})");
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->n, 2048u);
    ASSERT_EQ(c->variants.size(), 2u);
    EXPECT_DOUBLE_EQ(c->variants.at("warptile").dramReadBytes, 1.5e8);
    EXPECT_DOUBLE_EQ(c->variants.at("cublas").l1GlobalLoadSectors, 3e6);
}

TEST(MatmulCounters, RefusesWhatItCannotTrust) {
    EXPECT_FALSE(parseMatmulCounters("not json").ok());
    EXPECT_FALSE(parseMatmulCounters(R"({"format": "other", "n": 1, "variants": []})").ok());
    // Fields of the wrong type are errors or defaults, never the JSON library's exception.
    EXPECT_FALSE(parseMatmulCounters(R"({"format": 7, "n": 1, "variants": []})").ok());
    auto oddDevice = parseMatmulCounters(
        R"({"format": "warpscope-matmul-counters", "n": 64, "device": 5, "variants": []})");
    ASSERT_TRUE(oddDevice.ok()) << oddDevice.error();
    EXPECT_EQ(oddDevice->device, "");
    auto noN = parseMatmulCounters(R"({"format": "warpscope-matmul-counters", "variants": []})");
    ASSERT_FALSE(noN.ok());
    EXPECT_NE(noN.error().find("\"n\""), std::string::npos);
    auto unknown = parseMatmulCounters(R"({"format": "warpscope-matmul-counters", "n": 64,
        "variants": [{"variant": "tensor", "dramReadBytes": 1, "l2ReadSectors": 1, "l1GlobalLoadSectors": 1}]})");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("variants[0]: unknown variant 'tensor'"), std::string::npos);
    auto negative = parseMatmulCounters(R"({"format": "warpscope-matmul-counters", "n": 64,
        "variants": [{"variant": "warptile", "dramReadBytes": -1, "l2ReadSectors": 1, "l1GlobalLoadSectors": 1}]})");
    ASSERT_FALSE(negative.ok());
    EXPECT_NE(negative.error().find("dramReadBytes"), std::string::npos);
}

}  // namespace
}  // namespace ws
