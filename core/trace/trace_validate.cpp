// Consistency checks of a Run: what a decoded file must satisfy before any
// view indexes into it, and what a launcher's output is expected to satisfy.
#include <string>

#include "core/run/launch_label.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_profile_codec.h"

namespace ws {

namespace {

// Sanity limits, far above any real GPU, that keep derived sizes in range.
constexpr std::uint64_t kMaxSmId = 65535;
constexpr std::uint64_t kMaxThreadsPerBlock = 65536;
constexpr std::uint64_t kMaxBlocksPerGrid = std::uint64_t(1) << 32;
constexpr std::uint32_t kMaxComponents = 4;

class LaunchChecker {
public:
    LaunchChecker(const Launch& launch, std::size_t index)
        : m_launch(launch), m_where(launchLabel(index) + ": ") {}

    Status check() {
        if (Status s = checkDims(); !s) return s;
        if (Status s = checkBlocks(); !s) return s;
        if (Status s = checkSteps(); !s) return s;
        if (Status s = checkSharedAccesses(); !s) return s;
        if (Status s = checkGlobalAccesses(); !s) return s;
        if (Status s = checkArrivals(); !s) return s;
        return checkTables(m_launch.tables, m_where);
    }

private:
    Error error(const std::string& what) const { return makeError(m_where + what); }

    template <typename V>
    Status sameLength(const char* name, const V& values, const char* refName,
                      std::size_t expected) const {
        if (values.size() == expected) return {};
        return error(std::string(name) + " has " + std::to_string(values.size()) + " values, " +
                     refName + " has " + std::to_string(expected));
    }

    // The first element at or above `limit`, reported with its index.
    Status below(const char* name, const std::vector<std::uint32_t>& values, std::uint64_t limit,
                 const std::string& limitText) const {
        for (std::size_t i = 0; i < values.size(); ++i)
            if (values[i] >= limit)
                return error(std::string(name) + "[" + std::to_string(i) +
                             "] = " + std::to_string(values[i]) + " is not below " + limitText);
        return {};
    }

    Status checkDims() {
        const Dim3& g = m_launch.grid;
        const Dim3& b = m_launch.block;
        if (g.x == 0 || g.y == 0 || g.z == 0) return error("grid has a zero dimension");
        if (b.x == 0 || b.y == 0 || b.z == 0) return error("block has a zero dimension");
        if (g.count() > kMaxBlocksPerGrid)
            return error("grid of " + std::to_string(g.count()) + " blocks exceeds 2^32");
        if (b.count() > kMaxThreadsPerBlock)
            return error("block of " + std::to_string(b.count()) + " threads exceeds " +
                         std::to_string(kMaxThreadsPerBlock));
        m_gridText = "the grid size " + std::to_string(g.count());
        m_warps = (b.count() + kWarpSize - 1) / kWarpSize;
        m_warpText = "the block's warp count " + std::to_string(m_warps);
        return {};
    }

    Status checkBlocks() const {
        const auto& r = m_launch.blocks;
        const std::size_t n = r.block.size();
        const char* ref = "blocks.block";
        if (Status s = sameLength("blocks.sm", r.sm, ref, n); !s) return s;
        if (Status s = sameLength("blocks.startNs", r.startNs, ref, n); !s) return s;
        if (Status s = sameLength("blocks.endNs", r.endNs, ref, n); !s) return s;
        if (Status s = sameLength("blocks.startClock", r.startClock, ref, n); !s) return s;
        if (Status s = sameLength("blocks.endClock", r.endClock, ref, n); !s) return s;
        if (Status s = below("blocks.block", r.block, m_launch.grid.count(), m_gridText); !s)
            return s;
        return below("blocks.sm", r.sm, kMaxSmId + 1, "the SM id limit 65536");
    }

    Status checkSteps() const {
        const auto& r = m_launch.steps;
        if (r.components < 1 || r.components > kMaxComponents)
            return error("steps.components = " + std::to_string(r.components) +
                         " is not in [1, 4]");
        const std::size_t n = r.block.size();
        const char* ref = "steps.block";
        if (Status s = sameLength("steps.warp", r.warp, ref, n); !s) return s;
        if (Status s = sameLength("steps.step", r.step, ref, n); !s) return s;
        if (Status s = sameLength("steps.activeMask", r.activeMask, ref, n); !s) return s;
        if (Status s = sameLength("steps.clock", r.clock, ref, n); !s) return s;
        const std::size_t values = n * kWarpSize * r.components;
        for (auto [name, v] : {std::pair{"steps.before", &r.before}, {"steps.after", &r.after}}) {
            if (v->size() != values)
                return error(std::string(name) + " has " + std::to_string(v->size()) +
                             " values, expected " + std::to_string(values) + " (" +
                             std::to_string(n) + " records x 32 lanes x " +
                             std::to_string(r.components) + " components)");
        }
        if (Status s = below("steps.block", r.block, m_launch.grid.count(), m_gridText); !s)
            return s;
        return below("steps.warp", r.warp, m_warps, m_warpText);
    }

    Status checkSharedAccesses() const {
        const auto& r = m_launch.sharedAccesses;
        const std::size_t n = r.block.size();
        const char* ref = "sharedAccesses.block";
        if (Status s = sameLength("sharedAccesses.warp", r.warp, ref, n); !s) return s;
        if (Status s = sameLength("sharedAccesses.instruction", r.instruction, ref, n); !s)
            return s;
        if (Status s = sameLength("sharedAccesses.widthBytes", r.widthBytes, ref, n); !s) return s;
        if (Status s = sameLength("sharedAccesses.activeMask", r.activeMask, ref, n); !s) return s;
        if (Status s = sameLength("sharedAccesses.cycles", r.cycles, ref, n); !s) return s;
        if (r.address.size() != n * kWarpSize)
            return error("sharedAccesses.address has " + std::to_string(r.address.size()) +
                         " values, expected " + std::to_string(n * kWarpSize) + " (" +
                         std::to_string(n) + " records x 32 lanes)");
        for (std::size_t i = 0; i < n; ++i) {
            const auto w = r.widthBytes[i];
            if (!validWidth(w))
                return error("sharedAccesses.widthBytes[" + std::to_string(i) +
                             "] = " + std::to_string(w) + " is not 1, 2, 4, 8 or 16");
        }
        if (Status s = below("sharedAccesses.block", r.block, m_launch.grid.count(), m_gridText);
            !s)
            return s;
        return below("sharedAccesses.warp", r.warp, m_warps, m_warpText);
    }

    Status checkGlobalAccesses() const {
        const auto& r = m_launch.globalAccesses;
        const std::size_t n = r.block.size();
        const char* ref = "globalAccesses.block";
        if (Status s = sameLength("globalAccesses.warp", r.warp, ref, n); !s) return s;
        if (Status s = sameLength("globalAccesses.instruction", r.instruction, ref, n); !s)
            return s;
        if (Status s = sameLength("globalAccesses.widthBytes", r.widthBytes, ref, n); !s) return s;
        if (Status s = sameLength("globalAccesses.activeMask", r.activeMask, ref, n); !s) return s;
        if (Status s = sameLength("globalAccesses.isWrite", r.isWrite, ref, n); !s) return s;
        if (r.address.size() != n * kWarpSize)
            return error("globalAccesses.address has " + std::to_string(r.address.size()) +
                         " values, expected " + std::to_string(n * kWarpSize) + " (" +
                         std::to_string(n) + " records x 32 lanes)");
        for (std::size_t i = 0; i < n; ++i) {
            if (!validWidth(r.widthBytes[i]))
                return error("globalAccesses.widthBytes[" + std::to_string(i) +
                             "] = " + std::to_string(r.widthBytes[i]) + " is not 1, 2, 4, 8 or 16");
            if (r.isWrite[i] > 1)
                return error("globalAccesses.isWrite[" + std::to_string(i) +
                             "] = " + std::to_string(r.isWrite[i]) + " is not 0 or 1");
        }
        if (Status s = below("globalAccesses.block", r.block, m_launch.grid.count(), m_gridText);
            !s)
            return s;
        return below("globalAccesses.warp", r.warp, m_warps, m_warpText);
    }

    static bool validWidth(std::uint32_t w) {
        return w == 1 || w == 2 || w == 4 || w == 8 || w == 16;
    }

    Status checkArrivals() const {
        const auto& r = m_launch.arrivals;
        const std::size_t n = r.block.size();
        if (Status s = sameLength("arrivals.counter", r.counter, "arrivals.block", n); !s) return s;
        if (Status s = sameLength("arrivals.timeNs", r.timeNs, "arrivals.block", n); !s) return s;
        return below("arrivals.block", r.block, m_launch.grid.count(), m_gridText);
    }

    const Launch& m_launch;
    std::string m_where;
    std::string m_gridText;
    std::string m_warpText;
    std::uint64_t m_warps = 0;
};

Status checkOperations(const Run& run) {
    const auto& o = run.operations;
    const std::size_t n = o.kind.size();
    for (auto [name, size] : {std::pair{"operations.stream", o.stream.size()},
                              {"operations.engine", o.engine.size()},
                              {"operations.hostMemory", o.hostMemory.size()},
                              {"operations.bytes", o.bytes.size()},
                              {"operations.startNs", o.startNs.size()},
                              {"operations.endNs", o.endNs.size()},
                              {"operations.correlation", o.correlation.size()},
                              {"operations.launch", o.launch.size()}})
        if (size != n)
            return makeError(std::string(name) + " has " + std::to_string(size) +
                             " values, operations.kind has " + std::to_string(n));
    for (std::size_t i = 0; i < n; ++i) {
        const std::string at = "operations[" + std::to_string(i) + "]: ";
        if (o.kind[i] >= kOperationKindCount)
            return makeError(at + "kind " + std::to_string(o.kind[i]) + " is not below " +
                             std::to_string(kOperationKindCount));
        if (o.hostMemory[i] > std::uint8_t(HostMemoryKind::Managed))
            return makeError(at + "hostMemory " + std::to_string(o.hostMemory[i]) +
                             " is not in [0, 3]");
        if (o.endNs[i] < o.startNs[i]) return makeError(at + "ends before it starts");
        if (o.launch[i] < -1 || o.launch[i] >= std::int64_t(run.launches.size()))
            return makeError(at + "launch index " + std::to_string(o.launch[i]) +
                             " is not -1 or the index of one of the " +
                             std::to_string(run.launches.size()) + " launches");
    }
    return {};
}

Status checkHostCalls(const HostCallRecords& h) {
    const std::size_t n = h.name.size();
    for (auto [name, size] : {std::pair{"hostCalls.thread", h.thread.size()},
                              {"hostCalls.startNs", h.startNs.size()},
                              {"hostCalls.endNs", h.endNs.size()},
                              {"hostCalls.correlation", h.correlation.size()}})
        if (size != n)
            return makeError(std::string(name) + " has " + std::to_string(size) +
                             " values, hostCalls.name has " + std::to_string(n));
    for (std::size_t i = 0; i < n; ++i) {
        if (h.name[i] >= h.names.size())
            return makeError("hostCalls.name[" + std::to_string(i) +
                             "] = " + std::to_string(h.name[i]) + " is not below the " +
                             std::to_string(h.names.size()) + " names");
        if (h.endNs[i] < h.startNs[i])
            return makeError("hostCalls[" + std::to_string(i) + "] ends before it starts");
    }
    return {};
}

Status checkParents(const Run& run) {
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        const Launch& l = run.launches[i];
        if (l.parentLaunch == -1) continue;
        const std::string at = launchLabel(i) + ": ";
        if (l.parentLaunch < 0 || std::size_t(l.parentLaunch) >= run.launches.size() ||
            std::size_t(l.parentLaunch) == i)
            return makeError(at + "parentLaunch " + std::to_string(l.parentLaunch) +
                             " is not another launch of the " +
                             std::to_string(run.launches.size()));
        if (l.parentBlock >= run.launches[l.parentLaunch].grid.count())
            return makeError(at + "parentBlock " + std::to_string(l.parentBlock) +
                             " is not a block of launch " + std::to_string(l.parentLaunch));
    }
    return {};
}

}  // namespace

Status validateRun(const Run& run) {
    if (run.formatVersion < 1 || run.formatVersion > kTraceFormatVersion)
        return makeError("trace format version " + std::to_string(run.formatVersion) +
                         " is not supported");
    const DeviceInfo& d = run.device;
    if (d.smCount < 0 || std::uint64_t(d.smCount) > kMaxSmId + 1)
        return makeError("device.smCount = " + std::to_string(d.smCount) + " is not in [0, 65536]");
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        if (Status s = LaunchChecker(run.launches[i], i).check(); !s) return s;
    }
    if (Status s = checkParents(run); !s) return s;
    if (Status s = checkTables(run.tables, ""); !s) return s;
    if (Status s = checkOperations(run); !s) return s;
    if (Status s = checkHostCalls(run.hostCalls); !s) return s;
    return checkProfile(run.profile);
}

}  // namespace ws
