#include "core/tensorcore/bf16_reference.h"

#include <bit>
#include <cstdio>
#include <string>

#include "core/common/parallel_for.h"

namespace ws {

namespace {

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

}  // namespace

std::uint16_t bf16FromFloat(float v) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
    if ((bits & 0x7fffffffu) > 0x7f800000u)  // NaN: keep the sign, set the quiet bit
        return std::uint16_t((bits >> 16) | 0x0040u);
    // Adding 0x7fff rounds halfway cases up; the kept lowest bit tips them to even.
    const std::uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
    return std::uint16_t((bits + rounding) >> 16);
}

float floatFromBf16(std::uint16_t bits) { return std::bit_cast<float>(std::uint32_t(bits) << 16); }

std::vector<float> widenBf16(const std::vector<std::uint16_t>& bits) {
    std::vector<float> out(bits.size());
    parallelFor(
        bits.size(),
        [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) out[i] = floatFromBf16(bits[i]);
        },
        0, 1 << 16);
    return out;
}

std::vector<std::uint16_t> makeBf16MatmulInput(std::uint32_t n, std::uint64_t seed,
                                               MatmulOperand m) {
    std::vector<std::uint16_t> out(std::size_t(n) * n);
    parallelFor(
        out.size(),
        [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                out[i] = bf16FromFloat(matmulInputElement(seed, m, i));
        },
        0, 1 << 16);
    return out;
}

MatmulReference bf16MatmulReference(const std::vector<std::uint16_t>& a,
                                    const std::vector<std::uint16_t>& b, std::uint32_t n,
                                    MatmulSample sample) {
    return MatmulReference::compute(widenBf16(a), widenBf16(b), n, std::move(sample));
}

MatmulTolerance bf16MatmulTolerance(std::uint32_t n, bool bf16Output) {
    MatmulTolerance t;
    const double k = double(n);
    const double largestSum = 4.0 * k;  // K products of at most 2 x 2
    const double general = k * 0x1p-23 * largestSum;
    const std::string output =
        bf16Output ? "; the output is that sum rounded once to BF16 (8 significant bits, to "
                     "nearest): within 2^-8 |C[i][j]| of it, since half a unit in the last "
                     "place of a value in [2^e, 2^(e+1)) is 2^(e-8)"
                   : "";
    t.relative = bf16Output ? kBf16UnitRoundoff : 0;
    if (largestSum <= double(1 << 20)) {
        t.exact = !bf16Output;
        t.note =
            "inputs are +-k/4 (k = 1..8), exact in BF16; the tensor cores multiply BF16 "
            "exactly, so every product is a multiple of 1/16 of at most 4 and every "
            "partial sum of the K = " +
            std::to_string(n) + " products a multiple of 1/16 of at most " + number(largestSum) +
            " <= 2^20, which an FP32 accumulator (24 significant bits, whether it rounds "
            "or truncates, in any order of summation) holds exactly: the FP32 sum must "
            "equal the double reference bit for bit, and one dropped or repeated product "
            "(at least 1/16) shows. (With general BF16 inputs the bound would be K 2^-23 "
            "sum|a||b| = " +
            number(general) +
            " here: each of the K additions of an accumulator that truncates loses less "
            "than one unit in the 24th bit of a partial sum no larger than sum|a||b|.)" +
            output;
        return t;
    }
    t.bound = general;
    t.note = "FP32 accumulation of K = " + std::to_string(n) +
             " BF16 products (exact): each of the K additions of an accumulator that may "
             "truncate loses less than one unit in the 24th bit of a partial sum no larger "
             "than sum|a||b| <= " +
             number(largestSum) + ", so |error| <= K 2^-23 sum|a||b| = " + number(general) + output;
    return t;
}

}  // namespace ws
