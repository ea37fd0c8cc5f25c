// The streams lab's CPU references against a float computation done the way
// the GPU does it, and their tolerances.
#include "core/concurrency/streams_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/reduction/reduction_reference.h"

namespace ws {
namespace {

float iterateLikeTheKernel(float x, std::uint32_t work) {
    for (std::uint32_t k = 0; k < work; ++k) x = std::fma(x, kChunkScale, kChunkShift);
    return x;
}

TEST(StreamsReference, ClosedFormMatchesTheIterationWithinTheBound) {
    const std::vector<float> inputs = makeFloatInput(4096, 3);
    for (std::uint32_t work : {0u, 1u, 2u, 7u, 64u, 1000u}) {
        std::vector<float> out;
        for (float x : inputs) out.push_back(iterateLikeTheKernel(x, work));
        const Verification v = verifyChunks(inputs, out, work);
        EXPECT_TRUE(v.passed) << "work=" << work << ": " << v.note << " error " << v.absError;
        EXPECT_LE(v.absError, chunkTolerance(work));
    }
    EXPECT_EQ(chunkTolerance(0), 0.0);  // work 0 copies: bit for bit
    EXPECT_DOUBLE_EQ(chunkReference(0.75f, 1), 0.625);
    EXPECT_DOUBLE_EQ(chunkReference(0.75f, 2), 0.5625);
}

TEST(StreamsReference, AWrongOrMissingElementIsFoundAndNamed) {
    const std::vector<float> inputs = makeFloatInput(1000, 5);
    std::vector<float> out;
    for (float x : inputs) out.push_back(iterateLikeTheKernel(x, 10));
    out[617] += 1e-4f;
    Verification v = verifyChunks(inputs, out, 10);
    EXPECT_FALSE(v.passed);
    EXPECT_NE(v.expected.find("y[617]"), std::string::npos) << v.expected;
    out[617] = std::numeric_limits<float>::quiet_NaN();  // never written
    v = verifyChunks(inputs, out, 10);
    EXPECT_FALSE(v.passed);
    EXPECT_NE(v.actual.find("y[617]"), std::string::npos);
    out.pop_back();
    EXPECT_FALSE(verifyChunks(inputs, out, 10).passed);
}

TEST(StreamsReference, TheSeedsVectorsAndItsFloatLoop) {
    const std::size_t n = 20'000'000;  // beyond 2^24: a float running sum of ones stops there
    const auto a = dotVectorA(n), b = dotVectorB(n);
    EXPECT_FLOAT_EQ(a[3], 0.25f);
    EXPECT_FLOAT_EQ(b[3], 4.0f);
    const DotReference r = dotReference(a, b);
    EXPECT_NEAR(r.sum, double(n), 1.0);
    // A partial sum within the bound passes, one outside fails.
    const double bound = verifyDot(r.sum, r, 256, 1000).tolerance;
    EXPECT_GT(bound, 0);
    // Past 2^24 a float running sum can only grow in steps of 2: adding ~1
    // rounds to +0 or +2, and the seed's loop drifts far outside the bound.
    EXPECT_GT(std::fabs(double(r.seedFloatSum) - r.sum), 1000 * bound) << r.seedFloatSum;
    EXPECT_TRUE(verifyDot(r.sum + 0.9 * bound, r, 256, 1000).passed);
    EXPECT_FALSE(verifyDot(r.sum + 1.1 * bound, r, 256, 1000).passed);
    EXPECT_NE(verifyDot(r.sum, r, 256, 1000).note.find(toText(double(r.seedFloatSum))),
              std::string::npos);
}

}  // namespace
}  // namespace ws
