// Cycles per access and predicted passes from a bank-probe run's records.
#include "core/memory/bank_probe_cycles.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

// The probe's two records: lane i at word i * stride, loads then stores.
Run probeRun(std::uint32_t stride, std::int64_t loadCycles, std::int64_t storeCycles) {
    Run r;
    r.experiment = "bank-probe";
    r.params = {{"pattern", "stride"}, {"stride", std::to_string(stride)}, {"width", "4"}};
    Launch l;
    SharedAccessRecords& s = l.sharedAccesses;
    for (std::uint32_t k = 0; k < 2; ++k) {
        s.block.push_back(0);
        s.warp.push_back(0);
        s.instruction.push_back(k);
        s.widthBytes.push_back(4);
        s.activeMask.push_back(0xffffffffu);
        for (std::uint32_t lane = 0; lane < 32; ++lane) s.address.push_back(lane * stride * 4);
        s.cycles.push_back(k == 0 ? loadCycles : storeCycles);
    }
    r.launches.push_back(l);
    return r;
}

TEST(BankProbeCycles, CyclesAndPassesOfTheRecordedPattern) {
    const auto two = probeCycles(probeRun(2, 53, 11));
    ASSERT_TRUE(two);
    EXPECT_EQ(two->passes, 2u);  // stride 2: lanes i and i + 16 share a bank
    EXPECT_EQ(two->idealPasses, 1u);
    EXPECT_EQ(two->loadCycles, 53);
    EXPECT_EQ(two->storeCycles, 11);
    EXPECT_EQ(probeCycles(probeRun(32, 292, 63))->passes, 32u);
    EXPECT_EQ(probeCycles(probeRun(33, 51, 11))->passes, 1u);  // 33 and 32 share no factor
}

TEST(BankProbeCycles, OtherRunsHaveNone) {
    ws::Run r = probeRun(2, 53, 11);
    r.experiment = "transpose-f32";
    EXPECT_FALSE(probeCycles(r));
    ws::Run empty;
    empty.experiment = "bank-probe";
    EXPECT_FALSE(probeCycles(empty));
}

}  // namespace
}  // namespace ws
