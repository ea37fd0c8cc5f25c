#pragma once
// The texture experiment on the CPU: an image and a window rotated by an
// angle about the image's centre, sampled nearest-neighbour, zero outside.
// Coordinates are computed in 16.16 fixed point from an integer cosine and
// sine, so the GPU (any of its three paths) and the CPU pick the same texel
// bit for bit.
#include <cstdint>
#include <vector>

#include "core/common/result.h"

namespace ws::memkinds {

struct RotatedWindow {
    std::uint32_t side = 0;   // image and window are side x side
    std::int32_t cosQ16 = 0;  // round(cos(angle) * 65536)
    std::int32_t sinQ16 = 0;
};
RotatedWindow rotatedWindow(std::uint32_t side, double angleDegrees);

// The source texel (x, y) reads for output pixel (ox, oy), or false when it
// falls outside the image. The kernels use the same arithmetic (it is
// header-only for that reason).
inline bool sourceTexel(const RotatedWindow& w, std::int32_t ox, std::int32_t oy, std::int32_t& x,
                        std::int32_t& y) {
    const std::int64_t c = std::int64_t(w.side) / 2;
    const std::int64_t dx = ox - c, dy = oy - c;
    x = std::int32_t(c + ((dx * w.cosQ16 - dy * w.sinQ16 + 32768) >> 16));
    y = std::int32_t(c + ((dx * w.sinQ16 + dy * w.cosQ16 + 32768) >> 16));
    return x >= 0 && y >= 0 && x < std::int32_t(w.side) && y < std::int32_t(w.side);
}

// The image's pixel values (floats holding small integers, exact).
float imagePixel(std::uint32_t x, std::uint32_t y);
std::vector<float> makeImage(std::uint32_t side);
std::vector<float> rotatedReference(const RotatedWindow& w, const std::vector<float>& image);

}  // namespace ws::memkinds
