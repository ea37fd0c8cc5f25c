#pragma once
// The argmin experiment's inputs, its CPU reference (the blog's loop: the
// first, so smallest, index of the minimum) and the check of a GPU answer,
// with the two 64-bit layouts the kernels use:
// - the blog's union ValueAndIndex: the float's bits in the low 32 bits, the
//   int index in the high 32 bits, compared by value in the CAS loops;
// - the order-preserving word for atomicMin: orderedKey(value) << 32 | index,
//   whose unsigned order is (value, index) order, so the smallest word is the
//   minimum with its smallest index.
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

// "blog": integers drawn uniformly from 0..10000 (as floats); "distinct":
// floats in [1, 2) and one 0.5 at a place the seed chooses; "descending":
// n-1, n-2, ..., 0. Generated in parallel from a counter-based hash, so the
// same (input, n, seed) gives the same values on every machine.
std::vector<float> makeArgminInput(const std::string& input, std::uint64_t n, std::uint64_t seed);

struct ArgminReference {
    float value = 0;
    std::uint64_t index = 0;                  // the first index holding the minimum
    std::uint64_t count = 0;                  // how many indices hold it
    std::vector<std::uint64_t> firstIndices;  // up to 8 of them, ascending
};

// The blog's CPU loop: `if (v < best) best = (v, i)`, one thread.
ArgminReference argminReference(const std::vector<float>& values);
// The same answer from `threads` threads over contiguous chunks (value, then
// smallest index, when chunks are combined); 0 threads means all cores.
ArgminReference argminParallel(const std::vector<float>& values, unsigned threads);

// Flips the float's bits so that unsigned order is float order (-0 < +0;
// NaN is not an input here).
std::uint32_t orderedKey(float value);
float fromOrderedKey(std::uint32_t key);
std::uint64_t minWord(float value, std::uint32_t index);

std::uint64_t blogWord(float value, std::int32_t index);
float blogValue(std::uint64_t word);
std::int32_t blogIndex(std::uint64_t word);

// cas-original and cas-modified may return any index of the minimum and are
// accepted with it (the note says which and whether it is the CPU's); every
// other variant must return the smallest index.
Verification verifyArgmin(const std::string& variant, const std::vector<float>& values,
                          const ArgminReference& cpu, float gpuValue, std::int64_t gpuIndex);

}  // namespace ws
