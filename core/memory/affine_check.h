#pragma once
// The check of a GPU composition of affine maps modulo 97 (the readable
// inputs): exact, on the run's input and on a second, independent input that
// the same kernels compose. Why two: in x -> a*x + b modulo 97 any order of
// the same maps gives the same a (a product of numbers), so a wrong order can
// only show in b, one number modulo 97: it goes unnoticed with probability
// about 1/97 on one input, about 1/97^2 on two. docs/reduction-operators.md
// works this out.
#include "core/common/reduction_values.h"
#include "core/run/run.h"

namespace ws {

// The in-order compositions the GPU must reproduce.
struct AffineExpectation {
    Affine input;  // of makeAffineInput(n, seed)
    Affine check;  // of makeAffineCheckInput(n, seed)
};

// `gpu` composed the run's input, `gpuCheck` the check input. Passes only if
// both equal the in-order compositions. Expected and actual are the run's
// input's, as the tree view's root shows them.
Verification verifyCompositions(const AffineExpectation& expected, Affine gpu, Affine gpuCheck);

}  // namespace ws
