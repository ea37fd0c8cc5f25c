#pragma once
// The memory kinds lab's records: one Run::tables table per experiment, a
// row per measured point. The kernels write them (kernels/memkinds/), the
// views and `warpscope-record info` read them back through these readers,
// which check every column and value and say what is wrong and where.
// docs/trace-format.md, "Tables", lists the columns.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::memkinds {

inline constexpr const char* kLatencyTable = "latency";
inline constexpr const char* kL2DistanceTable = "l2-distance";
inline constexpr const char* kBandwidthTable = "bandwidth";
inline constexpr const char* kConstantTable = "constant";
inline constexpr const char* kTexturePathsTable = "texture-paths";
inline constexpr const char* kLocalTable = "local";
inline constexpr const char* kOccupancyTable = "occupancy";

// How a load reaches memory (the memory-latency experiment's `path`).
enum class LoadPath : std::uint8_t {
    Global = 0,    // ld.global: L1, L2, HBM
    ReadOnly = 1,  // __ldg: the read-only (texture) path through L1
    L2Only = 2,    // ld.global.cg (__ldcg): cached in L2, not L1
    Shared = 3,    // shared memory
    Constant = 4,  // __constant__ memory, the constant caches
    Texture = 5,   // tex1Dfetch on a texture object over linear memory
};
const char* loadPathName(LoadPath path);  // "global", "ldg", "cg", "shared", "constant", "texture"
Result<LoadPath> loadPathFromName(const std::string& name);

// memory-latency: one thread chasing indices through a working set.
struct LatencyPoint {
    std::uint64_t workingSetBytes = 0;
    std::uint32_t strideBytes = 0;
    std::uint32_t loads = 0;          // timed dependent loads
    double cyclesPerLoad = 0;         // clock64 cycles / loads
    double nsPerLoad = 0;             // %globaltimer ns / loads
    std::uint32_t finalIndex = 0;     // where the chase ended on the GPU
    std::uint32_t expectedIndex = 0;  // where chaseFinalIndex says it must end
};

// l2-distance: the same chase from each SM in turn, in L2 (ld.global.cg).
struct SmLatency {
    std::uint32_t sm = 0;  // %smid of the block that measured
    double cyclesPerLoad = 0;
    double nsPerLoad = 0;
    std::uint32_t finalIndex = 0, expectedIndex = 0;
};

// memory-bandwidth: every SM reading a working set, again and again.
// Global: plain loads (L1, L2, HBM). Shared: every block its own shared
// array. L2Only: the same reads as Global with ld.global.cg, which skips L1,
// so a set larger than L1 is read from L2 alone: plain loads keep finding
// what an SM read a few passes before in its 256 KiB L1 and overstate L2.
enum class BandwidthLevel : std::uint8_t { Global = 0, Shared = 1, L2Only = 2 };
const char* bandwidthLevelName(BandwidthLevel level);  // "global", "shared", "cg"
struct BandwidthPoint {
    BandwidthLevel level = BandwidthLevel::Global;
    std::uint64_t workingSetBytes = 0;  // for Shared: bytes per block
    std::uint64_t bytesRead = 0;        // by the whole timed launch
    double ms = 0;                      // median of the timed launches
    double gbPerS = 0;                  // bytesRead / ms
    bool verified = false;              // the launch's checksum equals the CPU's
};

// constant-memory: cycles per warp load with 1, 2, 4 ... 32 distinct indices.
enum class ConstantPath : std::uint8_t { Constant = 0, Global = 1, ReadOnly = 2 };
const char* constantPathName(ConstantPath path);  // "constant", "global", "ldg"
struct ConstantPoint {
    ConstantPath path = ConstantPath::Constant;
    std::uint32_t distinct = 1;  // distinct indices among the warp's 32 lanes
    double cyclesPerLoad = 0;    // clock64 cycles per warp load instruction
    bool verified = false;
};

// texture: the rotated window through each path, in one run.
enum class TexturePath : std::uint8_t { Texture = 0, Global = 1, ReadOnly = 2 };
const char* texturePathName(TexturePath path);  // "texture", "global", "ldg"
struct TexturePathTiming {
    TexturePath path = TexturePath::Texture;
    double ms = 0;
    double gbPerS = 0;  // image bytes read + window bytes written, per ms
    bool verified = false;
};

// local-memory: the per-thread array in registers, in local memory, spilled.
enum class LocalKind : std::uint8_t { Registers = 0, LocalIndexed = 1, Spilled = 2 };
const char* localKindName(LocalKind kind);  // "registers", "local-indexed", "spilled"
struct LocalVariantTiming {
    LocalKind kind = LocalKind::Registers;
    std::uint32_t registersPerThread = 0;   // cudaFuncGetAttributes numRegs
    std::uint32_t localBytesPerThread = 0;  // cudaFuncGetAttributes localSizeBytes
    double ms = 0;
    bool verified = false;
};

// local-memory's occupancy sweep: the same kernel capped at fewer and
// fewer registers, blocks resident per SM predicted and measured.
struct OccupancyPoint {
    std::uint32_t registersPerThread = 0;
    std::uint32_t localBytesPerThread = 0;  // spill space the cap forced
    std::uint32_t threadsPerBlock = 0;
    std::uint32_t sharedBytesPerBlock = 0;
    std::uint32_t predictedBlocksPerSm = 0;  // cudaOccupancyMaxActiveBlocksPerMultiprocessor
    // Most blocks overlapping on one SM (%smid, %globaltimer).
    std::uint32_t measuredBlocksPerSm = 0;
};

RecordTable latencyTable(const std::vector<LatencyPoint>& points);
RecordTable smLatencyTable(const std::vector<SmLatency>& points);
RecordTable bandwidthTable(const std::vector<BandwidthPoint>& points);
RecordTable constantTable(const std::vector<ConstantPoint>& points);
RecordTable texturePathsTable(const std::vector<TexturePathTiming>& rows);
RecordTable localTable(const std::vector<LocalVariantTiming>& rows);
RecordTable occupancyTable(const std::vector<OccupancyPoint>& points);

// Readers: empty when the run has no such table; an error naming the table,
// row and column for one that does not check out (a column missing or of
// another type, a non-positive time, working sets not increasing, an
// unknown path or kind).
Result<std::vector<LatencyPoint>> readLatency(const Run& run);
Result<std::vector<SmLatency>> readSmLatency(const Run& run);
Result<std::vector<BandwidthPoint>> readBandwidth(const Run& run);
Result<std::vector<ConstantPoint>> readConstant(const Run& run);
Result<std::vector<TexturePathTiming>> readTexturePaths(const Run& run);
Result<std::vector<LocalVariantTiming>> readLocal(const Run& run);
Result<std::vector<OccupancyPoint>> readOccupancy(const Run& run);

}  // namespace ws::memkinds
