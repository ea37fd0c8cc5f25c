#pragma once
// CPU references for every reduction experiment, and the deterministic inputs
// that both the CPU and the GPU reduce.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/common/reduction_values.h"

namespace ws {

// Inputs are a pure function of (n, seed): the GPU run and any later check on
// the CPU see identical data. Integers in [0, 9], floats in [0, 1).
std::vector<std::int32_t> makeIntInput(std::size_t n, std::uint64_t seed);
std::vector<float> makeFloatInput(std::size_t n, std::uint64_t seed);

// Affine maps, readable (Mod97): a in 2..9 and b odd in 1..9, a odd at even
// positions and even at odd ones, so that no two neighbours commute (the
// .cpp says why). Wrap32 gives the older traces' inputs: a in {1, 3, 5, 7},
// b in [0, 9], of which 13.5% of neighbour pairs commute.
std::vector<Affine> makeAffineInput(std::size_t n, std::uint64_t seed,
                                    AffineScheme scheme = AffineScheme::Mod97);
// A second Mod97 input of the same seed, from an independent stream: the
// GPU composes it too, and a wrong order must get both right to pass
// (docs/reduction-operators.md).
std::vector<Affine> makeAffineCheckInput(std::size_t n, std::uint64_t seed);

// Integer sums wrap modulo 2^32 on the GPU; the reference does the same, so
// the comparison is exact whatever the summation order.
std::uint32_t referenceSum(std::span<const std::int32_t> values);

// Float sums: the exact sum (accumulated in long double with compensation)
// and the sum of magnitudes, from which the rounding bound is derived.
struct FloatReference {
    double sum = 0;
    double sumOfMagnitudes = 0;
};
FloatReference referenceSum(std::span<const float> values);

// In-order composition x0, then x1, ... (identity for an empty input).
Affine referenceCompose(std::span<const Affine> values, AffineScheme scheme = AffineScheme::Mod97);

// Rounding bound for a float sum evaluated in any order whose longest chain
// of dependent additions is `depth`: |computed - exact| <= depth * u * sum|x|
// with u = 2^-24 (Higham, Accuracy and Stability, eq. 4.3, first order).
double floatSumTolerance(double sumOfMagnitudes, std::uint64_t depth);

// The longest chain of additions one element passes through: its thread's
// sequential loop, the block's tree, and the merge of `blocks` partials.
std::uint64_t reductionDepth(std::uint64_t n, std::uint64_t threadsPerBlock, std::uint64_t blocks);

std::string toText(std::uint32_t wrappedSum);
std::string toText(double value);
// "23*x + 45 mod 97"; Wrap32 maps as the older traces wrote them, "3*x + 7".
std::string toText(Affine map, AffineScheme scheme = AffineScheme::Mod97);

}  // namespace ws
