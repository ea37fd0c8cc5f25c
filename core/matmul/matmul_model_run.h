#pragma once
// A matrix multiply run as the launcher would record it, built from the
// model on the CPU: block records in waves over a modelled H100, the traced
// blocks' phases (clocks spread over their lifetime) and warp 0's shared
// reads, the tiling figures, and for seed-tiled-bug (n <= 512) the wrong
// entries the printed kernel produces. For tests and documentation images:
// no GPU involved, and the run says so.
#include "core/run/run.h"

namespace ws {

Run modelledMatmulRun(const ParamValues& params, double kernelMs);

}  // namespace ws
