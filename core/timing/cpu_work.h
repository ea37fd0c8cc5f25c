#pragma once
// The CPU doing what a GPU run does, written as a CPU programmer would: the
// sums with several independent accumulators (the reordering std::reduce is
// allowed; a single chained float accumulator would make the CPU a straw
// man), and each split over threads in contiguous chunks combined in order,
// so the non-commutative affine composition stays correct. Timed against the
// GPU (kernels/runner/cpu_against_gpu.h); the references that verify results stay
// in their own files.
#include <cstdint>
#include <span>

#include "core/common/reduction_values.h"

namespace ws {

std::uint32_t cpuSum(std::span<const std::int32_t> values);  // wraps modulo 2^32
float cpuSum(std::span<const float> values);
Affine cpuCompose(std::span<const Affine> values);  // in order

std::uint32_t cpuSumParallel(std::span<const std::int32_t> values, int threads);
float cpuSumParallel(std::span<const float> values, int threads);
Affine cpuComposeParallel(std::span<const Affine> values, int threads);

void cpuAddParallel(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                    std::span<std::int32_t> c, int threads);
void cpuZeroParallel(std::span<std::uint32_t> values, int threads);

// dst[y + x * height] = src[x + y * width] over the source rows [y0, y1),
// in 32 x 32 blocks.
template <typename T>
void cpuTransposeRows(std::span<const T> src, std::span<T> dst, std::size_t width,
                      std::size_t height, std::size_t y0, std::size_t y1) {
    constexpr std::size_t kBlock = 32;
    for (std::size_t yb = y0; yb < y1; yb += kBlock)
        for (std::size_t xb = 0; xb < width; xb += kBlock)
            for (std::size_t y = yb; y < yb + kBlock && y < y1; ++y)
                for (std::size_t x = xb; x < xb + kBlock && x < width; ++x)
                    dst[y + x * height] = src[x + y * width];
}
template <typename T>
void cpuTransposeParallel(std::span<const T> src, std::span<T> dst, std::size_t width,
                          std::size_t height, int threads);

// Column sums of x in [x0, x1) and row sums of y in [y0, y1) of a uint8 image.
void cpuColumnSums(std::span<const std::uint8_t> src, std::size_t width, std::size_t height,
                   std::span<std::uint32_t> sums, std::size_t x0, std::size_t x1);
void cpuRowSums(std::span<const std::uint8_t> src, std::size_t width, std::span<std::uint32_t> sums,
                std::size_t y0, std::size_t y1);

}  // namespace ws
