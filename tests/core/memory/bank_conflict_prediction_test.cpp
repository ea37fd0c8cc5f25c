// The bank conflicts the access model predicts for a whole timed work, as
// the hardware's l1tex__data_bank_conflicts counters count them: passes
// beyond a conflict-free access's, loads and stores apart.
#include "core/memory/bank_conflict_prediction.h"

#include <gtest/gtest.h>

#include "core/memory/memory_access_model.h"
#include "core/profile/counter_predictions.h"

namespace ws {
namespace {

SharedConflicts predicted(const std::string& experiment, const ParamValues& params) {
    const auto c = predictSharedConflicts(experiment, params);
    EXPECT_TRUE(c) << experiment;
    return c.value_or(SharedConflicts{});
}

TEST(BankConflictPrediction, TheProbeCountsEachRoundsExtraPasses) {
    // 32 lanes in one bank: 31 passes more than one, on 1025 loads (an
    // untimed one first) and 1024 stores.
    const SharedConflicts s32 = predicted("bank-probe", {{"stride", "32"}, {"width", "4"}});
    EXPECT_EQ(s32.loads, 31.0 * 1025);
    EXPECT_EQ(s32.stores, 31.0 * 1024);
    const SharedConflicts s1 = predicted("bank-probe", {{"stride", "1"}, {"width", "4"}});
    EXPECT_EQ(s1.loads, 0);
    EXPECT_EQ(s1.stores, 0);
    // 8-byte accesses need two passes anyway: stride 2 needs four, two extra.
    const SharedConflicts wide = predicted("bank-probe", {{"stride", "2"}, {"width", "8"}});
    EXPECT_EQ(wide.loads, 2.0 * 1025);
    EXPECT_EQ(wide.stores, 2.0 * 1024);
}

TEST(BankConflictPrediction, TheTiledTransposeReadsEveryColumnFromOneBank) {
    // 4096² floats: 524,288 warp reads of a tile column, 31 extra passes
    // each; the rows are stored without a conflict.
    const ParamValues p{
        {"width", "4096"}, {"height", "4096"}, {"variant", "tiled"}, {"rows_per_thread", "4"}};
    const SharedConflicts tiled = predicted("transpose-f32", p);
    EXPECT_EQ(tiled.loads, 524288.0 * 31);
    EXPECT_EQ(tiled.stores, 0);
    ParamValues padded = p;
    padded["variant"] = "padded";
    const SharedConflicts none = predicted("transpose-f32", padded);
    EXPECT_EQ(none.loads, 0);
    EXPECT_EQ(none.stores, 0);
    // One row per thread: the same reads, as many warps with a quarter each.
    ParamValues oneRow = p;
    oneRow["rows_per_thread"] = "1";
    EXPECT_EQ(predicted("transpose-f32", oneRow).loads, 524288.0 * 31);
}

// Every block of the grid, each warp's modelled shared accesses.
SharedConflicts everyBlock(const std::string& experiment, const ParamValues& params) {
    const auto settings = memorySettings(experiment, params);
    EXPECT_TRUE(settings) << settings.error();
    if (!settings) return {};
    const LaunchShape shape = modelledLaunchShape(*settings);
    const std::uint32_t warps = std::uint32_t(shape.block.count() / 32);
    SharedConflicts all;
    for (std::uint32_t b = 0; b < shape.grid.count(); ++b)
        for (std::uint32_t w = 0; w < warps; ++w)
            for (const ModelledShared& s : modelWarpAccesses(*settings, b, w).shared) {
                if (s.access.activeMask == 0) continue;
                const BankAnalysis a = analyzeBanks(s.access);
                (s.isStore ? all.stores : all.loads) += double(a.passes - a.idealPasses);
            }
    return all;
}

TEST(BankConflictPrediction, EdgeTilesAreModelledOneByOne) {
    // Partial tiles in the last column and row of blocks: the same as
    // modelling every block.
    for (const auto& [experiment, params] : std::vector<std::pair<std::string, ParamValues>>{
             {"transpose-f32",
              {{"width", "100"}, {"height", "70"}, {"variant", "tiled"}, {"rows_per_thread", "1"}}},
             {"transpose-f32",
              {{"width", "96"}, {"height", "70"}, {"variant", "tiled"}, {"rows_per_thread", "1"}}},
             {"transpose-u8", {{"width", "200"}, {"height", "90"}, {"variant", "shared"}}},
             {"transpose-u8", {{"width", "190"}, {"height", "96"}, {"variant", "padded"}}}}) {
        SCOPED_TRACE(experiment + " " + params.at("width") + " x " + params.at("height"));
        const SharedConflicts fast = predicted(experiment, params);
        const SharedConflicts slow = everyBlock(experiment, params);
        EXPECT_EQ(fast.loads, slow.loads);
        EXPECT_EQ(fast.stores, slow.stores);
    }
}

TEST(BankConflictPrediction, PartialTilesConflictLessAndSeveralRowsAreNotModelled) {
    // 100 x 70 is no multiple of 32: the edge tiles' partial columns conflict less.
    const ParamValues edge{
        {"width", "100"}, {"height", "70"}, {"variant", "tiled"}, {"rows_per_thread", "1"}};
    const SharedConflicts c = predicted("transpose-f32", edge);
    EXPECT_GT(c.loads, 0);
    EXPECT_LT(c.loads, 4.0 * 3 * 32 * 31);  // 12 full tiles would read this much
    // Several rows per thread over partial tiles: their later rows are not modelled.
    ParamValues rows = edge;
    rows["rows_per_thread"] = "4";
    EXPECT_FALSE(predictSharedConflicts("transpose-f32", rows));
}

TEST(BankConflictPrediction, TheByteTransposesPaddingRemovesTheConflicts) {
    const ParamValues p{{"width", "1920"}, {"height", "1080"}, {"variant", "shared"}};
    const SharedConflicts shared = predicted("transpose-u8", p);
    EXPECT_GT(shared.loads, 0);
    ParamValues padded = p;
    padded["variant"] = "padded";
    EXPECT_LT(predicted("transpose-u8", padded).loads, shared.loads);
}

TEST(BankConflictPrediction, KernelsWithoutSharedMemoryOrAModel) {
    const SharedConflicts naive =
        predicted("transpose-f32", {{"width", "4096"}, {"height", "4096"}, {"variant", "naive"}});
    EXPECT_EQ(naive.loads + naive.stores, 0);
    EXPECT_FALSE(predictSharedConflicts(
        "transpose-f32", {{"width", "4096"}, {"height", "4096"}, {"variant", "best"}}));
    EXPECT_FALSE(predictSharedConflicts("reduce-ladder", {}));
    EXPECT_FALSE(predictSharedConflicts("no-such-experiment", {}));
}

TEST(BankConflictPrediction, TheCountersTableGetsThem) {
    ws::Run run;
    run.experiment = "bank-probe";
    run.params = {{"stride", "32"}, {"width", "4"}};
    const auto p = predictedCounters(run);
    ASSERT_TRUE(p.count("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"));
    EXPECT_EQ(p.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"), 31.0 * 1024);
    run.experiment = "reduce-ladder";
    run.params = {};
    EXPECT_FALSE(
        predictedCounters(run).count("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"));
}

}  // namespace
}  // namespace ws
