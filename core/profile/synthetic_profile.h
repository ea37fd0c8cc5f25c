#pragma once
// A profile made without a GPU, every number known, for tests and for
// drawing the views: two kernels of one small source file, their SASS with
// lines, stall samples under seven reasons and one "_not_issued" variant,
// and the recorded counters of the first kernel.
//
// scaleRows (function 0) draws 1102 samples: line 8, the shared store
// waiting for line 7's global load, 530 (520 waiting for global memory, of
// which 480 issued nothing); line 9, __syncthreads, 303; line 11, 167;
// line 6, 50; "(no line)" 30; line 7, 15; line 10, 7; line 4, none.
// addOne (function 1) draws 99, 90 of them on line 16.
#include <map>
#include <string>

#include "core/run/run_profile.h"

namespace ws {

inline constexpr const char* kSyntheticSourcePath = "synthetic/scale_rows.cu";

RunProfile syntheticProfile();
// Predictions for scaleRows's counters (counter_catalog.h's metrics).
std::map<std::string, double> syntheticPredictedCounters();

}  // namespace ws
