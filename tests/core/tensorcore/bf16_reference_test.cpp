// BF16 as bits (rounding to nearest even, NaN and infinity), the tensor-core
// product's inputs exact in BF16, its reference against sums done by hand,
// and the tolerance: FP32 output bit for bit, BF16 output within 2^-8 of
// |C|, a dropped product caught in both.
#include "core/tensorcore/bf16_reference.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace ws {
namespace {

TEST(Bf16Bits, RoundToNearestTiesToEven) {
    EXPECT_EQ(bf16FromFloat(1.0f), 0x3f80);
    EXPECT_EQ(bf16FromFloat(-2.0f), 0xc000);
    EXPECT_EQ(bf16FromFloat(0.0f), 0x0000);
    EXPECT_EQ(bf16FromFloat(-0.0f), 0x8000);
    // 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: to the even one, 1.
    EXPECT_EQ(bf16FromFloat(1.0f + 0x1p-8f), 0x3f80);
    // 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6: to the even one.
    EXPECT_EQ(bf16FromFloat(1.0f + 3 * 0x1p-8f), 0x3f82);
    // Just above halfway goes up, just below goes down.
    EXPECT_EQ(bf16FromFloat(1.0f + 0x1p-8f + 0x1p-20f), 0x3f81);
    EXPECT_EQ(bf16FromFloat(1.0f + 0x1p-8f - 0x1p-20f), 0x3f80);
    // Past BF16's largest finite value: infinity; NaN stays NaN.
    EXPECT_EQ(bf16FromFloat(std::numeric_limits<float>::max()), 0x7f80);
    EXPECT_EQ(bf16FromFloat(std::numeric_limits<float>::infinity()), 0x7f80);
    EXPECT_TRUE(std::isnan(floatFromBf16(bf16FromFloat(std::nanf("")))));
    EXPECT_TRUE(std::isnan(floatFromBf16(0x7f81)));  // a signalling NaN's bits
    EXPECT_TRUE(std::isnan(floatFromBf16(bf16FromFloat(std::bit_cast<float>(0x7f800001u)))));
    EXPECT_EQ(floatFromBf16(0x3f81), 1.0f + 0x1p-7f);
}

TEST(Bf16Bits, EveryBf16ValueSurvivesTheRoundTrip) {
    for (std::uint32_t bits = 0; bits <= 0xffff; ++bits) {
        const float v = floatFromBf16(std::uint16_t(bits));
        if (std::isnan(v)) continue;
        EXPECT_EQ(bf16FromFloat(v), bits) << std::hex << bits;
    }
}

TEST(Bf16Inputs, TheLabsQuartersExactlyInBf16) {
    const auto a = makeBf16MatmulInput(64, 7, MatmulOperand::A);
    const auto b = makeBf16MatmulInput(64, 7, MatmulOperand::B);
    EXPECT_NE(a, b);
    EXPECT_EQ(a, makeBf16MatmulInput(64, 7, MatmulOperand::A));
    const std::vector<float> fa = makeMatmulInput(64, 7, MatmulOperand::A);
    const std::vector<float> wide = widenBf16(a);
    ASSERT_EQ(wide.size(), fa.size());
    for (std::size_t i = 0; i < fa.size(); ++i) EXPECT_EQ(wide[i], fa[i]) << i;  // no rounding
}

// C[i][j] summed by hand in double from the BF16 bits.
double entry(const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b,
             std::uint32_t n, std::uint32_t i, std::uint32_t j) {
    double s = 0;
    for (std::uint32_t k = 0; k < n; ++k)
        s += double(floatFromBf16(a[i * n + k])) * double(floatFromBf16(b[k * n + j]));
    return s;
}

TEST(Bf16Reference, CompleteAndSampledAgreeWithSumsByHand) {
    for (std::uint32_t n : {40u, 1040u}) {
        const auto a = makeBf16MatmulInput(n, 3, MatmulOperand::A);
        const auto b = makeBf16MatmulInput(n, 3, MatmulOperand::B);
        const MatmulReference ref = bf16MatmulReference(a, b, n, matmulSample(n, 3));
        const MatmulSample& s = ref.sample();
        EXPECT_EQ(s.complete, n <= kMatmulCompleteCheckMax);
        for (std::size_t i = 0; i < s.size(); i += s.complete ? 37 : 101) {
            const MatmulEntry e =
                s.complete ? MatmulEntry{std::uint32_t(i / n), std::uint32_t(i % n)} : s.entries[i];
            EXPECT_EQ(ref.expected(i), entry(a, b, n, e.row, e.col)) << e.row << "," << e.col;
        }
    }
}

TEST(Bf16Tolerance, Fp32OutputBitForBitUpToTheCatalogsLargest) {
    for (std::uint32_t n : {512u, 1000u, 4096u, 8192u}) {
        const MatmulTolerance t = bf16MatmulTolerance(n, false);
        EXPECT_TRUE(t.exact) << n;
        EXPECT_EQ(t.bound, 0) << n;
        EXPECT_EQ(t.relative, 0) << n;
        EXPECT_NE(t.note.find("2^20"), std::string::npos);
        EXPECT_NE(t.note.find("K 2^-23 sum|a||b|"), std::string::npos) << t.note;
    }
    // 4 K > 2^20: partial sums leave the exact range; K 2^-23 sum|a||b| with
    // sum|a||b| <= 4 K.
    const MatmulTolerance big = bf16MatmulTolerance(300000, false);
    EXPECT_FALSE(big.exact);
    EXPECT_NEAR(big.bound, 300000.0 * 0x1p-23 * 4 * 300000.0, 1e-9);
}

TEST(Bf16Tolerance, Bf16OutputWithinHalfAUnitInTheLastPlace) {
    const MatmulTolerance t = bf16MatmulTolerance(4096, true);
    EXPECT_FALSE(t.exact);  // rounded: not bit for bit against the double sum
    EXPECT_EQ(t.bound, 0);
    EXPECT_EQ(t.relative, 0x1p-8);
    EXPECT_NE(t.note.find("2^-8"), std::string::npos);
    // Rounding to nearest moves no value by more than 2^-8 of it: every BF16
    // rounding of a sweep of values passes the bound, and one unit more fails.
    for (double x = 1.0 / 16; x < 40000; x = x * 1.0137 + 1.0 / 16) {
        const float c = float(x);
        const double rounded = floatFromBf16(bf16FromFloat(c));
        EXPECT_LE(std::fabs(rounded - double(c)), t.relative * std::fabs(double(c))) << x;
    }
}

TEST(Bf16Check, ExactProductPassesAndADroppedProductFailsEitherWay) {
    const std::uint32_t n = 96;
    const auto a = makeBf16MatmulInput(n, 5, MatmulOperand::A);
    const auto b = makeBf16MatmulInput(n, 5, MatmulOperand::B);
    const MatmulReference ref = bf16MatmulReference(a, b, n, matmulSample(n, 5));
    std::vector<float> c(std::size_t(n) * n);
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = 0; j < n; ++j) c[i * n + j] = float(entry(a, b, n, i, j));

    const MatmulTolerance f32 = bf16MatmulTolerance(n, false);
    EXPECT_EQ(ref.check(c.data(), f32.bound, f32.relative).wrong, 0u);
    // C rounded to BF16 passes the BF16 tolerance, not the FP32 one.
    std::vector<float> rounded(c.size());
    std::size_t moved = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        rounded[i] = floatFromBf16(bf16FromFloat(c[i]));
        moved += rounded[i] != c[i];
    }
    ASSERT_GT(moved, 0u);
    const MatmulTolerance bf16 = bf16MatmulTolerance(n, true);
    EXPECT_EQ(ref.check(rounded.data(), bf16.bound, bf16.relative).wrong, 0u);
    EXPECT_EQ(ref.check(rounded.data(), f32.bound, f32.relative).wrong, moved);

    // The last product of entry (90, 7) dropped, as a k-edge lost would drop it.
    const double last =
        double(floatFromBf16(a[90 * n + n - 1])) * double(floatFromBf16(b[(n - 1) * n + 7]));
    std::vector<float> dropped = c;
    dropped[90 * n + 7] = float(double(c[90 * n + 7]) - last);
    const MatmulCheck wrong = ref.check(dropped.data(), f32.bound, f32.relative);
    EXPECT_EQ(wrong.wrong, 1u);
    ASSERT_FALSE(wrong.mismatches.empty());
    EXPECT_EQ(wrong.mismatches.front().row, 90u);
    EXPECT_EQ(wrong.mismatches.front().col, 7u);
    // A NaN left where no thread wrote fails under either tolerance.
    std::vector<float> unwritten = rounded;
    unwritten[n * n - 1] = std::nanf("");
    EXPECT_EQ(ref.check(unwritten.data(), bf16.bound, bf16.relative).wrong, 1u);
}

}  // namespace
}  // namespace ws
