// Inputs, the tolerance, the sample and the checks of the matrix multiply
// lab, and the CPU variants and the printed kernel's emulation against the
// reference on hand-worked and awkward sizes.
#include "core/matmul/matmul_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/matmul/matmul_bug.h"
#include "core/matmul/matmul_cpu.h"

namespace ws {
namespace {

TEST(MatmulInputs, QuartersNeverZeroAndReproducible) {
    const auto a = makeMatmulInput(64, 7, MatmulOperand::A);
    const auto b = makeMatmulInput(64, 7, MatmulOperand::B);
    EXPECT_NE(a, b);
    EXPECT_EQ(a, makeMatmulInput(64, 7, MatmulOperand::A));
    int negative = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_NE(a[i], 0.0f);
        EXPECT_LE(std::fabs(a[i]), 2.0f);
        EXPECT_EQ(a[i] * 4, std::round(a[i] * 4));  // a multiple of 1/4
        EXPECT_EQ(a[i], matmulInputElement(7, MatmulOperand::A, i));
        negative += a[i] < 0;
    }
    EXPECT_GT(negative, 1024);  // both signs, about half each
    EXPECT_LT(negative, 3072);
}

TEST(MatmulTolerance, ExactForEverySizeTheCatalogAllows) {
    const MatmulTolerance t = matmulTolerance(10000);
    EXPECT_TRUE(t.exact);
    EXPECT_EQ(t.bound, 0);
    EXPECT_NE(t.note.find("2^20"), std::string::npos);
    // 4 n > 2^20: sums leave the exact range and the rounding bound applies.
    const MatmulTolerance big = matmulTolerance(300000);
    EXPECT_FALSE(big.exact);
    const double gamma = 300000 * 0x1p-24 / (1 - 300000 * 0x1p-24);
    EXPECT_NEAR(big.bound, gamma * 4 * 300000, 1e-9);
}

TEST(MatmulSample, EdgesOfEveryTileSize) {
    EXPECT_EQ(matmulEdgeIndices(1000),
              (std::vector<std::uint32_t>{0, 767, 768, 895, 896, 959, 960, 991, 992, 999}));
    EXPECT_EQ(matmulEdgeIndices(1), (std::vector<std::uint32_t>{0}));
    EXPECT_TRUE(matmulSample(1024, 1).complete);
    const MatmulSample s = matmulSample(2000, 1);
    ASSERT_FALSE(s.complete);
    EXPECT_TRUE(std::is_sorted(s.entries.begin(), s.entries.end()));
    EXPECT_EQ(std::adjacent_find(s.entries.begin(), s.entries.end()), s.entries.end());
    auto has = [&](std::uint32_t r, std::uint32_t c) {
        return std::binary_search(s.entries.begin(), s.entries.end(), MatmulEntry{r, c});
    };
    for (std::uint32_t k = 0; k < 2000; k += 37) {
        EXPECT_TRUE(has(0, k) && has(1999, k) && has(k, 0) && has(k, 1999)) << k;
    }
    for (std::uint32_t r : matmulEdgeIndices(2000))
        for (std::uint32_t c : matmulEdgeIndices(2000)) EXPECT_TRUE(has(r, c)) << r << "," << c;
    EXPECT_GT(s.size(), 4u * 2000 + 4096 / 2);
    EXPECT_NE(s.describe().find("of 4,000,000"), std::string::npos) << s.describe();
}

TEST(MatmulReference, TwoByTwoByHand) {
    const std::vector<float> a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
    const auto ref = MatmulReference::compute(a, b, 2, matmulSample(2, 1));
    const std::vector<float> right = {19, 22, 43, 50};
    const MatmulCheck ok = ref.check(right.data(), 0);
    EXPECT_EQ(ok.checked, 4u);
    EXPECT_EQ(ok.wrong, 0u);
    std::vector<float> wrong = right;
    wrong[2] = 42;
    wrong[3] = std::nanf("");
    const MatmulCheck bad = ref.check(wrong.data(), 0);
    EXPECT_EQ(bad.wrong, 2u);
    ASSERT_EQ(bad.mismatches.size(), 2u);
    EXPECT_EQ(bad.mismatches[0].row, 1u);
    EXPECT_EQ(bad.mismatches[0].col, 0u);
    EXPECT_EQ(bad.mismatches[0].expected, 43);
    EXPECT_TRUE(std::isinf(bad.maxAbsError));
    const Verification v = matmulVerification(bad, ref, matmulTolerance(2));
    EXPECT_FALSE(v.passed);
    EXPECT_EQ(v.expected, "C[1][0] = 43");
    EXPECT_EQ(v.actual, "C[1][0] = 42");
    // A pass says what the tolerance was: none at this size, so bit for bit.
    ASSERT_TRUE(matmulTolerance(2).exact);
    EXPECT_EQ(matmulVerification(ok, ref, matmulTolerance(2)).actual, "equal, bit for bit");
    MatmulTolerance loose = matmulTolerance(2);
    loose.exact = false;
    loose.bound = 1e-3;
    EXPECT_EQ(matmulVerification(ok, ref, loose).actual, "equal within the tolerance");
    ws::Run run;
    storeMatmulCheck(run, bad);
    EXPECT_EQ(run.figures.at("wrongEntries"), 2);
    EXPECT_EQ(findTable(run.tables, "mismatches")->rows(), 2u);
}

TEST(MatmulReference, SampledEntriesEqualDotProducts) {
    const std::uint32_t n = 1100;
    const auto a = makeMatmulInput(n, 3, MatmulOperand::A);
    const auto b = makeMatmulInput(n, 3, MatmulOperand::B);
    const auto ref = MatmulReference::compute(a, b, n, matmulSample(n, 3));
    const auto& entries = ref.sample().entries;
    for (std::size_t i = 0; i < entries.size(); i += 211) {
        double sum = 0;
        for (std::uint32_t k = 0; k < n; ++k)
            sum += double(a[entries[i].row * n + k]) * b[std::size_t(k) * n + entries[i].col];
        EXPECT_EQ(ref.expected(i), sum) << entries[i].row << "," << entries[i].col;
    }
}

class MatmulCpu : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(MatmulCpu, BothVariantsExact) {
    const std::uint32_t n = GetParam();
    const auto a = makeMatmulInput(n, 5, MatmulOperand::A);
    const auto b = makeMatmulInput(n, 5, MatmulOperand::B);
    const auto ref = MatmulReference::compute(a, b, n, matmulSample(n, 5));
    std::vector<float> c(std::size_t(n) * n, -1);
    cpuNaiveMatmul(a.data(), b.data(), c.data(), n);
    EXPECT_EQ(ref.check(c.data(), 0).wrong, 0u);
    std::fill(c.begin(), c.end(), -1.0f);
    const int threads = cpuBlockedMatmul(a.data(), b.data(), c.data(), n, 2);
    EXPECT_GE(threads, 1);
    EXPECT_LE(threads, 2);
    EXPECT_EQ(ref.check(c.data(), 0).wrong, 0u) << "n = " << n;
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, MatmulCpu,
                         ::testing::Values(1u, 4u, 17u, 31u, 33u, 127u, 257u));

TEST(MatmulBug, AgreesBelowOneTileAndDiffersAbove) {
    const std::uint32_t n = 12, bd = 8;
    const auto a = makeMatmulInput(n, 9, MatmulOperand::A);
    const auto b = makeMatmulInput(n, 9, MatmulOperand::B);
    // Phase 0 (k < 8) is right; phase 1 multiplies A's columns 0..3 again
    // instead of 8..11.
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = 0; j < n; ++j) {
            double expected = 0;
            for (std::uint32_t k = 0; k < 8; ++k) expected += double(a[i * n + k]) * b[k * n + j];
            for (std::uint32_t l = 0; l < 4; ++l)
                expected += double(a[i * n + l]) * b[(8 + l) * n + j];
            EXPECT_EQ(seedTiledBugEntry(a, b, n, bd, i, j), expected);
        }
    // n <= BLOCK_DIM: one phase, nothing to get wrong.
    const auto small = makeMatmulInput(8, 9, MatmulOperand::A);
    double right = 0;
    for (std::uint32_t k = 0; k < 8; ++k) right += double(small[k]) * small[k * 8 + 3];
    EXPECT_EQ(seedTiledBugEntry(small, small, 8, 8, 0, 3), right);
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

TEST(MatmulReference, KeptMismatchesSpreadOverAllTheWrongOnes) {
    const std::uint32_t n = 100;
    const auto a = makeMatmulInput(n, 2, MatmulOperand::A);
    const auto b = makeMatmulInput(n, 2, MatmulOperand::B);
    const auto ref = MatmulReference::compute(a, b, n, matmulSample(n, 2));
    std::vector<float> zero(std::size_t(n) * n, 1000.0f);  // every entry wrong
    const MatmulCheck check = ref.check(zero.data(), 0);
    EXPECT_EQ(check.wrong, 10000u);
    EXPECT_EQ(check.mismatches.front().row, 0u);
    EXPECT_EQ(check.mismatches.front().col, 0u);
    EXPECT_GT(check.mismatches.back().row, 90u);  // reaching the bottom of C, not its top rows
    EXPECT_EQ(check.mismatches.size(), kMatmulMismatchesKept);
    std::set<std::uint32_t> columns;
    for (const auto& m : check.mismatches) columns.insert(m.col);
    EXPECT_GT(columns.size(), 90u);  // scattered, not a few stripes
}

}  // namespace
}  // namespace ws
