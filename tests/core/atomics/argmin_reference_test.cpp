// Argmin's inputs, the CPU reference (first index of the minimum, from one
// thread or many), the two 64-bit layouts, and the check of a GPU answer.
#include "core/atomics/argmin_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace ws {
namespace {

TEST(ArgminReference, TheBlogsExample) {
    const std::vector<float> v = {3, 5, 2, 7, 1, 9};
    const ArgminReference r = argminReference(v);
    EXPECT_EQ(r.value, 1);
    EXPECT_EQ(r.index, 4u);
    EXPECT_EQ(r.count, 1u);
}

TEST(ArgminReference, TiesGiveTheFirstIndexAndAreCounted) {
    const std::vector<float> v = {4, 0, 7, 0, 0, 9};
    const ArgminReference r = argminReference(v);
    EXPECT_EQ(r.index, 1u);
    EXPECT_EQ(r.count, 3u);
    EXPECT_EQ(r.firstIndices, (std::vector<std::uint64_t>{1, 3, 4}));
}

TEST(ArgminReference, ParallelAgreesWithOneThreadAcrossChunkEdges) {
    for (std::uint64_t n : {1ull, 31ull, 50000ull, (1ull << 20) + 7})
        for (const char* input : {"blog", "distinct", "descending"}) {
            const auto v = makeArgminInput(input, n, 3);
            const ArgminReference one = argminReference(v);
            for (unsigned threads : {1u, 3u, 8u, 0u}) {
                const ArgminReference many = argminParallel(v, threads);
                EXPECT_EQ(many.value, one.value) << input << " n=" << n;
                EXPECT_EQ(many.index, one.index) << input << " n=" << n << " threads=" << threads;
            }
        }
    // A tie split over chunks: the first chunk's index wins.
    std::vector<float> v(1 << 18, 5.0f);
    v[1000] = v[(1 << 18) - 5] = 1.0f;
    EXPECT_EQ(argminParallel(v, 4).index, 1000u);
}

TEST(ArgminReference, Inputs) {
    const auto blog = makeArgminInput("blog", 50000, 1);
    for (float x : blog) {
        ASSERT_GE(x, 0);
        ASSERT_LE(x, 10000);
        ASSERT_EQ(x, std::floor(x));
    }
    EXPECT_GT(argminReference(blog).count, 1u)
        << "50,000 draws from 10,001 values tie at the minimum";
    const auto distinct = makeArgminInput("distinct", 100000, 1);
    const ArgminReference d = argminReference(distinct);
    EXPECT_EQ(d.value, 0.5f);
    EXPECT_EQ(d.count, 1u);
    EXPECT_GE(*std::min_element(distinct.begin() + 1, distinct.end()), 0.5f);
    const auto down = makeArgminInput("descending", 1000, 1);
    EXPECT_EQ(down.front(), 999.0f);
    EXPECT_EQ(argminReference(down).index, 999u);
    EXPECT_EQ(makeArgminInput("blog", 1000, 5), makeArgminInput("blog", 1000, 5));
    EXPECT_NE(makeArgminInput("blog", 1000, 5), makeArgminInput("blog", 1000, 6));
}

TEST(ArgminReference, OrderedKeysSortLikeFloats) {
    const std::vector<float> sorted = {-INFINITY, -FLT_MAX, -2.5f, -1e-30f, -0.0f,   0.0f,
                                       1e-45f,    1.0f,     10000, FLT_MAX, INFINITY};
    for (std::size_t i = 0; i + 1 < sorted.size(); ++i)
        EXPECT_LT(orderedKey(sorted[i]), orderedKey(sorted[i + 1])) << sorted[i];
    for (float f : sorted) EXPECT_EQ(std::signbit(fromOrderedKey(orderedKey(f))), std::signbit(f));
    for (float f : sorted) EXPECT_EQ(fromOrderedKey(orderedKey(f)), f);
    // The word: value first, then the smaller index.
    EXPECT_LT(minWord(1.0f, 900), minWord(2.0f, 3));
    EXPECT_LT(minWord(1.0f, 3), minWord(1.0f, 900));
}

TEST(ArgminReference, TheBlogsUnionLayout) {
    // floats[0] in the low word, ints[1] in the high word.
    const std::uint64_t w = blogWord(1.0f, 7);
    EXPECT_EQ(std::uint32_t(w), 0x3F800000u);
    EXPECT_EQ(std::uint32_t(w >> 32), 7u);
    EXPECT_EQ(blogValue(blogWord(FLT_MAX, -1)), FLT_MAX);
    EXPECT_EQ(blogIndex(blogWord(FLT_MAX, -1)), -1);
}

TEST(ArgminReference, VerificationAcceptsAnyTiedIndexOnlyForTheFirstTwoLoops) {
    const std::vector<float> v = {4, 0, 7, 0, 0, 9};
    const ArgminReference r = argminReference(v);
    for (const char* loose : {"cas-original", "cas-modified"}) {
        const Verification ok = verifyArgmin(loose, v, r, 0, 3);
        EXPECT_TRUE(ok.passed) << loose;
        EXPECT_NE(ok.note.find("not the CPU's 1"), std::string::npos) << ok.note;
        EXPECT_TRUE(verifyArgmin(loose, v, r, 0, 1).passed);
    }
    for (const char* strict : {"cas-modified-new", "shuffle-atomicmin", "cub"}) {
        const Verification bad = verifyArgmin(strict, v, r, 0, 4);
        EXPECT_FALSE(bad.passed) << strict;
        EXPECT_NE(bad.note.find("must return the smallest index 1"), std::string::npos);
        EXPECT_TRUE(verifyArgmin(strict, v, r, 0, 1).passed);
    }
    EXPECT_FALSE(verifyArgmin("cas-original", v, r, 0, 2).passed);   // holds 7
    EXPECT_FALSE(verifyArgmin("cas-original", v, r, 4, 0).passed);   // not the minimum
    EXPECT_FALSE(verifyArgmin("cas-original", v, r, 0, 6).passed);   // outside
    EXPECT_FALSE(verifyArgmin("cas-original", v, r, 0, -1).passed);  // never written
    EXPECT_NE(verifyArgmin("cub", v, r, 0, 1).expected.find("3 indices: 1, 3, 4"),
              std::string::npos);
}

}  // namespace
}  // namespace ws
