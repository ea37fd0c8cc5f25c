#pragma once
// Shared by the memory lab's GPU tests: resolving parameters from the
// catalog entries and running with few repetitions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws {
std::vector<ExperimentSpec> memoryExperiments();
}

namespace ws::test {

inline const ExperimentSpec& memorySpec(const std::string& id) {
    static const std::vector<ExperimentSpec> list = memoryExperiments();
    for (const auto& e : list)
        if (e.id == id) return e;
    ADD_FAILURE() << "no memory experiment " << id;
    return list.front();
}

inline ParamValues memoryParams(const std::string& id,
                                const std::vector<std::string>& assignments) {
    auto p = resolveParams(memorySpec(id), assignments);
    EXPECT_TRUE(p.ok()) << p.error();
    return p.ok() ? *p : ParamValues{};
}

// The same typed, as the launchers take them.
inline MemorySettings memorySettingsFor(const std::string& id,
                                        const std::vector<std::string>& assignments) {
    auto s = memorySettings(id, memoryParams(id, assignments));
    EXPECT_TRUE(s.ok()) << s.error();
    return s.ok() ? *s : MemorySettings{};
}

inline RunOptions quickOptions() {
    RunOptions o;
    o.repetitions = 2;
    o.measureOverhead = false;
    return o;
}

inline DeviceInfo deviceLimits() {
    DeviceInfo d;
    EXPECT_TRUE(memory::completeLimits(d, 0).ok());
    return d;
}

// Every block wrote its record once, with time running forward. A start
// the kernel never read stays 0 in ns where it is kept in registers
// (BlockStart::AfterFirstLoad without started()), and its clock comes back
// from the slot as the end clock rounded down to a multiple of 2^48
// (slotStartClock), so both are bounded; where it is stored at once
// (StoredAfterFirstLoad) the slot's start half keeps its 0xff fill and the
// block reads as having no record.
inline void expectCompleteBlocks(const Launch& launch) {
    const BlockRecords& b = launch.blocks;
    ASSERT_EQ(b.size(), launch.grid.count());
    for (std::size_t i = 0; i < b.size(); ++i) {
        ASSERT_EQ(b.block[i], i) << "block " << i << " has no record";
        ASSERT_NE(b.startNs[i], 0u) << "block " << i << " has no start reading";
        EXPECT_LE(b.startNs[i], b.endNs[i]);
        EXPECT_LT(b.endNs[i] - b.startNs[i], 1'000'000'000u) << "block " << i;
        // A second at 2 GHz: far less than a start never read is away, but
        // for an end clock within a second of a multiple of 2^48.
        EXPECT_LT(b.endClock[i] - b.startClock[i], std::int64_t(2'000'000'000)) << "block " << i;
        EXPECT_LE(b.startClock[i], b.endClock[i]);
    }
}

// A run with traced_blocks=0 launches the build with block records alone:
// every block is recorded, no access is.
inline void expectBlocksOnly(const Launch& launch) {
    expectCompleteBlocks(launch);
    EXPECT_EQ(launch.sharedAccesses.size(), 0u);
    EXPECT_EQ(launch.globalAccesses.size(), 0u);
}

inline WarpAccess recordedShared(const SharedAccessRecords& r, std::size_t i) {
    WarpAccess a;
    a.widthBytes = r.widthBytes[i];
    a.activeMask = r.activeMask[i];
    for (int lane = 0; lane < 32; ++lane) a.address[lane] = r.address[i * 32 + lane];
    return a;
}

inline std::array<std::uint64_t, 32> recordedGlobal(const GlobalAccessRecords& r, std::size_t i) {
    std::array<std::uint64_t, 32> a{};
    for (int lane = 0; lane < 32; ++lane) a[lane] = r.address[i * 32 + lane];
    return a;
}

}  // namespace ws::test
