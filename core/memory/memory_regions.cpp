#include "core/memory/memory_regions.h"

#include <algorithm>

namespace ws {

namespace {

// The square tile each transpose block moves (0: no fixed tile).
std::uint64_t transposeTile(const MemorySettings& settings) {
    if (settings.is(MemoryExperiment::TransposeU8)) return 16;
    if (settings.variant == TransposeVariant::Copy) return 0;
    return settings.variant == TransposeVariant::Best ? 64 : 32;
}

// Same as makeImageU8's hash (splitmix64).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

PixelRect clipped(std::uint64_t x, std::uint64_t y, std::uint64_t w, std::uint64_t h,
                  std::uint64_t maxW, std::uint64_t maxH) {
    if (x >= maxW || y >= maxH) return {x, y, 0, 0};
    return {x, y, std::min(w, maxW - x), std::min(h, maxH - y)};
}

}  // namespace

std::optional<ImageGeometry> imageGeometry(const MemorySettings& settings) {
    const std::uint64_t w = settings.width, h = settings.height;
    if (w == 0 || h == 0) return std::nullopt;
    ImageGeometry g{.inWidth = w, .inHeight = h};
    switch (settings.experiment) {
        case MemoryExperiment::TransposeU8:
        case MemoryExperiment::TransposeF32:
            g.outWidth = h;
            g.outHeight = w;
            g.bytes = settings.is(MemoryExperiment::TransposeU8);
            break;
        case MemoryExperiment::ReduceColumns:
            g.output = OutputShape::ColumnSums;
            g.outWidth = w;
            g.outHeight = 1;
            break;
        case MemoryExperiment::ReduceRowsAtomic:
        case MemoryExperiment::ReduceRowsBlock:
            g.output = OutputShape::RowSums;
            g.outWidth = 1;
            g.outHeight = h;
            break;
        case MemoryExperiment::BankProbe:
            return std::nullopt;
    }
    return g;
}

std::optional<ImageGeometry> imageGeometry(const Run& run) {
    const auto settings = memorySettingsOf(run);
    return settings ? imageGeometry(*settings) : std::nullopt;
}

std::optional<BlockRegion> blockRegion(const MemorySettings& settings, const Launch& launch,
                                       std::uint32_t linearBlock) {
    const auto g = imageGeometry(settings);
    if (!g || linearBlock >= launch.grid.count() || launch.grid.x == 0) return std::nullopt;
    const std::uint64_t bx = linearBlock % launch.grid.x;
    const std::uint64_t by = (linearBlock / launch.grid.x) % launch.grid.y;
    const std::uint64_t W = g->inWidth, H = g->inHeight;
    BlockRegion r;
    if (g->output == OutputShape::Image) {
        const std::uint64_t tile = transposeTile(settings);
        if (tile == 0) return std::nullopt;
        r.input = clipped(bx * tile, by * tile, tile, tile, W, H);
        // dst[y + x * height]: input column x becomes output row x.
        r.output = {r.input.y, r.input.x, r.input.h, r.input.w};
    } else if (g->output == OutputShape::ColumnSums) {
        const std::uint64_t threads = launch.block.count();
        r.input = clipped(bx * threads, 0, threads, H, W, H);
        r.output = {r.input.x, 0, r.input.w, r.input.w ? 1u : 0u};
    } else if (settings.is(MemoryExperiment::ReduceRowsAtomic)) {
        // grid (rows / block, width / 128): blockIdx.x picks rows, blockIdx.y a 128-pixel chunk.
        const std::uint64_t threads = launch.block.count();
        r.input = clipped(by * 128, bx * threads, 128, threads, W, H);
        r.output = {0, r.input.y, r.input.h ? 1u : 0u, r.input.h};
    } else {
        // One block per row: blockIdx.y is the row.
        r.input = clipped(0, by, W, 1, W, H);
        r.output = {0, r.input.y, 1, r.input.h};
    }
    return r;
}

std::uint8_t imagePixelU8(std::uint64_t x, std::uint64_t y, std::uint64_t width,
                          std::uint64_t seed) {
    const std::uint64_t span = std::max<std::uint64_t>(width, 1);
    const unsigned checker = unsigned(((x / 32 + y / 32) % 2) * 96);
    const unsigned gradient = unsigned(x * 127 / span);
    const unsigned noise = unsigned(mix(seed ^ (y * width + x)) & 31);
    return std::uint8_t(checker + gradient + noise);
}

}  // namespace ws
