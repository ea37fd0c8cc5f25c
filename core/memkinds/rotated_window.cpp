#include "core/memkinds/rotated_window.h"

#include <cmath>
#include <numbers>

namespace ws::memkinds {

RotatedWindow rotatedWindow(std::uint32_t side, double angleDegrees) {
    const double rad = angleDegrees * std::numbers::pi / 180.0;
    return {side, std::int32_t(std::lround(std::cos(rad) * 65536.0)),
            std::int32_t(std::lround(std::sin(rad) * 65536.0))};
}

float imagePixel(std::uint32_t x, std::uint32_t y) {
    return float((std::uint64_t(x) * 7 + std::uint64_t(y) * 13) % 251);
}

std::vector<float> makeImage(std::uint32_t side) {
    std::vector<float> image(std::size_t(side) * side);
    for (std::uint32_t y = 0; y < side; ++y)
        for (std::uint32_t x = 0; x < side; ++x)
            image[std::size_t(y) * side + x] = imagePixel(x, y);
    return image;
}

std::vector<float> rotatedReference(const RotatedWindow& w, const std::vector<float>& image) {
    const std::size_t side = w.side;
    std::vector<float> out(side * side, 0.0f);
    if (image.size() < side * side) return out;
    for (std::size_t oy = 0; oy < side; ++oy)
        for (std::size_t ox = 0; ox < side; ++ox) {
            std::int32_t x = 0, y = 0;
            if (sourceTexel(w, std::int32_t(ox), std::int32_t(oy), x, y))
                out[oy * side + ox] = image[std::size_t(y) * side + std::size_t(x)];
        }
    return out;
}

}  // namespace ws::memkinds
