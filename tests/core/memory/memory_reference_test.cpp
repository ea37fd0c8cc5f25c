// CPU references of the memory lab, against cases worked out by hand.
#include "core/memory/memory_reference.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(MemoryReference, TransposeMovesEveryElement) {
    // 3 wide, 2 high: src rows {0 1 2} {3 4 5} -> dst rows {0 3} {1 4} {2 5}.
    const std::vector<float> src = {0, 1, 2, 3, 4, 5};
    const auto dst = transposeReference<float>(src, 3, 2);
    EXPECT_EQ(dst, (std::vector<float>{0, 3, 1, 4, 2, 5}));
    EXPECT_EQ(firstTransposeMismatch(src, dst, 3, 2), dst.size());
    auto wrong = dst;
    wrong[3] = 9;
    EXPECT_EQ(firstTransposeMismatch(src, wrong, 3, 2), 3u);
}

TEST(MemoryReference, TransposeOfTransposeIsIdentityForOddSizes) {
    const auto image = makeImageU8(37, 53, 7);
    const auto t = transposeReference<std::uint8_t>(image, 37, 53);
    EXPECT_EQ(firstTransposeMismatch(image, t, 37, 53), t.size());
    EXPECT_EQ(transposeReference<std::uint8_t>(t, 53, 37), image);
}

TEST(MemoryReference, InputsAreDeterministicAndSeeded) {
    EXPECT_EQ(makeImageU8(64, 64, 1), makeImageU8(64, 64, 1));
    EXPECT_NE(makeImageU8(64, 64, 1), makeImageU8(64, 64, 2));
    const auto m = makeMatrixF32(100, 10, 3);
    EXPECT_EQ(m, makeMatrixF32(100, 10, 3));
    for (float v : m) {
        EXPECT_GE(v, 0.0f);
        EXPECT_LT(v, 1.0f);
    }
    for (auto v : makeImageU8(300, 300, 5)) EXPECT_LE(v, 254);
}

TEST(MemoryReference, ImageIsNotSymmetric) {
    // A symmetric image would hide a transpose that swapped nothing.
    const auto image = makeImageU8(64, 64, 1);
    EXPECT_NE(transposeReference<std::uint8_t>(image, 64, 64), image);
}

TEST(MemoryReference, AxisSums) {
    const std::vector<std::uint8_t> src = {1, 2, 3, 4, 5, 6};  // 3 wide, 2 high
    EXPECT_EQ(columnSumsReference(src, 3, 2), (std::vector<double>{5, 7, 9}));
    EXPECT_EQ(rowSumsReference(src, 3, 2), (std::vector<double>{6, 15}));
}

TEST(MemoryReference, IntegerSumsBelowTwoToTheTwentyFourAreExact) {
    EXPECT_EQ(integerFloatSumTolerance(255.0 * 32768, 32768), 0.0);
    EXPECT_EQ(integerFloatSumTolerance(16777216.0, 10), 0.0);
    EXPECT_GT(integerFloatSumTolerance(16777217.0 * 4, 10), 0.0);
    const std::vector<double> expected = {10, 20};
    const std::vector<float> same = {10, 20}, off = {10, 21};
    EXPECT_TRUE(verifySums(expected, same, 4, "rowsum").passed);
    const auto v = verifySums(expected, off, 4, "rowsum");
    EXPECT_FALSE(v.passed);
    EXPECT_EQ(v.absError, 1.0);
    EXPECT_NE(v.note.find("rowsum[1]"), std::string::npos);
}

TEST(MemoryReference, ProbePatternsMatchTheBankAnalysis) {
    auto flat = bankProbePattern(32, 4, 0, "none", "stride");
    ASSERT_TRUE(flat.ok()) << flat.error();
    EXPECT_EQ(analyzeBanks(flat->access).passes, 32u);
    EXPECT_GE(flat->sharedBytes, 31u * 32 * 4 + 4);
    // The transpose's column read of a 32x32 float tile: 32 passes, 1 with +1 float.
    auto column = bankProbePattern(0, 4, 0, "32x32", "column");
    ASSERT_TRUE(column.ok());
    EXPECT_EQ(analyzeBanks(column->access).passes, 32u);
    auto padded = bankProbePattern(0, 4, 4, "32x32", "column");
    ASSERT_TRUE(padded.ok());
    EXPECT_EQ(analyzeBanks(padded->access).passes, 1u);
    EXPECT_EQ(padded->sharedBytes, 32u * 33 * 4);
    // The seed's uint8 tile: sbuf[16][16] reads down a column in 2 passes, [16][16+4] in 1.
    EXPECT_EQ(analyzeBanks(bankProbePattern(0, 1, 0, "16x16", "column")->access).passes, 2u);
    EXPECT_EQ(analyzeBanks(bankProbePattern(0, 1, 4, "16x16", "column")->access).passes, 1u);
}

TEST(MemoryReference, ProbePatternRefusesWhatCannotRun) {
    EXPECT_FALSE(bankProbePattern(1, 3, 0, "none", "stride").ok());
    EXPECT_FALSE(bankProbePattern(1, 4, 4, "none", "stride").ok());   // padding without a tile
    EXPECT_FALSE(bankProbePattern(1, 8, 4, "32x32", "stride").ok());  // misaligned rows
    EXPECT_FALSE(bankProbePattern(1, 16, 8, "32x32", "stride").ok());
    EXPECT_TRUE(bankProbePattern(1, 16, 16, "32x32", "stride").ok());
    EXPECT_FALSE(bankProbePattern(1, 4, 0, "none", "column").ok());
    std::uint32_t r = 0, c = 0;
    EXPECT_FALSE(parseTileShape("32by32", r, c).ok());
    EXPECT_TRUE(parseTileShape("32x16", r, c).ok());
    EXPECT_EQ(r, 32u);
    EXPECT_EQ(c, 16u);
}

}  // namespace
}  // namespace ws
