// The lab's records: a modelled run holds phases that match the tiling,
// survives the trace file, and corrupt tables are refused with what and where.
#include "core/matmul/matmul_records.h"

#include <gtest/gtest.h>

#include "core/matmul/matmul_model_run.h"
#include "core/matmul/matmul_summary.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

ws::Run modelled(const std::string& variant, const std::string& n,
                 const std::string& traced = "1") {
    return modelledMatmulRun({{"variant", variant}, {"n", n}, {"traced_blocks", traced}}, 0.5);
}

RecordTable& phasesOf(ws::Run& run) {
    for (auto& t : run.launches.at(0).tables)
        if (t.name == "phases") return t;
    throw std::runtime_error("no phases table");
}

TEST(MatmulRecords, ModelledPhasesFollowTheTiling) {
    const ws::Run run = modelled("shared-tiling", "100", "2");
    auto shape = matmulRunShape(run);
    ASSERT_TRUE(shape.ok()) << shape.error();
    auto phases = readMatmulPhases(*shape, run.launches[0]);
    ASSERT_TRUE(phases.ok()) << phases.error();
    ASSERT_EQ(phases->size(), 8u);  // 2 traced blocks (0 and 15) x 4 phases
    const auto last = phasesOfBlock(*phases, 15);
    ASSERT_EQ(last.size(), 4u);
    EXPECT_EQ(last[3]->a, (MatrixRect{96, 96, 4, 4}));
    EXPECT_EQ(last[3]->b, (MatrixRect{96, 96, 4, 4}));
    EXPECT_TRUE(validateMatmulRun(run).ok());
    EXPECT_EQ(run.launches[0].sharedAccesses.size(), 2u * 4);  // 2 blocks x 2 k-steps x 2 reads
}

TEST(MatmulRecords, TheBugRunShowsItsStuckATileAndWrongEntries) {
    const ws::Run run = modelled("seed-tiled-bug", "20");
    auto phases = readMatmulPhases(*matmulRunShape(run), run.launches[0]);
    ASSERT_TRUE(phases.ok());
    for (const auto& p : *phases) EXPECT_EQ(p.a.col, 0u) << "phase " << p.phase;
    EXPECT_TRUE(run.verification.checked);
    EXPECT_FALSE(run.verification.passed);
    EXPECT_GT(run.figures.at("wrongEntries"), 0);
    // Columns 0..7 of k: the first phase is right for every entry, so a wrong
    // entry needs the later phases, which every entry has (n = 20 > 8).
    EXPECT_EQ(run.figures.at("checkedEntries"), 400);
}

TEST(MatmulRecords, RoundTripThroughTheTraceFile) {
    const ws::Run run = modelled("warptile", "300");
    auto decoded = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(decoded.ok()) << decoded.error();
    EXPECT_TRUE(validateMatmulRun(*decoded).ok());
    const RecordTable* t = findTable(decoded->launches.at(0).tables, "phases");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rows(), 300u / std::uint32_t(kWarptileCatalog.bk) + 1);
    auto shape = matmulRunShape(*decoded);
    ASSERT_TRUE(shape.ok());
    EXPECT_EQ(shape->tiling->warptile, kWarptileCatalog);
}

TEST(MatmulRecords, StoredTilingWinsOverTheCatalog) {
    ws::Run run = modelled("warptile", "512");
    run.figures["tileK"] = 8;
    run.figures["stages"] = 2;
    auto shape = matmulRunShape(run);
    ASSERT_TRUE(shape.ok()) << shape.error();
    EXPECT_EQ(shape->tiling->tileK, 8u);
    EXPECT_EQ(shape->tiling->warptile->stages, 2);
    run.figures["warpM"] = 48;
    EXPECT_FALSE(matmulRunShape(run).ok());
}

TEST(MatmulRecords, CorruptPhasesAreReportedWithTheRow) {
    ws::Run run = modelled("blocktile-2d", "300");
    std::get<std::vector<std::uint32_t>>(phasesOf(run).columns[0].data)[1] = 9;  // grid is 3 x 3
    Status s = validateMatmulRun(run);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("row 1: block 9 is not below the grid size 9"), std::string::npos)
        << s.error();

    run = modelled("blocktile-2d", "300");
    auto& clocks = std::get<std::vector<std::int64_t>>(phasesOf(run).columns[6].data);
    clocks[2] = clocks[1] - 5;
    s = validateMatmulRun(run);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("phase 2 began before phase 1"), std::string::npos) << s.error();

    run = modelled("blocktile-2d", "300");
    phasesOf(run).columns[2].data = std::vector<float>(phasesOf(run).rows(), 0.0f);
    s = validateMatmulRun(run);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("column 'aRow' holds f32 values, expected u32"), std::string::npos)
        << s.error();

    run = modelled("blocktile-2d", "300");
    std::get<std::vector<std::uint32_t>>(phasesOf(run).columns[5].data)[0] = 300;
    EXPECT_FALSE(validateMatmulRun(run).ok());
}

TEST(MatmulRecords, MismatchesOutsideCAreRefused) {
    ws::Run run = modelled("seed-tiled-bug", "20");
    RecordTable* m = nullptr;
    for (auto& t : run.tables)
        if (t.name == "mismatches") m = &t;
    ASSERT_NE(m, nullptr);
    std::get<std::vector<std::uint32_t>>(m->columns[0].data)[0] = 20;
    const Status s = validateMatmulRun(run);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("table 'mismatches', row 0"), std::string::npos) << s.error();
}

TEST(MatmulRecords, CpuAndCublasRunsHaveNoLaunch) {
    EXPECT_TRUE(modelled("cpu-blocked", "256").launches.empty());
    EXPECT_TRUE(modelled("cublas", "256").launches.empty());
    EXPECT_TRUE(validateMatmulRun(modelled("cublas", "256")).ok());
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

TEST(MatmulSummary, InfoLinesNameTheRecords) {
    const ws::Run run = modelledMatmulRun({{"variant", "seed-tiled-bug"}, {"n", "20"}}, 0.5);
    const auto lines = matmulSummaryLines(run);
    ASSERT_GE(lines.size(), 4u);
    EXPECT_NE(lines[0].find("seed-tiled-bug, n = 20"), std::string::npos) << lines[0];
    auto has = [&](const std::string& text) {
        for (const auto& l : lines)
            if (l.find(text) != std::string::npos) return true;
        return false;
    };
    EXPECT_TRUE(has("phases: 3 records of 1 traced block(s)"));
    EXPECT_TRUE(has("checked 400 entries of C"));
    EXPECT_TRUE(has("tiles: 8 x 8 of C per block, k-step 8"));
}

}  // namespace
}  // namespace ws
