// A run kept for its figures: records gone, timing, figures and launches
// kept, and the smaller trace still loads.
#include "core/run/drop_records.h"

#include <gtest/gtest.h>

#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

TEST(DropRecords, TheFiguresStayTheRecordsGoAndTheTraceLoads) {
    ws::Run run = makeSyntheticRun(1000, 132, 7);
    run.figures["imbalance"] = 2.5;
    run.timing.kernelMs = 0.25;
    ASSERT_TRUE(hasRecords(run));
    const std::size_t launches = run.launches.size();
    const std::size_t before = encodeTrace(run).size();
    dropRecords(run);
    EXPECT_FALSE(hasRecords(run));
    EXPECT_EQ(run.launches.size(), launches);
    const auto bytes = encodeTrace(run);
    EXPECT_LT(bytes.size(), before);
    auto loaded = decodeTrace(bytes);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_EQ(loaded->figures.at("imbalance"), 2.5);
    EXPECT_EQ(loaded->timing.kernelMs, 0.25);
    EXPECT_FALSE(hasRecords(*loaded));
}

}  // namespace
}  // namespace ws
