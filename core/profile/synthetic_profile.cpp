#include "core/profile/synthetic_profile.h"

#include <cstdint>
#include <tuple>
#include <vector>

namespace ws {

namespace {

constexpr const char* kSource =
    "// Two small kernels whose profile every test knows by heart.\n"
    "#include <cuda_runtime.h>\n"
    "\n"
    "__global__ void scaleRows(float* out, const float* in, int n) {\n"
    "    __shared__ float tile[256];\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    float v = in[i];\n"
    "    tile[threadIdx.x] = v;\n"
    "    __syncthreads();\n"
    "    float s = tile[(threadIdx.x + 1) % 256];\n"
    "    out[i] = v * 2.0f + s;\n"
    "}\n"
    "\n"
    "__global__ void addOne(float* data, int n) {\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) data[i] += 1.0f;\n"
    "}\n";

enum Reason : std::uint32_t {
    LongScoreboard,
    LongScoreboardNotIssued,
    Barrier,
    ShortScoreboard,
    Wait,
    Selected,
    NotSelected,
    Drain,
};

ProfiledFunction function(
    const char* name, const char* displayName,
    const std::vector<std::tuple<std::uint32_t, std::uint32_t, const char*>>& instructions) {
    ProfiledFunction f;
    f.name = name;
    f.displayName = displayName;
    f.sourceFile = kSyntheticSourcePath;
    for (const auto& [pc, line, sass] : instructions) {
        f.pcOffset.push_back(pc);
        f.line.push_back(line);
        f.sass.emplace_back(sass);
    }
    return f;
}

}  // namespace

RunProfile syntheticProfile() {
    RunProfile p;
    p.requested = true;
    p.stallReasons = {
        "smsp__pcsamp_warps_issue_stalled_long_scoreboard",
        "smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued",
        "smsp__pcsamp_warps_issue_stalled_barrier",
        "smsp__pcsamp_warps_issue_stalled_short_scoreboard",
        "smsp__pcsamp_warps_issue_stalled_wait",
        "smsp__pcsamp_warps_issue_stalled_selected",
        "smsp__pcsamp_warps_issue_stalled_not_selected",
        "smsp__pcsamp_warps_issue_stalled_drain",
    };
    p.functions.push_back(function("_Z9scaleRowsPfPKfi", "scaleRows(float*, const float*, int)",
                                   {{0x00, 4, "MOV R1, c[0x0][0x28]"},
                                    {0x10, 6, "S2R R0, SR_TID.X"},
                                    {0x20, 6, "S2R R3, SR_CTAID.X"},
                                    {0x30, 6, "IMAD R3, R3, c[0x0][0x0], R0"},
                                    {0x40, 7, "LDG.E R5, desc[UR4][R2.64]"},
                                    {0x50, 8, "STS [R0.X4], R5"},
                                    {0x60, 9, "BAR.SYNC.DEFER_BLOCKING 0x0"},
                                    {0x70, 10, "LDS R7, [R6.X4]"},
                                    {0x80, 11, "FFMA R9, R5, 2, R7"},
                                    {0x90, 11, "STG.E desc[UR4][R2.64], R9"},
                                    {0xa0, 0, "EXIT"},
                                    {0xb0, 0, "BRA 0xb0"}}));
    p.functions.push_back(function("_Z6addOnePfi", "addOne(float*, int)",
                                   {{0x00, 14, "MOV R1, c[0x0][0x28]"},
                                    {0x10, 15, "S2R R0, SR_TID.X"},
                                    {0x20, 15, "IMAD R0, R3, c[0x0][0x0], R0"},
                                    {0x30, 16, "ISETP.GE.AND P0, PT, R0, c[0x0][0x168], PT"},
                                    {0x40, 16, "@P0 EXIT"},
                                    {0x50, 16, "LDG.E R2, desc[UR4][R2.64]"},
                                    {0x60, 16, "FADD R5, R2, 1"},
                                    {0x70, 16, "STG.E desc[UR4][R2.64], R5"},
                                    {0x80, 0, "EXIT"}}));
    const std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>>
        samples = {
            // scaleRows: function, pcOffset, reason, samples
            {0, 0x10, Wait, 12},
            {0, 0x10, Selected, 6},
            {0, 0x30, Wait, 20},
            {0, 0x30, NotSelected, 4},
            {0, 0x30, Selected, 8},
            {0, 0x40, Selected, 10},
            {0, 0x40, Wait, 5},
            {0, 0x50, LongScoreboard, 520},
            {0, 0x50, LongScoreboardNotIssued, 480},
            {0, 0x50, Wait, 10},
            {0, 0x60, Barrier, 300},
            {0, 0x60, Selected, 3},
            {0, 0x70, Selected, 7},
            {0, 0x80, ShortScoreboard, 140},
            {0, 0x80, Selected, 9},
            {0, 0x90, Selected, 12},
            {0, 0x90, Wait, 6},
            {0, 0xa0, Drain, 25},
            {0, 0xa0, Selected, 5},
            // addOne
            {1, 0x10, Wait, 4},
            {1, 0x50, Selected, 5},
            {1, 0x60, LongScoreboard, 90},
        };
    for (const auto& [f, pc, reason, n] : samples) {
        p.stalls.function.push_back(f);
        p.stalls.pcOffset.push_back(pc);
        p.stalls.reason.push_back(reason);
        p.stalls.samples.push_back(n);
    }
    p.totalSamples = 1102 + 99;
    p.samplingPeriodLog2 = 10;
    p.sampledLaunches = 3;
    p.sampledKernelMs = 0.0152;
    p.unsampledKernelMs = 0.0143;

    const std::string kernel = p.functions[0].displayName;
    p.counters = {
        {kernel, "dram__bytes_read.sum", 4194304},
        {kernel, "dram__bytes_write.sum", 4194304},
        {kernel, "lts__t_bytes.sum", 8650752},
        {kernel, "l1tex__t_bytes.sum", 9437184},
        {kernel, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 0},
        {kernel, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", 0},
        {kernel, "sm__warps_active.avg.pct_of_peak_sustained_active", 78.4},
        {kernel, "smsp__inst_executed.sum", 2621440},
        {kernel, "sm__throughput.avg.pct_of_peak_sustained_elapsed", 31.2},
        {kernel, "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", 82.5},
        {kernel, "gpu__time_duration.sum", 14336},
        {kernel, "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 1048576},
        {kernel, "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", 0},
        {kernel, "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", 0},
    };
    p.counterPasses = 9;
    p.sources[kSyntheticSourcePath] = kSource;
    return p;
}

std::map<std::string, double> syntheticPredictedCounters() {
    // 2^20 floats read and written once; one FMA each.
    return {{"dram__bytes.sum", 8388608}, {"flop_count_sp", 2097152}};
}

}  // namespace ws
