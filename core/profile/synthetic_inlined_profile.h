#pragma once
// A profile made without a GPU whose kernel does its memory accesses through
// an inlined helper in another file, as warpscope's recording kernels do
// (kernels/common/memory_trace.h): every number known, for the tests of the
// stall lines and of the stalls view.
//
// transposeNaive draws 1000 samples. Its line 12 (`t.storeGlobal(...)`)
// holds 660 of them, all in code inlined from the helper: line 11 of the
// helper's file (the store, 640, 520 waiting for global memory) and line 13
// (`note`, 20, inlined through the helper's line 10). Line 11 (`t.loadGlobal`)
// holds 80, from the helper's line 6; line 8 120, line 9 60, line 7 40,
// line 10 40, line 5 and line 14 none.
#include "core/run/run_profile.h"

namespace ws {

inline constexpr const char* kSyntheticKernelPath = "kernels/memory/transpose_naive.cu";
inline constexpr const char* kSyntheticHelperPath = "kernels/common/memory_trace.h";

// `withCallers` false: the same profile as a trace recorded before the calls
// were kept reads (no callerLine, no callerFile).
RunProfile syntheticInlinedProfile(bool withCallers = true);

}  // namespace ws
