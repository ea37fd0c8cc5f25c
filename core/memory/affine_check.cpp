#include "core/memory/affine_check.h"

#include "core/reduction/reduction_reference.h"

namespace ws {

Verification verifyCompositions(const AffineExpectation& expected, Affine gpu, Affine gpuCheck) {
    Verification v;
    v.checked = true;
    v.expected = toText(expected.input);
    v.actual = toText(gpu);
    const bool inputOk = gpu == expected.input;
    const bool checkOk = gpuCheck == expected.check;
    v.passed = inputOk && checkOk;
    v.absError = v.passed ? 0 : 1;
    v.note =
        "affine maps modulo 97 composed in input order, compared exactly, on this input and on a "
        "second one: no two neighbouring inputs commute, so swapping two neighbours always "
        "fails; any other wrong order passes both with probability about 1/97^2";
    if (inputOk && !checkOk)
        v.note = "the second input's composition is " + toText(gpuCheck) + ", expected " +
                 toText(expected.check) +
                 ": the kernels combined in a wrong order that this input did not reveal "
                 "(operands that commute, or a b that happens to match)";
    return v;
}

}  // namespace ws
