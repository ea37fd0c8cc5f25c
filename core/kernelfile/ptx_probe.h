#pragma once
// Probes added to a compiled kernel's PTX, never to its source: when each
// block (or each warp) started and on which SM (%globaltimer, clock64,
// %smid), and when it ended. The kernel gains one last parameter, the
// address of the records; nothing else of it changes. A whole program's
// kernels are probed the same way: this works on any PTX text with the
// kernel's entry, whoever compiled it.
//
// Blocks (the default): one record per block, at its linear index, written
// by its warp 0: the first active lane at the entry writes the start, the
// clock and the SM in one 16-byte store, and at every exit the first active
// lane of those leaving writes the end in another (the latest to leave
// writes last). The block's end is its warp 0's, as in Neutrino's
// block-schedule probe: two stores a block, which fill one 32-byte sector
// and nothing else (a partly written sector costs memory-bound kernels more).
// Warps: one record per warp, at (linear block) * (warps per block) + (warp
// in block), each warp as above; a block's end is its last warp's. Exact,
// at two stores a warp: on short memory-bound kernels it costs tens of
// percent (docs/performance.md).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/common/result.h"

namespace ws::kernelfile {

// What the two stores write. The clocks are clock64's low 32 bits
// (%clock): a warp's span in cycles is exact below 2^32 cycles.
struct ProbeRecord {
    std::uint32_t startLo, startHi;  // %globaltimer at the warp's first instruction
    std::uint32_t startClock;        // %clock then
    std::uint32_t sm;                // %smid
    std::uint32_t endLo, endHi;      // %globaltimer when its last lanes left
    std::uint32_t endClock;          // %clock then
    std::uint32_t ended;             // 1 once an exit probe wrote
};
static_assert(sizeof(ProbeRecord) == 32, "the PTX probe writes 32-byte records");

struct ProbedPtx {
    std::string ptx;
    int exits = 0;  // ret and exit instructions sent through the exit probe
    // WS_MARK sites probed (include/warpscope/probe.cuh); where there are
    // any, the kernel gains a second parameter, the marks' buffer.
    int marks = 0;
};

// The marks' buffer: a 16-byte head, then one 16-byte record a warp per
// mark it passed, as many as `capacity` (the host sets it; `count` may
// exceed it, and says how many were lost).
struct MarksHead {
    std::uint32_t count;     // records taken, the ones past capacity included
    std::uint32_t capacity;  // records the buffer holds
    std::uint32_t unused[2];
};
struct MarkRecord {
    std::uint32_t block;           // linear block index
    std::uint32_t warpAndMark;     // warp in block << 8 | mark id
    std::uint32_t timeLo, timeHi;  // %globaltimer
};
static_assert(sizeof(MarksHead) == 16 && sizeof(MarkRecord) == 16);

enum class ProbeLevel { Blocks, Warps };

// `entry` is the kernel's name as the PTX spells it (mangled, from NVRTC's
// lowered name). Errors say what was not found ("no .entry '_Z3addPfi'").
Result<ProbedPtx> insertProbes(std::string_view ptx, std::string_view entry, ProbeLevel level);

// The names of the parameters the probes add, for messages and tests.
inline constexpr const char* kProbeParameter = "__warpscope_probe_records";
inline constexpr const char* kMarksParameter = "__warpscope_probe_marks";

}  // namespace ws::kernelfile
