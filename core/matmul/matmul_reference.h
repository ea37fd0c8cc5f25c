#pragma once
// Inputs and the CPU reference of the matrix multiply lab. Inputs are
// quarters (+-0.25 .. +-2, never 0) from a hash of (seed, matrix, index), so
// any element can be made without the others and every product and partial
// sum of the lab's sizes is exact in float: the GPU must match the
// double-precision reference bit for bit, whatever order it sums in, and a
// single dropped or repeated product shows (matmulTolerance says why).
// Small products are checked entirely; large ones on a sample that holds
// every edge row and column (matmulSample).
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

enum class MatmulOperand { A = 0, B = 1 };

float matmulInputElement(std::uint64_t seed, MatmulOperand m, std::uint64_t index);
// The n x n matrix, row-major, filled on all cores.
std::vector<float> makeMatmulInput(std::uint32_t n, std::uint64_t seed, MatmulOperand m);

struct MatmulTolerance {
    double bound = 0;  // |GPU - reference| allowed per entry
    // ... plus this share of |reference|: an output rounded to a narrower
    // type (BF16) after an exact accumulation.
    double relative = 0;
    bool exact = false;
    std::string note;  // the derivation, for Verification::note
};
// Exact (bound 0) while 4 n <= 2^20: products are multiples of 1/16 no larger
// than 4, and floats hold every multiple of 1/16 below 2^20. Beyond that the
// worst-case bound gamma_n * sum|a||b| with gamma_n = n u / (1 - n u), u = 2^-24.
MatmulTolerance matmulTolerance(std::uint32_t n);

// Rows (and columns) a kernel's edge handling touches: 0 and n - 1, and for
// every tile size 8 .. 256 the first index of the last tile and the one before.
std::vector<std::uint32_t> matmulEdgeIndices(std::uint32_t n);

inline constexpr std::uint32_t kMatmulCompleteCheckMax = 1024;  // n up to this: every entry

struct MatmulEntry {
    std::uint32_t row = 0, col = 0;
    auto operator<=>(const MatmulEntry&) const = default;
};

// Which entries of C are checked. Complete for n <= kMatmulCompleteCheckMax;
// else rows 0 and n - 1 and columns 0 and n - 1 entirely, every pair of edge
// indices, the edge rows against 64 random columns and the other way round,
// and 4096 random entries: sorted, without repeats.
struct MatmulSample {
    std::uint32_t n = 0;
    bool complete = false;
    std::vector<MatmulEntry> entries;  // empty when complete
    std::uint64_t size() const { return complete ? std::uint64_t(n) * n : entries.size(); }
    std::string describe() const;
};
MatmulSample matmulSample(std::uint32_t n, std::uint64_t seed);

struct MatmulMismatch {
    std::uint32_t row = 0, col = 0;
    double expected = 0;
    float actual = 0;
};

struct MatmulCheck {
    std::uint64_t checked = 0;
    std::uint64_t wrong = 0;
    double maxAbsError = 0;
    // The first wrong entry, then up to kMatmulMismatchesKept - 1 others
    // sampled by a hash of their place (scattered over C), in row-major order.
    std::vector<MatmulMismatch> mismatches;
};

inline constexpr std::size_t kMatmulMismatchesKept = 1024;

// The sampled entries of A * B in double, computed once per run on all cores
// and compared with any number of results.
class MatmulReference {
public:
    static MatmulReference compute(const std::vector<float>& a, const std::vector<float>& b,
                                   std::uint32_t n, MatmulSample sample);
    const MatmulSample& sample() const { return m_sample; }
    double expected(std::size_t i) const { return m_expected[i]; }
    // c: the n x n result, row-major; an entry passes within
    // tolerance + relative * |expected|.
    MatmulCheck check(const float* c, double tolerance, double relative = 0) const;

private:
    MatmulSample m_sample;
    std::vector<double> m_expected;  // n * n when complete, else one per sample entry
};

// The Verification of a run from its check: the first wrong entry as
// expected/actual text, the worst error, the bound and how it was derived.
Verification matmulVerification(const MatmulCheck& check, const MatmulReference& reference,
                                const MatmulTolerance& tolerance);

// Run-level records of a check: table "mismatches" (the kept wrong entries: row u32, col u32,
// expected f64, actual f32) and figures checkedEntries, wrongEntries.
void storeMatmulCheck(Run& run, const MatmulCheck& check);

}  // namespace ws
