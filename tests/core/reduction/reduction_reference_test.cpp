#include "core/reduction/reduction_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace ws {
namespace {

TEST(ReductionReference, GeneratorsAreDeterministicAndInRange) {
    EXPECT_EQ(makeIntInput(1000, 5), makeIntInput(1000, 5));
    EXPECT_NE(makeIntInput(1000, 5), makeIntInput(1000, 6));
    EXPECT_EQ(makeFloatInput(1000, 5), makeFloatInput(1000, 5));
    EXPECT_EQ(makeAffineInput(1000, 5), makeAffineInput(1000, 5));
    // A prefix of a longer input is the shorter input.
    const auto longer = makeIntInput(2000, 9);
    const auto shorter = makeIntInput(100, 9);
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), longer.begin()));

    const auto ints = makeIntInput(100000, 1);
    std::vector<int> histogram(10);
    for (int v : ints) {
        ASSERT_GE(v, 0);
        ASSERT_LE(v, 9);
        histogram[v]++;
    }
    for (int h : histogram) EXPECT_NEAR(h, 10000, 600);
    for (float f : makeFloatInput(100000, 1)) {
        ASSERT_GE(f, 0.0f);
        ASSERT_LT(f, 1.0f);
    }
    // The older traces' affine inputs, still made for their CPU model.
    for (const Affine& m : makeAffineInput(100000, 1, AffineScheme::Wrap32)) {
        ASSERT_TRUE(m.a == 1 || m.a == 3 || m.a == 5 || m.a == 7);
        ASSERT_LE(m.b, 9u);
    }
}

TEST(ReductionReference, ReadableAffineInputsAreSmallAndAlternate) {
    for (const auto& maps : {makeAffineInput(100000, 1), makeAffineCheckInput(100000, 1)}) {
        std::vector<int> as(10), bs(10);
        for (std::size_t i = 0; i < maps.size(); ++i) {
            const Affine m = maps[i];
            ASSERT_GE(m.a, 2u);
            ASSERT_LE(m.a, 9u);
            ASSERT_EQ(m.a % 2, i % 2 == 0 ? 1u : 0u) << i;  // odd at even positions
            ASSERT_EQ(m.b % 2, 1u) << i;
            ASSERT_LE(m.b, 9u);
            as[m.a]++;
            bs[m.b]++;
        }
        for (std::uint32_t a = 2; a <= 9; ++a) EXPECT_NEAR(as[a], 12500, 700) << a;
        for (std::uint32_t b = 1; b <= 9; b += 2) EXPECT_NEAR(bs[b], 20000, 900) << b;
    }
    EXPECT_NE(makeAffineInput(1000, 1), makeAffineCheckInput(1000, 1));
    EXPECT_NE(makeAffineInput(1000, 1), makeAffineInput(1000, 2));
    const auto longer = makeAffineInput(3000, 4), shorter = makeAffineInput(77, 4);
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), longer.begin()));
}

TEST(ReductionReference, IntSumWraps) {
    const std::vector<std::int32_t> small = {1, 2, 3, 9};
    EXPECT_EQ(referenceSum(small), 15u);
    const std::vector<std::int32_t> big = {2147483647, 2147483647, 3};
    EXPECT_EQ(referenceSum(big), 1u);  // 2^32 + 1 wraps to 1
    EXPECT_EQ(referenceSum(std::span<const std::int32_t>{}), 0u);
    EXPECT_EQ(toText(referenceSum(big)), "1");
}

TEST(ReductionReference, FloatSumIsCompensated) {
    const std::vector<float> v = {1.0f, 1e-8f, -1.0f, 0.5f};
    const auto r = referenceSum(v);
    EXPECT_DOUBLE_EQ(r.sum, 0.5 + double(1e-8f));
    EXPECT_DOUBLE_EQ(r.sumOfMagnitudes, 2.5 + double(1e-8f));
    // Many small values after a large one: a naive float sum loses them all.
    std::vector<float> many(1 << 20, 1.0f);
    many.insert(many.begin(), 1e8f);
    EXPECT_DOUBLE_EQ(referenceSum(many).sum, 1e8 + double(1 << 20));
}

TEST(ReductionReference, AffineComposeIsInOrderAndNotCommutative) {
    const Affine f{3, 1}, g{5, 2};
    // f then g: x -> 5*(3x + 1) + 2 = 15x + 7.
    const Affine h{1, 4};
    const std::vector<Affine> fh = {f, h}, hf = {h, f};
    EXPECT_EQ(referenceCompose(fh), (Affine{3, 5}));   // 1*(3x+1)+4
    EXPECT_EQ(referenceCompose(hf), (Affine{3, 13}));  // 3*(x+4)+1
    EXPECT_NE(referenceCompose(fh), referenceCompose(hf));
    const std::vector<Affine> fg = {f, g};
    EXPECT_EQ(referenceCompose(fg), (Affine{15, 7}));
    EXPECT_EQ(referenceCompose(std::span<const Affine>{}), affineIdentity());
    EXPECT_EQ(toText(Affine{15, 7}), "15*x + 7 mod 97");
}

TEST(ReductionReference, AffineComposeWorksModulo97ByHand) {
    // (3, 5) then (4, 1): x -> 4*(3x + 5) + 1 = 12x + 21; then (9, 7):
    // 9*12 = 108 = 97 + 11 and 9*21 + 7 = 196 = 2*97 + 2.
    const std::vector<Affine> maps = {{3, 5}, {4, 1}, {9, 7}};
    EXPECT_EQ(referenceCompose(std::span(maps).first(2)), (Affine{12, 21}));
    EXPECT_EQ(referenceCompose(maps), (Affine{11, 2}));
    EXPECT_EQ(combine(Affine{12, 21}, Affine{9, 7}), (Affine{11, 2}));
    EXPECT_EQ(toText(referenceCompose(maps)), "11*x + 2 mod 97");
    // Every result stays below 97 however long the chain.
    for (const Affine& m : {referenceCompose(makeAffineInput(1 << 20, 1)),
                            referenceCompose(makeAffineCheckInput(1 << 20, 1))}) {
        EXPECT_LT(m.a, 97u);
        EXPECT_LT(m.b, 97u);
    }
}

TEST(ReductionReference, OlderTracesComposeModulo2To32) {
    const std::vector<Affine> wrap = {{0x80000001u, 0}, {2u, 0}};
    EXPECT_EQ(referenceCompose(wrap, AffineScheme::Wrap32).a, 2u);
    const std::vector<Affine> small = {{3, 5}, {4, 1}, {9, 7}};
    EXPECT_EQ(referenceCompose(small, AffineScheme::Wrap32), (Affine{108, 196}));
    EXPECT_EQ(combine(Affine{12, 21}, Affine{9, 7}, AffineScheme::Wrap32), (Affine{108, 196}));
    EXPECT_EQ(toText(Affine{3, 7}, AffineScheme::Wrap32), "3*x + 7");
}

TEST(ReductionReference, ToleranceAndDepth) {
    EXPECT_DOUBLE_EQ(floatSumTolerance(1024.0, 10), 10 * 1024.0 / 16777216.0);
    EXPECT_EQ(floatSumTolerance(5.0, 0), 0.0);
    // 2^20 elements, 256 threads, 1 block: 4096 per thread + 8 tree levels.
    EXPECT_EQ(reductionDepth(1 << 20, 256, 1), 4096u + 8u);
    // 264 blocks: ceil(2^20 / 67584) = 16 per thread, 8 levels, 263 merges.
    EXPECT_EQ(reductionDepth(1 << 20, 256, 264), 16u + 8u + 263u);
    EXPECT_EQ(reductionDepth(0, 256, 4), 0u);
    EXPECT_EQ(reductionDepth(5, 1000, 1), 1u + 10u);  // non-power-of-two rounds up
}

TEST(ReductionReference, DoubleText) {
    EXPECT_EQ(toText(0.5), "0.5");
    EXPECT_EQ(std::stod(toText(0.1)), 0.1);
}

}  // namespace
}  // namespace ws
