#include "core/profile/synthetic_inlined_profile.h"

#include <cstdint>
#include <tuple>
#include <vector>

namespace ws {

namespace {

constexpr const char* kKernelSource =
    "// A transpose whose accesses go through a recording helper.\n"
    "#include \"kernels/common/memory_trace.h\"\n"
    "\n"
    "template <Recording kRec, int kRows>\n"
    "__global__ void transposeNaive(const float* in, float* out, int width, int height) {\n"
    "    Tracer<kRec> t;\n"
    "    const int x = blockIdx.x * 32 + threadIdx.x;\n"
    "    for (int j = 0; j < kRows; ++j) {\n"
    "        const int y = blockIdx.y * 32 + threadIdx.y + j * 8;\n"
    "        const bool inside = x < width && y < height;\n"
    "        const float v = t.loadGlobal(&in[y * width + x], inside, 0.0f);\n"
    "        t.storeGlobal(&out[x * height + y], v, inside);\n"
    "    }\n"
    "}\n";

constexpr const char* kHelperSource =
    "// The accesses a kernel makes through its tracer.\n"
    "template <Recording kRec>\n"
    "struct Tracer {\n"
    "    template <typename T>\n"
    "    __device__ T loadGlobal(const T* p, bool active, T fallback) {\n"
    "        return active ? *p : fallback;\n"
    "    }\n"
    "    template <typename T>\n"
    "    __device__ void storeGlobal(T* p, T v, bool active) {\n"
    "        if (active) note(p);\n"
    "        if (active) *p = v;\n"
    "    }\n"
    "    __device__ void note(const void* p) { last = p; }\n"
    "    const void* last = nullptr;\n"
    "};\n";

enum Reason : std::uint32_t { LongScoreboard, LgThrottle, Wait, Selected };
enum File : std::uint32_t { Kernel, Helper };

struct Instruction {
    std::uint32_t pc, line, file, callerLine;
    const char* sass;
};

}  // namespace

RunProfile syntheticInlinedProfile(bool withCallers) {
    RunProfile p;
    p.requested = true;
    p.stallReasons = {"smsp__pcsamp_warps_issue_stalled_long_scoreboard",
                      "smsp__pcsamp_warps_issue_stalled_lg_throttle",
                      "smsp__pcsamp_warps_issue_stalled_wait",
                      "smsp__pcsamp_warps_issue_stalled_selected"};
    ProfiledFunction f;
    f.name = "_ZN2ws6memory12_GLOBAL__N_114transposeNaiveILNS0_9RecordingE0ELi4EEEvPKfPfii";
    f.displayName =
        "void ws::memory::(anonymous namespace)::transposeNaive<(ws::memory::Recording)0, "
        "4>(float const*, float*, int, int)";
    f.sourceFile = kSyntheticKernelPath;
    f.files = {kSyntheticKernelPath, kSyntheticHelperPath};
    // The helper's instructions name the kernel's line that called it: the
    // note() inlined into storeGlobal() names line 12 too, the outermost call.
    const Instruction instructions[] = {
        {0x00, 5, Kernel, 0, "MOV R1, c[0x0][0x28]"},
        {0x10, 7, Kernel, 0, "S2R R0, SR_TID.X"},
        {0x20, 7, Kernel, 0, "IMAD R0, R3, 0x20, R0"},
        {0x30, 9, Kernel, 0, "IMAD R4, R5, 0x20, R6"},
        {0x40, 10, Kernel, 0, "ISETP.GE.AND P1, PT, R4, c[0x0][0x214], PT"},
        {0x50, 6, Helper, 11, "@!P1 LDG.E R5, desc[UR4][R2.64]"},
        {0x60, 6, Helper, 11, "SEL R5, R5, RZ, !P1"},
        {0x70, 13, Helper, 12, "@!P1 MOV R8, R6"},
        {0x80, 11, Helper, 12, "@!P1 STG.E desc[UR4][R6.64], R5"},
        {0x90, 8, Kernel, 0, "ISETP.NE.AND P0, PT, R9, 0x4, PT"},
        {0xa0, 8, Kernel, 0, "@P0 BRA 0x30"},
        {0xb0, 14, Kernel, 0, "EXIT"},
        {0xc0, 0, Kernel, 0, "BRA 0xc0"},
    };
    for (const Instruction& in : instructions) {
        f.pcOffset.push_back(in.pc);
        f.line.push_back(in.line);
        f.file.push_back(in.file);
        f.sass.emplace_back(in.sass);
        if (!withCallers) continue;
        f.callerLine.push_back(in.callerLine);
        f.callerFile.push_back(Kernel);
    }
    p.functions.push_back(std::move(f));
    const std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> samples = {
        {0x10, Wait, 30},        {0x20, Selected, 10},
        {0x30, Selected, 60},    {0x40, Wait, 40},
        {0x50, Selected, 50},    {0x60, Wait, 30},
        {0x70, Selected, 20},    {0x80, LongScoreboard, 520},
        {0x80, LgThrottle, 120}, {0x90, Selected, 80},
        {0xa0, Wait, 40},
    };
    for (const auto& [pc, reason, n] : samples) {
        p.stalls.function.push_back(0);
        p.stalls.pcOffset.push_back(pc);
        p.stalls.reason.push_back(reason);
        p.stalls.samples.push_back(n);
        p.totalSamples += n;
    }
    p.samplingPeriodLog2 = 10;
    p.sampledLaunches = 3;
    p.sources = {{kSyntheticKernelPath, kKernelSource}, {kSyntheticHelperPath, kHelperSource}};
    return p;
}

}  // namespace ws
