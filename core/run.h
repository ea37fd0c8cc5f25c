#pragma once
// The trace model: what one run of an experiment measured on the GPU.
// Struct-of-arrays records keep large traces compact and cache friendly; every
// record kind is optional (an empty vector means "not recorded").
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ws {

inline constexpr int kTraceFormatVersion = 1;
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
    std::vector<std::uint32_t> block;  // linear block index
    std::vector<std::uint32_t> sm;     // %smid
    std::vector<std::uint64_t> startNs, endNs;       // %globaltimer
    std::vector<std::int64_t> startClock, endClock;  // clock64 (per-SM counter)
    std::size_t size() const { return block.size(); }
    void resize(std::size_t n) {
        block.resize(n); sm.resize(n); startNs.resize(n); endNs.resize(n);
        startClock.resize(n); endClock.resize(n);
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
    std::vector<double> before, after;      // size() * 32 * components
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
    double kernelMs = 0;        // median of repeated launches without recording
    double recordedKernelMs = 0;  // median of the same launches with recording
    double overheadPercent = 0;   // (recorded - plain) / plain * 100
    int repetitions = 0;
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
};

}  // namespace ws
