#pragma once
// Why a run was slow: what CUPTI measured while the run's timed kernel was
// launched again, untimed, after its timed launches (trace format version 4).
// Two kinds of evidence: warp stall samples per SASS instruction (the PC
// Sampling API) and hardware counters (the range profiler, the Profiling API
// behind Nsight Compute). The timed launches never run under either.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ws {

// One row per (instruction, stall reason) that drew samples.
struct StallSampleRecords {
    std::vector<std::uint32_t> function;  // index into RunProfile::functions
    std::vector<std::uint32_t> pcOffset;  // bytes from the function's first instruction
    std::vector<std::uint32_t> reason;    // index into RunProfile::stallReasons
    std::vector<std::uint32_t> samples;
    std::size_t size() const { return function.size(); }
};

// A kernel that drew samples, with its instructions as its cubin holds them.
struct ProfiledFunction {
    std::string name;         // as CUPTI reports it (mangled)
    std::string displayName;  // demangled
    std::string sourceFile;   // the file most of its lines are in, from the source root
    // One row per instruction: offset, source line (0: none recorded), the
    // file that line is in (an index into `files`) and the SASS text (""
    // where no disassembler was found when the run was made). An inlined
    // helper's instructions have their lines in the helper's file.
    std::vector<std::uint32_t> pcOffset;
    std::vector<std::uint32_t> line;
    std::vector<std::uint32_t> file;
    std::vector<std::string> sass;
    std::vector<std::string> files;  // paths from the source root where known
    // For an instruction inlined from a helper, the line of the kernel's own
    // body whose call brought it in (the outermost call of its inline chain,
    // from the cubin's line table: core/device/cubin_line_table.h) and that
    // line's file (an index into `files`); line 0 where the instruction was
    // not inlined or its calls are not known. Both empty where the run kept
    // no inline information: traces recorded before it was, kernels without
    // line information. Then an inlined helper's line stands on its own.
    std::vector<std::uint32_t> callerLine;
    std::vector<std::uint32_t> callerFile;
    // What one block holds on the SM, from the cubin: registers per thread
    // (0: not known, as in traces recorded before they were kept) and the
    // static shared memory, which the launches' `sharedBytes` (dynamic) leave
    // out. The occupancy the counters view predicts is computed from them.
    std::uint32_t registersPerThread = 0;
    std::uint32_t staticSharedBytes = 0;
};

// One hardware counter (a Perfworks metric, the names ncu uses) of one kernel.
struct ProfileCounter {
    std::string kernel;  // display name of the kernel the range measured
    std::string metric;  // "dram__bytes_read.sum"
    double value = 0;
};

struct RunProfile {
    bool requested = false;  // the run asked for it (--why)
    // Plain sentences why a part is missing ("profiling is not permitted on
    // this machine: ..."), empty where it was recorded or not asked for.
    std::string stallsUnavailable;
    std::string countersUnavailable;

    // Stall sampling.
    std::vector<std::string> stallReasons;  // CUPTI's names, indexed by StallSampleRecords::reason
    std::vector<ProfiledFunction> functions;
    StallSampleRecords stalls;
    std::uint64_t totalSamples = 0;
    std::uint64_t droppedSamples = 0;
    int samplingPeriodLog2 = 0;    // one sample per 2^this cycles per SM
    int sampledLaunches = 0;       // launches sampled, all added up
    double sampledKernelMs = 0;    // median kernel time of those launches
    double unsampledKernelMs = 0;  // median of as many launches just before, without sampling

    // Counters, from one replayed launch (CUPTI replays it once per pass).
    std::vector<ProfileCounter> counters;
    int counterPasses = 0;

    // Source files the functions' lines refer to: path from the source root -> text.
    std::map<std::string, std::string> sources;

    bool hasStalls() const { return stalls.size() > 0; }
    bool hasCounters() const { return !counters.empty(); }
    // Sampling's cost on the kernel time, in % (0 when not measured).
    double samplingOverheadPercent() const {
        return unsampledKernelMs > 0
                   ? (sampledKernelMs - unsampledKernelMs) / unsampledKernelMs * 100
                   : 0;
    }
};

}  // namespace ws
