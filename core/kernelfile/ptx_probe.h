#pragma once
// Probes added to a compiled kernel's PTX, never to its source: each warp
// records, once, when it started and on which SM (%globaltimer, clock64,
// %smid), and when its last lane left. The kernel gains one last parameter,
// the address of the records; nothing else of it changes. A whole program's
// kernels are probed the same way: this works on any PTX text with the
// kernel's entry, whoever compiled it.
//
// The records: one WarpProbeRecord per warp of the grid, at index
// (linear block) * (warps per block) + (warp in block), zeroed before the
// launch. The first active lane of a warp at the entry writes the start; at
// every exit the first active lane of those leaving raises the end with an
// atomic max, so lanes that return early and late both count.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/common/result.h"

namespace ws::kernelfile {

struct WarpProbeRecord {
    std::uint64_t startNs;    // %globaltimer at the warp's first instruction
    std::uint64_t endNs;      // %globaltimer when its last lanes left
    std::int64_t startClock;  // clock64 (the SM's counter) at the same points
    std::int64_t endClock;
    std::uint32_t sm;  // %smid
    std::uint32_t unused;
};
static_assert(sizeof(WarpProbeRecord) == 40, "the PTX probe writes 40-byte records");

struct ProbedPtx {
    std::string ptx;
    int exits = 0;  // ret and exit instructions sent through the exit probe
};

// `entry` is the kernel's name as the PTX spells it (mangled, from NVRTC's
// lowered name). Errors say what was not found ("no .entry '_Z3addPfi'").
Result<ProbedPtx> insertWarpProbes(std::string_view ptx, std::string_view entry);

// The name of the parameter the probes add, for messages and tests.
inline constexpr const char* kProbeParameter = "__warpscope_probe_records";

}  // namespace ws::kernelfile
