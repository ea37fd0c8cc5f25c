// The rotated window: angle 0 reads the image as it lies, 90 degrees turns
// (ox, oy) into (side - oy, ox) about the centre, texels outside read 0.
#include "core/memkinds/rotated_window.h"

#include <gtest/gtest.h>

namespace ws::memkinds {
namespace {

TEST(RotatedWindow, FixedPointCosineAndSine) {
    const RotatedWindow w0 = rotatedWindow(64, 0);
    EXPECT_EQ(w0.side, 64u);
    EXPECT_EQ(w0.cosQ16, 65536);
    EXPECT_EQ(w0.sinQ16, 0);
    const RotatedWindow w90 = rotatedWindow(64, 90);
    EXPECT_EQ(w90.cosQ16, 0);
    EXPECT_EQ(w90.sinQ16, 65536);
    const RotatedWindow w30 = rotatedWindow(64, 30);
    EXPECT_EQ(w30.cosQ16, 56756);  // round(0.8660254 * 65536)
    EXPECT_EQ(w30.sinQ16, 32768);
}

TEST(RotatedWindow, AngleZeroIsTheIdentity) {
    const std::uint32_t side = 32;
    const auto image = makeImage(side);
    EXPECT_EQ(rotatedReference(rotatedWindow(side, 0), image), image);
}

TEST(RotatedWindow, NinetyDegreesMapsAboutTheCentre) {
    const std::uint32_t side = 16;  // centre 8
    const RotatedWindow w = rotatedWindow(side, 90);
    std::int32_t x = 0, y = 0;
    ASSERT_TRUE(sourceTexel(w, 3, 5, x, y));
    EXPECT_EQ(x, 11);  // 8 - (5 - 8)
    EXPECT_EQ(y, 3);   // 8 + (3 - 8)
    ASSERT_TRUE(sourceTexel(w, 15, 15, x, y));
    EXPECT_EQ(x, 1);
    EXPECT_EQ(y, 15);
    EXPECT_FALSE(sourceTexel(w, 4, 0, x, y));  // x = 16: one past the image
    const auto out = rotatedReference(w, makeImage(side));
    EXPECT_EQ(out[5 * side + 3], imagePixel(11, 3));
    EXPECT_EQ(out[0 * side + 4], 0.0f);
}

TEST(RotatedWindow, CornersFallOutsideAtFortyFive) {
    const std::uint32_t side = 64;
    const RotatedWindow w = rotatedWindow(side, 45);
    std::int32_t x = 0, y = 0;
    EXPECT_FALSE(sourceTexel(w, 0, 0, x, y));
    EXPECT_TRUE(sourceTexel(w, 32, 32, x, y));
    EXPECT_EQ(x, 32);
    EXPECT_EQ(y, 32);
    const auto out = rotatedReference(w, makeImage(side));
    EXPECT_EQ(out[0], 0.0f);
}

TEST(RotatedWindow, ImageHoldsSmallExactIntegers) {
    const auto image = makeImage(8);
    ASSERT_EQ(image.size(), 64u);
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 8; ++x) {
            const float v = image[y * 8 + x];
            EXPECT_EQ(v, imagePixel(x, y));
            EXPECT_EQ(v, float(int(v)));
            EXPECT_LT(v, 251.0f);
        }
    EXPECT_NE(imagePixel(1, 0), imagePixel(0, 1));
}

}  // namespace
}  // namespace ws::memkinds
