#pragma once
// The trace model: what one run of an experiment measured on the GPU.
// Struct-of-arrays records keep large traces compact and cache friendly; every
// record kind is optional (an empty vector means "not recorded").
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/run/record_table.h"
#include "core/run/run_profile.h"

namespace ws {

// 1: the first format. 2: step values in the width of their type, record
// tables, texts and figures, the GPU's environment, CUDA operations and host
// calls with their clock alignment, timing statistics and CPU timings, and
// device-launched grids. 3: integer record arrays may be stored as varints of
// their values or of their differences. 4: the run's profile (warp stall
// samples, hardware counters, the sources they point into). Older files load
// unchanged.
inline constexpr int kTraceFormatVersion = 4;
inline constexpr int kWarpSize = 32;

struct DeviceInfo {
    std::string name;
    int ccMajor = 0;
    int ccMinor = 0;
    int smCount = 0;
    int smClockKHz = 0;
    int memClockKHz = 0;
    int memBusWidthBits = 0;
    double memBandwidthGBs = 0;  // theoretical peak: 2 * memClock * bus width
    int maxThreadsPerBlock = 0;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int sharedMemPerBlock = 0;       // bytes, default limit
    int sharedMemPerBlockOptin = 0;  // bytes, opt-in limit
    int sharedMemPerSm = 0;
    int regsPerSm = 0;
    int l2CacheBytes = 0;
    long long globalMemBytes = 0;
    int maxGridX = 0;
    std::string driverVersion;
    std::string runtimeVersion;
    // Smallest step of %globaltimer seen at run time, in ns (32 on H100,
    // 1024 on many GeForce cards). Bars shorter than this are not resolved.
    std::uint64_t timerTickNs = 0;
};

struct Dim3 {
    std::uint32_t x = 1, y = 1, z = 1;
    std::uint64_t count() const { return std::uint64_t(x) * y * z; }
    bool operator==(const Dim3&) const = default;
};

// One record per block, written by thread 0 of the block.
struct BlockRecords {
    std::vector<std::uint32_t> block;                // linear block index
    std::vector<std::uint32_t> sm;                   // %smid
    std::vector<std::uint64_t> startNs, endNs;       // %globaltimer
    std::vector<std::int64_t> startClock, endClock;  // clock64 (per-SM counter)
    std::size_t size() const { return block.size(); }
    void resize(std::size_t n) {
        block.resize(n);
        sm.resize(n);
        startNs.resize(n);
        endNs.resize(n);
        startClock.resize(n);
        endClock.resize(n);
    }
};

// One record per (traced block, warp, step) of a reduction. Values are the
// lane's destination element before and after the step, `components` numbers
// per lane (1 for scalars, 2 for affine maps), 32 lanes per record.
struct StepRecords {
    std::uint32_t components = 1;
    std::vector<std::uint32_t> block, warp, step;
    std::vector<std::uint32_t> activeMask;  // lanes that combined in this step
    std::vector<std::int64_t> clock;        // clock64 when the warp began the step
    // size() * 32 * components. Held as doubles here; the file stores them in
    // the narrowest of u32, i32, f32 and f64 that holds every value exactly.
    std::vector<double> before, after;
    std::size_t size() const { return block.size(); }
};

// One record per traced shared-memory instruction of a warp.
struct SharedAccessRecords {
    std::vector<std::uint32_t> block, warp, instruction;
    std::vector<std::uint32_t> widthBytes;
    std::vector<std::uint32_t> activeMask;
    std::vector<std::uint32_t> address;  // size() * 32 byte addresses
    std::vector<std::int64_t> cycles;    // measured clock64 delta
    std::size_t size() const { return block.size(); }
};

// One record per traced global-memory request of a warp (a load or store
// instruction), so the 32-byte sectors it touches can be counted.
struct GlobalAccessRecords {
    std::vector<std::uint32_t> block, warp, instruction;
    std::vector<std::uint32_t> widthBytes;
    std::vector<std::uint32_t> activeMask;
    std::vector<std::uint8_t> isWrite;
    std::vector<std::uint64_t> address;  // size() * 32 byte offsets from the buffer start
    std::size_t size() const { return block.size(); }
};

// One record per block arriving at an inter-block atomic (last-block guard).
struct ArrivalRecords {
    std::vector<std::uint32_t> block;
    std::vector<std::uint32_t> counter;  // value atomicAdd returned
    std::vector<std::uint64_t> timeNs;   // %globaltimer at arrival
    std::size_t size() const { return block.size(); }
};

struct Launch {
    std::string kernel;  // kernel name as the seed calls it
    Dim3 grid, block;
    std::uint32_t sharedBytes = 0;
    std::uint32_t stream = 0;
    BlockRecords blocks;
    StepRecords steps;
    SharedAccessRecords sharedAccesses;
    GlobalAccessRecords globalAccesses;
    ArrivalRecords arrivals;
    // A grid launched from the device (dynamic parallelism): the launch and
    // block that launched it, and how. Host launches keep parentLaunch -1.
    std::int32_t parentLaunch = -1;
    std::uint32_t parentBlock = 0;
    std::uint32_t depth = 0;
    std::string launchMode;  // "" (host), "fire-and-forget", "tail", "stream"
    // Per-launch records of a lab (work items, CAS attempts, tile phases).
    std::vector<RecordTable> tables;
};

// What happens on the device beside the blocks (CUPTI activity records), on
// the clock of the block records (%globaltimer, see ClockAlignment).
enum class OperationKind : std::uint8_t {
    Kernel = 0,
    CopyHostToDevice = 1,
    CopyDeviceToHost = 2,
    CopyDeviceToDevice = 3,
    CopyHostToHost = 4,
    Memset = 5,
    MigrationHostToDevice = 6,  // managed memory moved by the driver
    MigrationDeviceToHost = 7,
    GpuPageFaults = 8,  // a group of GPU page faults on managed memory
    Synchronization = 9,
};
inline constexpr std::uint8_t kOperationKindCount = 10;
const char* operationKindName(OperationKind kind);  // "kernel", "copy HtoD", ...

// Where a copy's host side lives.
enum class HostMemoryKind : std::uint8_t { None = 0, Pageable = 1, Pinned = 2, Managed = 3 };

struct OperationRecords {
    std::vector<std::uint8_t> kind;        // OperationKind
    std::vector<std::uint32_t> stream;     // CUDA stream id as CUPTI numbers it
    std::vector<std::uint32_t> engine;     // copy engine for copies, 0 otherwise
    std::vector<std::uint8_t> hostMemory;  // HostMemoryKind of a copy's host side
    std::vector<std::uint64_t> bytes;      // copied, set, migrated; faults: their count
    std::vector<std::uint64_t> startNs, endNs;
    std::vector<std::uint32_t> correlation;  // the host call that caused it, 0 if none
    std::vector<std::int32_t> launch;        // index into Run::launches for kernels, else -1
    std::size_t size() const { return kind.size(); }
};

// Runtime API calls on the host (cudaMemcpyAsync, cudaLaunchKernel, ...).
struct HostCallRecords {
    std::vector<std::string> names;  // distinct API names; `name` indexes them
    std::vector<std::uint32_t> name;
    std::vector<std::uint32_t> thread;  // 0, 1, ... in the order threads first called
    std::vector<std::uint64_t> startNs, endNs;
    std::vector<std::uint32_t> correlation;
    std::size_t size() const { return name.size(); }
};

// How the CUPTI clock was put on the %globaltimer clock: globaltimer =
// cupti + offsetNs, with the spread of the samples that measured it.
struct ClockAlignment {
    bool measured = false;
    double offsetNs = 0;
    double spreadNs = 0;  // max - min of the samples' offsets
    int samples = 0;
};

// The GPU's state when the run was made, from NVML, and how long the run
// waited for the GPU's lock. Views badge runs that shared the GPU, ran on a
// MIG slice or under a throttled clock.
struct GpuEnvironment {
    bool queried = false;
    std::string unavailableReason;  // why NVML could not be asked, when it could not
    std::string uuid;
    std::vector<std::uint32_t> otherPids;  // other processes computing on this GPU
    std::vector<std::string> otherProcessNames;
    int gpuUtilizationPercent = -1;
    int memoryUtilizationPercent = -1;
    std::string computeMode;  // "Default", "Exclusive_Process", "Prohibited"
    bool migEnabled = false;
    std::string migProfile;  // "1g.10gb"
    int migSmCount = 0;
    int smClockMHz = 0, maxSmClockMHz = 0, memClockMHz = 0;
    std::uint64_t throttleReasons = 0;  // NVML's clocks-event reason bits
    std::vector<std::string> throttleReasonNames;
    int pcieGeneration = 0, pcieWidth = 0, pcieMaxGeneration = 0, pcieMaxWidth = 0;
    double lockWaitMs = 0;  // time spent queued for the GPU's lock
    int runsAheadAtStart = 0;
};

struct Verification {
    bool checked = false;
    bool passed = false;
    std::string expected;  // CPU reference, as text
    std::string actual;    // GPU result, as text
    double absError = 0;
    double tolerance = 0;
    std::string note;  // how the tolerance was derived, or why it failed
};

struct Timing {
    double kernelMs = 0;          // median of repeated launches without recording
    double recordedKernelMs = 0;  // median of the same launches with recording
    double overheadPercent = 0;   // (recorded - plain) / plain * 100
    int repetitions = 0;
    // Nothing was timed as one launch (a traced program's whole timeline:
    // its operations carry the times).
    bool untimed() const { return repetitions == 0 && kernelMs == 0 && kernelSamplesMs.empty(); }
    // Spread of the timed launches without recording.
    double kernelMinMs = 0, kernelMaxMs = 0;
    double kernelCvPercent = 0;  // coefficient of variation: stdev / mean * 100
    std::vector<double> kernelSamplesMs;
    // The CPU doing the same work (the reference), and the copies a GPU run
    // needs: what a student weighs to see where the GPU pays off.
    double cpuMs = 0;          // one thread
    double cpuParallelMs = 0;  // all cores, 0 where the reference does not parallelise
    int cpuThreads = 0;
    double transferMs = 0;  // inputs to the device and results back (pinned copies)
    double bytesMoved = 0;  // per run, for throughput
    double flops = 0;
    double gbPerS() const { return kernelMs > 0 ? bytesMoved / (kernelMs * 1e6) : 0; }
    double gflopPerS() const { return kernelMs > 0 ? flops / (kernelMs * 1e6) : 0; }
};

using ParamValues = std::map<std::string, std::string>;  // name -> canonical text

struct Run {
    int formatVersion = kTraceFormatVersion;
    std::string experiment;
    ParamValues params;
    DeviceInfo device;
    std::string recordedAt;  // ISO 8601 UTC
    std::string tool;        // program and version that recorded it
    std::vector<Launch> launches;
    Verification verification;
    Timing timing;
    // Version 2 and later:
    std::vector<RecordTable> tables;           // per-run records of a lab
    std::map<std::string, std::string> texts;  // e.g. "printf": the kernel's output
    std::map<std::string, double> figures;     // named results: "imbalance", ...
    GpuEnvironment environment;
    OperationRecords operations;
    HostCallRecords hostCalls;
    ClockAlignment clocks;
    // Version 4 and later:
    RunProfile profile;
};

}  // namespace ws
