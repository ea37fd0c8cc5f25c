#pragma once
// A run kept for its figures alone: its timing, figures, device and
// environment stay, its launches keep their kernels and shapes, and every
// per-block record (blocks, steps, accesses, arrivals, lab tables) goes. A
// reduction ladder at 2^28 floats records half a million blocks per launch
// (11 MB); a lesson that only quotes its bandwidth needs none of them.
#include "core/run/run.h"

namespace ws {

void dropRecords(Run& run);

// Whether any launch of the run kept per-block records.
bool hasRecords(const Run& run);

}  // namespace ws
