// The items table read from a launch, its analysis worked by hand, its
// corruptions reported with the row and what is wrong, and its round trip
// through the trace file.
#include "core/atomics/work_queue_records.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/atomics/atomics_summary.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

// Two SMs, one block each (block b on SM 10 + b), four items:
// SM 10: [0, 100) and [100, 300); SM 11: [0, 50) and [200, 260).
Launch handLaunch() {
    Launch l;
    l.kernel = "workQueue";
    l.grid = {2, 1, 1};
    l.block = {128, 1, 1};
    l.blocks.block = {0, 1};
    l.blocks.sm = {10, 11};
    l.blocks.startNs = {1000, 1000};
    l.blocks.endNs = {1310, 1270};
    l.blocks.startClock = {0, 0};
    l.blocks.endClock = {620, 540};
    RecordTable& t = addTable(l.tables, kItemsTable);
    t.add<std::uint32_t>("block") = {0, 1, 0, 1};
    t.add<std::uint32_t>("sm") = {10, 11, 10, 11};
    t.add<std::uint64_t>("startNs") = {1000, 1000, 1100, 1200};
    t.add<std::uint64_t>("endNs") = {1100, 1050, 1300, 1260};
    t.add<float>("costUs") = {0.1f, 0.05f, 0.2f, 0.06f};
    t.add<std::uint32_t>("iterations") = {50, 25, 100, 30};
    return l;
}

template <typename T>
std::vector<T>& column(Launch& l, const char* name) {
    for (auto& c : l.tables[0].columns)
        if (c.name == name) return std::get<std::vector<T>>(c.data);
    throw std::runtime_error(name);
}

TEST(WorkQueueRecords, AnalysisByHand) {
    const Launch l = handLaunch();
    auto items = readQueueItems(l, 0);
    ASSERT_TRUE(items.ok()) << items.error();
    const QueueAnalysis a = analyzeQueue(l, *items, 2);
    ASSERT_EQ(a.sms.size(), 2u);
    EXPECT_EQ(a.sms[0].busyNs, 300);  // [0,100) and [100,300) touch: one span
    EXPECT_EQ(a.sms[1].busyNs, 110);  // 50 + 60
    EXPECT_EQ(a.sms[1].workNs, 110);
    EXPECT_EQ(a.meanBusyNs, 205);
    EXPECT_DOUBLE_EQ(a.imbalance, 300.0 / 205.0);
    EXPECT_EQ(a.makespanNs, 300);
    EXPECT_EQ(a.tailNs, 100);         // last start 200
    EXPECT_EQ(a.finishSpreadNs, 40);  // SM 11 idle at 260
    EXPECT_EQ(a.idealNs, 410.0 / 2);
    ws::Run run;
    addQueueFigures(run, a, *items);
    EXPECT_EQ(run.figures.at("imbalance"), a.imbalance);
    // The model on the measured durations 100, 50, 200, 60 over two slots:
    // static 0+2 = 300 on slot 0; queue: 0 on s0, 1 on s1 (0..50), 2 on s1 (50..250), 3 on s0.
    EXPECT_EQ(run.figures.at("modelStaticNs"), 300);
    EXPECT_EQ(run.figures.at("modelQueueNs"), 250);
}

TEST(WorkQueueRecords, TheSameAnalysisAtARealGlobaltimerReading) {
    // %globaltimer reads about 1.8e18 ns, where a double holds only multiples
    // of 256: offsets must be taken in integers, or [1000, 1100) becomes empty.
    constexpr std::uint64_t kReading = 1'795'643'284'305'446'912ULL;
    Launch l = handLaunch();
    for (const char* name : {"startNs", "endNs"})
        for (auto& t : column<std::uint64_t>(l, name)) t += kReading;
    for (auto& t : l.blocks.startNs) t += kReading;
    for (auto& t : l.blocks.endNs) t += kReading;
    auto items = readQueueItems(l, 0);
    ASSERT_TRUE(items.ok()) << items.error();
    const QueueAnalysis a = analyzeQueue(l, *items, 2);
    ASSERT_EQ(a.sms.size(), 2u);
    EXPECT_EQ(a.sms[0].busyNs, 300);
    EXPECT_EQ(a.sms[1].busyNs, 110);
    EXPECT_EQ(a.makespanNs, 300);
    EXPECT_EQ(a.tailNs, 100);
    EXPECT_EQ(a.finishSpreadNs, 40);
}

TEST(WorkQueueRecords, CorruptTablesSayWhatAndWhere) {
    {
        Launch l = handLaunch();
        column<std::uint32_t>(l, "block")[2] = 5;
        auto r = readQueueItems(l, 3);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error(),
                  "launch 4: table 'items', row 2: block 5 is not below the grid size 2");
    }
    {
        Launch l = handLaunch();
        column<std::uint64_t>(l, "startNs")[1] = 1060;
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("row 1: startNs 1060 is after endNs 1050"), std::string::npos);
    }
    {
        Launch l = handLaunch();
        column<std::uint32_t>(l, "sm")[3] = 10;
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("row 3: sm 10 but block 1 ran on SM 11"), std::string::npos);
    }
    {
        Launch l = handLaunch();
        column<std::uint64_t>(l, "endNs")[2] = 1400;
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("outside its block's span"), std::string::npos);
    }
    {
        Launch l = handLaunch();
        l.tables[0].columns.erase(l.tables[0].columns.begin() + 4);  // costUs
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("has no column 'costUs'"), std::string::npos);
    }
    {
        Launch l = handLaunch();
        l.tables[0].columns[0].data = std::vector<float>{0, 1, 0, 1};
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("column 'block' holds f32 values, expected u32"),
                  std::string::npos);
    }
    {
        Launch l = handLaunch();
        column<std::uint32_t>(l, "iterations").pop_back();
        auto r = readQueueItems(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("'iterations' has 3 rows"), std::string::npos) << r.error();
    }
    EXPECT_FALSE(readQueueItems(Launch{}, 0).ok());
}

TEST(WorkQueueRecords, RoundTripThroughATraceFile) {
    ws::Run run;
    run.experiment = "work-queue";
    run.launches.push_back(handLaunch());
    run.figures["imbalance"] = 1.5;
    const auto path = std::filesystem::temp_directory_path() / "ws_queue_roundtrip.wstrace";
    ASSERT_TRUE(saveTrace(run, path).ok());
    auto back = loadTrace(path);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(queueLaunchIndex(*back), 0);
    auto items = readQueueItems(back->launches[0], 0);
    ASSERT_TRUE(items.ok()) << items.error();
    EXPECT_EQ(*items->endNs, (std::vector<std::uint64_t>{1100, 1050, 1300, 1260}));
    EXPECT_EQ(*items->costUs, (std::vector<float>{0.1f, 0.05f, 0.2f, 0.06f}));
    EXPECT_EQ(back->figures.at("imbalance"), 1.5);
    std::filesystem::remove(path);
}

TEST(WorkQueueRecords, InfoSummarisesTheScheduleOrSaysWhatIsWrong) {
    ws::Run run;
    run.experiment = "work-queue";
    run.launches.push_back(handLaunch());
    auto items = readQueueItems(run.launches[0], 0);
    ASSERT_TRUE(items.ok());
    addQueueFigures(run, analyzeQueue(run.launches[0], *items, 2), *items);
    const auto lines = atomicsSummaryLines(run);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "items: 4, on 2 slots; makespan 0.3 us, ideal 0.2 us");
    EXPECT_NE(lines[1].find("imbalance (longest SM busy / mean) 1.463"), std::string::npos);
    column<std::uint32_t>(run.launches[0], "block")[0] = 9;
    const auto bad = atomicsSummaryLines(run);
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_NE(bad[0].find("block 9 is not below the grid size 2"), std::string::npos);
    EXPECT_TRUE(atomicsSummaryLines(ws::Run{}).empty());
}

}  // namespace
}  // namespace ws
