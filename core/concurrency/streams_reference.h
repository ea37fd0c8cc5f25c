#pragma once
// CPU references of the streams lab: the chunk kernel's damped iteration and
// the seed's dot product, with tolerances derived from float rounding.
#include <cstdint>
#include <span>
#include <vector>

#include "core/run/run.h"

namespace ws {

// The chunk kernel repeats v = kChunkScale * v + kChunkShift `work` times on
// every element: a stand-in for work whose cost is one multiply-add per
// iteration and whose result the CPU knows in closed form.
inline constexpr float kChunkScale = 0.5f;
inline constexpr float kChunkShift = 0.25f;

// v_k = p + scale^k (x - p) with p = shift / (1 - scale), exact in double.
double chunkReference(float x, std::uint32_t work);
// Each float step rounds once (|error| <= u |v|, u = 2^-24) and earlier
// errors shrink by `scale` each step: |error| <= u max|v| / (1 - scale). With
// inputs in [0, 1) every v stays in [0, 1].
double chunkTolerance(std::uint32_t work);
Verification verifyChunks(std::span<const float> input, std::span<const float> output,
                          std::uint32_t work);

// The seed's vectors: a[i] = 1 / (i + 1), b[i] = i + 1 (each product is 1 up
// to rounding, so the dot product is close to n).
std::vector<float> dotVectorA(std::size_t n);
std::vector<float> dotVectorB(std::size_t n);

struct DotReference {
    double sum = 0;              // the float products, added exactly
    double sumOfMagnitudes = 0;  // for the rounding bound
    float seedFloatSum = 0;      // the seed's CPU loop: r += a[i] * b[i] in float
};
DotReference dotReference(std::span<const float> a, std::span<const float> b);

// The GPU adds each block's products in a float tree of log2(block) levels;
// the host adds the partials in double. Bound: log2(block) u sum|p| plus the
// double additions.
Verification verifyDot(double gpu, const DotReference& reference, std::uint32_t block,
                       std::uint64_t partials);

}  // namespace ws
