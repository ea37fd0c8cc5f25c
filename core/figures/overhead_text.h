#pragma once
// How the cost of recording is said in everything a person reads (the run
// panel, `run`'s summary and `info`). The figure is the recording build's
// median over the plain build's, less one; a few percent below zero is the
// launches' own noise, not recording that made the kernel faster, and is
// said as such. Far below zero (beyond the launches' spread) it is shown as
// measured, with a warning: the two builds then differ in more than their
// records, which once was a bug (tests/kernels/atomics/work_queue_kernels_test.cpp).
#include <string>

#include "core/run/run.h"

namespace ws {

// "+24.30 %", "+1.20 % (within the launches' spread of ± 19.2 %)", "none
// measurable (-3.15 %; the launches vary by ± 19.2 %)", or "-35.00 %: the
// recording build ran faster than the plain one, beyond the launches'
// spread of ± 1.0 %", or "not measured" where the recording build was not
// timed.
std::string recordingOverheadText(const Timing& timing);
// The same judgement in a table's cell (the comparison of two runs):
// "+24.3 %", "none measurable", "not measured", "-35.0 % (faster?)".
std::string recordingOverheadShort(const Timing& timing);

}  // namespace ws
