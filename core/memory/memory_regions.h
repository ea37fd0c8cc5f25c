#pragma once
// Which pixels of the input and of the output each block of a memory-lab
// kernel works on, from the experiment's parameters and the launch's grid:
// what the image view highlights while the block runs. Transposes write a
// width x height image as height x width; the axis reductions write a vector
// (one sum per column, or per row).
#include <cstdint>
#include <optional>
#include <string>

#include "core/memory/memory_settings.h"
#include "core/run/run.h"

namespace ws {

struct PixelRect {
    std::uint64_t x = 0, y = 0, w = 0, h = 0;
    bool operator==(const PixelRect&) const = default;
};

enum class OutputShape { Image, ColumnSums, RowSums };

struct ImageGeometry {
    std::uint64_t inWidth = 0, inHeight = 0;
    std::uint64_t outWidth = 0, outHeight = 0;  // sums: width x 1 or 1 x height
    OutputShape output = OutputShape::Image;
    bool bytes = true;  // uint8 pixels; false: floats (transpose-f32)
};

// Null for experiments that are not images (bank-probe, reductions).
std::optional<ImageGeometry> imageGeometry(const MemorySettings& settings);
// The same for a run: null too where its parameters are not a memory run's.
std::optional<ImageGeometry> imageGeometry(const Run& run);

struct BlockRegion {
    PixelRect input, output;
};

// The region of one block (linear index into the launch's grid); null when
// the block has no fixed region (the grid-stride copy) or is outside the grid.
std::optional<BlockRegion> blockRegion(const MemorySettings& settings, const Launch& launch,
                                       std::uint32_t linearBlock);

// The same pixel makeImageU8(width, height, seed) holds, computed alone, so a
// preview of a large image samples it without building the whole image.
std::uint8_t imagePixelU8(std::uint64_t x, std::uint64_t y, std::uint64_t width,
                          std::uint64_t seed);

}  // namespace ws
