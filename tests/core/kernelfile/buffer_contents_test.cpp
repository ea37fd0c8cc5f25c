// Buffers as the description fills them, and outputs checked against the
// reference's, element by element.
#include "core/kernelfile/buffer_contents.h"

#include <gtest/gtest.h>

#include <cstring>

namespace ws::kernelfile {
namespace {

template <typename T>
std::vector<T> as(const HostBuffer& bytes) {
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), bytes.size());
    return values;
}

TEST(BufferContents, Fills) {
    BufferArgument b;
    b.type = ElementType::Int32;
    EXPECT_EQ(as<std::int32_t>(filledBuffer(b, 3)), (std::vector<std::int32_t>{0, 0, 0}));
    b.fill = FillKind::Iota;
    EXPECT_EQ(as<std::int32_t>(filledBuffer(b, 4)), (std::vector<std::int32_t>{0, 1, 2, 3}));
    b.type = ElementType::UInt8;
    const auto bytes = as<std::uint8_t>(filledBuffer(b, 258));
    EXPECT_EQ(bytes[255], 255);
    EXPECT_EQ(bytes[256], 0);  // an uint8 iota wraps as the type does
    b.fill = FillKind::Constant;
    b.constant = 7;
    EXPECT_EQ(as<std::uint8_t>(filledBuffer(b, 2)), (std::vector<std::uint8_t>{7, 7}));
}

TEST(BufferContents, RandomIsTheSameForASeedAndInItsRange) {
    BufferArgument b;
    b.type = ElementType::Float;
    b.fill = FillKind::Random;
    b.seed = 3;
    const auto first = as<float>(filledBuffer(b, 1000));
    EXPECT_EQ(first, as<float>(filledBuffer(b, 1000)));
    for (float v : first) {
        EXPECT_GE(v, 0.0f);
        EXPECT_LT(v, 1.0f);
    }
    b.seed = 4;
    EXPECT_NE(first, as<float>(filledBuffer(b, 1000)));
    b.type = ElementType::Int16;
    b.hasRange = true;
    b.low = -5;
    b.high = 5;
    bool sawLow = false;
    for (std::int16_t v : as<std::int16_t>(filledBuffer(b, 1000))) {
        EXPECT_GE(v, -5);
        EXPECT_LT(v, 5);
        sawLow = sawLow || v == -5;
    }
    EXPECT_TRUE(sawLow);
}

TEST(BufferContents, ComparesWithTheTolerance) {
    BufferArgument b;
    b.type = ElementType::Float;
    b.fill = FillKind::Iota;
    const HostBuffer want = filledBuffer(b, 100);
    HostBuffer got = want;
    EXPECT_TRUE(compareBuffers(ElementType::Float, got, want, 0).passed());
    float changed = 50.001f;
    std::memcpy(got.data() + 50 * 4, &changed, 4);
    const BufferComparison exact = compareBuffers(ElementType::Float, got, want, 0);
    EXPECT_EQ(exact.mismatches, 1u);
    EXPECT_EQ(exact.firstMismatch, 50u);
    EXPECT_NE(
        describeComparison("out", exact).find("out: 1 of 100 elements differ; the first, [50]"),
        std::string::npos);
    EXPECT_TRUE(compareBuffers(ElementType::Float, got, want, 1e-4).passed());
}

TEST(BufferContents, SixtyFourBitIntegersCompareExactly) {
    // Two values a double cannot tell apart.
    const std::uint64_t a = (1ull << 60) + 1, b = (1ull << 60);
    HostBuffer x(8), y(8);
    std::memcpy(x.data(), &a, 8);
    std::memcpy(y.data(), &b, 8);
    EXPECT_FALSE(compareBuffers(ElementType::UInt64, x, y, 0).passed());
}

}  // namespace
}  // namespace ws::kernelfile
