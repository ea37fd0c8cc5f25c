// The TMA rungs' "pipeline" table: written and read back, refused with the
// row and the rule when a record is out of order or out of range, and the
// ring's state and the waits computed from a block's steps.
#include "core/tensorcore/tensorcore_pipeline.h"

#include <gtest/gtest.h>

#include "core/run/record_table.h"

namespace ws {
namespace {

// Two stages, three steps of one block: step 2 reuses stage 0 after both
// consumers released step 0.
std::vector<PipelineStep> threeSteps() {
    std::vector<PipelineStep> rows;
    for (std::uint32_t i = 0; i < 3; ++i) {
        PipelineStep s;
        s.block = 1;
        s.step = i;
        s.phase = i;
        s.stage = i % 2;
        s.tileRow = 2;
        s.tileCol = 3;
        s.producerWait = 100 + 10 * i;
        s.issued = i < 2 ? s.producerWait : 320;  // step 2 waits for stage 0 to be free
        for (int c = 0; c < 2; ++c) {
            s.wait[c] = 150 + 150 * i;
            s.ready[c] = 200 + 150 * i + c;
            s.released[c] = 300 + 150 * i + c;
        }
        if (i == 2) {
            s.wait = {350, 350};
            s.ready = {400, 401};
            s.released = {500, 501};
        }
        rows.push_back(s);
    }
    return rows;
}

Launch launchWith(const std::vector<PipelineStep>& rows) {
    Launch l;
    l.grid = {4, 1, 1};
    PipelineColumns{rows}.storeInto(l.tables);
    return l;
}

TEST(TensorCorePipeline, ATableReadsBackAsWritten) {
    const auto rows = threeSteps();
    const Launch l = launchWith(rows);
    const RecordTable* t = findTable(l.tables, "pipeline");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rows(), 3u);
    EXPECT_EQ(t->columns.size(), 14u);
    auto back = readPipeline(l, 2);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ((*back)[i].step, rows[i].step);
        EXPECT_EQ((*back)[i].stage, rows[i].stage);
        EXPECT_EQ((*back)[i].issued, rows[i].issued);
        EXPECT_EQ((*back)[i].released, rows[i].released);
    }
    EXPECT_TRUE(readPipeline(Launch{}, 2)->empty());  // no table: no steps
}

TEST(TensorCorePipeline, RecordsOutOfOrderOrRangeAreRefusedWithTheRow) {
    auto bad = [](auto bend, const char* words) {
        auto rows = threeSteps();
        bend(rows[1]);
        auto r = readPipeline(launchWith(rows), 2);
        ASSERT_FALSE(r.ok()) << words;
        EXPECT_NE(r.error().find("row 1"), std::string::npos) << r.error();
        EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
    };
    bad([](PipelineStep& s) { s.block = 4; }, "not below the grid size 4");
    bad([](PipelineStep& s) { s.stage = 2; }, "not below the ring's 2");
    bad([](PipelineStep& s) { s.issued = s.producerWait - 1; }, "issued before the wait");
    bad([](PipelineStep& s) { s.released[1] = s.ready[1] - 1; }, "out of order");
    bad([](PipelineStep& s) { s.ready[0] = s.issued - 1, s.wait[0] = s.ready[0]; },
        "before the stage's loads were issued");
    Launch missing = launchWith(threeSteps());
    missing.tables[0].columns.pop_back();
    auto r = readPipeline(missing, 2);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("released1"), std::string::npos) << r.error();
}

TEST(TensorCorePipeline, TheRingsStagesMoveFromLoadingToReadyToConsumed) {
    const auto steps = pipelineOfBlock(threeSteps(), 1);
    EXPECT_EQ(stageStateAt(steps, 0, 50), StageState::Free);
    EXPECT_EQ(stageStateAt(steps, 0, 150), StageState::Loading);  // issued 100, ready 200
    EXPECT_EQ(stageStateAt(steps, 0, 250), StageState::Ready);
    EXPECT_EQ(stageStateAt(steps, 0, 300), StageState::Ready);  // consumer 1 releases at 301
    EXPECT_EQ(stageStateAt(steps, 0, 305), StageState::Consumed);
    EXPECT_EQ(stageStateAt(steps, 0, 330), StageState::Loading);  // step 2 issued at 320
    EXPECT_EQ(stageStateAt(steps, 1, 50), StageState::Free);
    EXPECT_STREQ(stageStateName(StageState::Consumed), "consumed");
}

TEST(TensorCorePipeline, WaitsAddUpPerSide) {
    const PipelineWaits w = pipelineWaits(pipelineOfBlock(threeSteps(), 1));
    EXPECT_EQ(w.steps, 3u);
    EXPECT_EQ(w.producerWaiting, 320 - 120);
    EXPECT_EQ(w.consumerWaiting, 3 * (50 + 51));  // each step: 50 and 51 cycles
    EXPECT_EQ(w.consumerBusy, 3 * (100 + 100));
    EXPECT_EQ(w.span, 501 - 100);
}

TEST(TensorCorePipeline, TheRunsFiguresAreSharesOfTheSpan) {
    const auto figures = pipelineFigures(threeSteps());
    ASSERT_EQ(figures.size(), 3u);
    EXPECT_EQ(figures[0].first, "consumerWaitFraction");
    EXPECT_DOUBLE_EQ(figures[0].second, 303.0 / (2 * 401));
    EXPECT_DOUBLE_EQ(figures[1].second, 200.0 / 401);
    EXPECT_EQ(figures[2].second, 3);
    EXPECT_TRUE(pipelineFigures({}).empty());
}

}  // namespace
}  // namespace ws
