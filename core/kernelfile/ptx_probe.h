#pragma once
// Probes added to a compiled kernel's PTX, never to its source: when each
// block (or each warp) started and on which SM (%globaltimer, clock64,
// %smid), and when it ended. The kernel gains one last parameter, the
// address of the records; nothing else of it changes. A whole program's
// kernels are probed the same way: this works on any PTX text with the
// kernel's entry, whoever compiled it. A launch passed a null address for
// the records (or the marks) records nothing, at two instructions a probe:
// a program's launches past the ones kept probed run so.
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
#include <vector>

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

// The marks' buffer: a 16-byte head, then one 32-bit count a shard (at
// least four shards, so the counts end on 16 bytes), then each shard's
// `shardCapacity` records in turn. A block writes to shard (its linear index
// & shardMask), so only the warps of a few blocks contend for one counter:
// with one counter for the whole launch, a million marks cost a reduction 23
// times its time. A count may exceed the capacity, and says how many were lost.
struct MarksHead {
    std::uint32_t shardMask;      // shards - 1, the shards a power of two
    std::uint32_t shardCapacity;  // records a shard holds
    std::uint32_t unused[2];
};
struct MarkRecord {
    std::uint32_t block;           // linear block index
    std::uint32_t warpAndMark;     // warp in block << 8 | mark id
    std::uint32_t timeLo, timeHi;  // %globaltimer
};
static_assert(sizeof(MarksHead) == 16 && sizeof(MarkRecord) == 16);

// The head for a launch of `blocks` blocks and room for `capacity` marks in
// all: as many shards as the largest power of two not above the blocks
// (between 4 and 65,536), so that every shard is some block's.
MarksHead marksHeadFor(std::uint64_t blocks, std::uint32_t capacity);
inline std::uint64_t marksShards(const MarksHead& head) {
    return std::uint64_t(head.shardMask) + 1;
}
// The buffer's size in 16-byte units: the head, the counts, the records.
inline std::uint64_t marksBufferUnits(const MarksHead& head) {
    return 1 + marksShards(head) / 4 + marksShards(head) * head.shardCapacity;
}

enum class ProbeLevel { Blocks, Warps };

// Each `.entry` of a PTX module, in order: where its directive begins and
// its name (one in a comment line is not one).
struct PtxEntry {
    std::size_t at = 0;
    std::string_view name;
};
std::vector<PtxEntry> ptxEntries(std::string_view ptx);

// `entry` is the kernel's name as the PTX spells it (mangled, from NVRTC's
// lowered name). Errors say what was not found ("no .entry '_Z3addPfi'").
Result<ProbedPtx> insertProbes(std::string_view ptx, std::string_view entry, ProbeLevel level);

// The names of the parameters the probes add, for messages and tests.
inline constexpr const char* kProbeParameter = "__warpscope_probe_records";
inline constexpr const char* kMarksParameter = "__warpscope_probe_marks";

}  // namespace ws::kernelfile
