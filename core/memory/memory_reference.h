#pragma once
// CPU references for the memory experiments (transposes, axis reductions, the
// bank-conflict probe) and the deterministic inputs that CPU and GPU share.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/access/bank_conflicts.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// A grey-level test image: a checkerboard of 32-pixel squares over a
// left-to-right gradient, plus seeded noise. It is not symmetric, so a
// transpose that swaps the wrong axes shows at a glance in the image view.
// Values stay in [0, 254].
std::vector<std::uint8_t> makeImageU8(std::size_t width, std::size_t height, std::uint64_t seed);

// Floats in [0, 1) from a hash of (seed, index): any element can be checked
// without the others, and CPU and GPU see identical bits.
std::vector<float> makeMatrixF32(std::size_t width, std::size_t height, std::uint64_t seed);

// dst[y + x * height] = src[x + y * width], as the seed writes it: src is
// height rows of width elements, dst is width rows of height elements.
template <typename T>
std::vector<T> transposeReference(std::span<const T> src, std::size_t width, std::size_t height) {
    std::vector<T> dst(width * height);
    // 32x32 blocks keep both sides in cache; a plain double loop over 1 GB
    // would take seconds per check.
    constexpr std::size_t kBlock = 32;
    for (std::size_t y0 = 0; y0 < height; y0 += kBlock)
        for (std::size_t x0 = 0; x0 < width; x0 += kBlock)
            for (std::size_t y = y0; y < y0 + kBlock && y < height; ++y)
                for (std::size_t x = x0; x < x0 + kBlock && x < width; ++x)
                    dst[y + x * height] = src[x + y * width];
    return dst;
}

// Index into dst of the first element that is not the transpose of src, or
// dst.size() when every element matches (the comparison is exact: a
// transpose only moves bits).
std::size_t firstTransposeMismatch(std::span<const std::uint8_t> src,
                                   std::span<const std::uint8_t> dst, std::size_t width,
                                   std::size_t height);
std::size_t firstTransposeMismatch(std::span<const float> src, std::span<const float> dst,
                                   std::size_t width, std::size_t height);

// Exact column sums (ReduceHKernelSimple) and row sums (ReduceWKernelSimple
// and the block-per-row kernel) of a uint8 image.
std::vector<double> columnSumsReference(std::span<const std::uint8_t> src, std::size_t width,
                                        std::size_t height);
std::vector<double> rowSumsReference(std::span<const std::uint8_t> src, std::size_t width,
                                     std::size_t height);

// Rounding bound for a float sum of non-negative integers whose exact total
// is at most `maxSum`, evaluated in any order with at most `depth` dependent
// additions. Every partial sum is then an integer no larger than maxSum, and
// floats hold every integer up to 2^24 exactly: below that the GPU result
// must be exact whatever order the threads and atomics used, and the bound
// is 0. Above it, the first-order bound depth * u * maxSum with u = 2^-24
// (Higham, Accuracy and Stability, eq. 4.3) applies.
double integerFloatSumTolerance(double maxSum, std::uint64_t depth);

// Compares GPU sums with the reference; fills the verification with the worst
// element, the bound and how it was derived.
Verification verifySums(std::span<const double> expected, std::span<const float> actual,
                        std::uint64_t depth, const std::string& what);

// Dependent loads, and as many stores, each timed probe round makes (one
// more untimed load brings the loop into the instruction cache).
inline constexpr int kProbeIterations = 1024;

// The bank-conflict probe's access pattern, from its catalog parameters:
//  - tile "none": lane i accesses element i * stride (stridedAccess);
//  - tile RxC, pattern "stride": element i * stride of a RxC tile whose rows
//    are padded by `paddingBytes` (stridedTileAccess);
//  - tile RxC, pattern "column": the transpose's read down a column
//    (tileColumnAccess).
struct ProbePattern {
    WarpAccess access;
    std::uint32_t sharedBytes = 0;  // buffer the probe must allocate (>= every lane's end)
};
Result<ProbePattern> bankProbePattern(std::uint32_t strideElements, std::uint32_t widthBytes,
                                      std::uint32_t paddingBytes, const std::string& tile,
                                      const std::string& pattern);

// "32x16" -> rows 32, cols 16; "none" -> 0, 0.
Status parseTileShape(const std::string& tile, std::uint32_t& rows, std::uint32_t& cols);

}  // namespace ws
