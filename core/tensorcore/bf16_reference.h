#pragma once
// BF16 for the tensor-core product (catalog id matmul-tc) without CUDA's
// headers: a BF16 value is the 16 bits it is stored in, the top half of a
// float. The inputs are the matrix multiply lab's own (+-k/4, k = 1..8):
// at most four significant bits, so BF16 holds them exactly and the BF16
// product multiplies the very matrices the FP32 ladder does. The reference
// is the lab's double-precision one on the same sample (every edge row and
// column among it); bf16MatmulTolerance says why FP32 output must match it
// bit for bit and how far a BF16 output may round.
#include <cstdint>
#include <vector>

#include "core/matmul/matmul_reference.h"

namespace ws {

// Round to nearest, ties to even, as __float2bfloat16_rn does; a NaN stays a
// (quiet) NaN and a finite value past BF16's largest rounds to infinity.
std::uint16_t bf16FromFloat(float v);
// Exact: every BF16 value is a float.
float floatFromBf16(std::uint16_t bits);
std::vector<float> widenBf16(const std::vector<std::uint16_t>& bits);

// The n x n input of the lab (matmulInputElement), row-major, as BF16 bits.
std::vector<std::uint16_t> makeBf16MatmulInput(std::uint32_t n, std::uint64_t seed,
                                               MatmulOperand m);

// The sampled entries of A * B in double from the BF16 inputs (each widened
// exactly to float, then MatmulReference::compute).
MatmulReference bf16MatmulReference(const std::vector<std::uint16_t>& a,
                                    const std::vector<std::uint16_t>& b, std::uint32_t n,
                                    MatmulSample sample);

// Unit roundoff of BF16 (8 significant bits): rounding to nearest moves a
// value by at most this share of its magnitude.
inline constexpr double kBf16UnitRoundoff = 0x1p-8;

// How far a tensor-core product of K = n terms may stray from the exact one,
// FP32 accumulation, FP32 output (bf16Output false) or the FP32 result
// rounded once to BF16 (true: MatmulTolerance::relative is 2^-8). Exact
// while every partial sum of the lab's inputs is a multiple of 1/16 below
// 2^20 (4 n <= 2^20); past that, the bound K 2^-23 sum|a||b| of an FP32
// accumulator that may truncate. The note says all of it in words.
MatmulTolerance bf16MatmulTolerance(std::uint32_t n, bool bf16Output);

}  // namespace ws
