// The recorded counters: one list the recorder and the views share, values
// with the unit a person reads, and the table of measured against predicted.
#include "core/profile/counter_catalog.h"

#include <gtest/gtest.h>

#include <set>

#include "core/profile/counter_predictions.h"
#include "core/profile/synthetic_profile.h"

namespace ws {
namespace {

const CounterRow* findRow(const std::vector<CounterRow>& rows, const std::string& metric) {
    for (const CounterRow& r : rows)
        if (r.metric == metric) return &r;
    return nullptr;
}

TEST(CounterCatalog, EveryRecordedCounterOnceWithWordsAndUnit) {
    const auto names = recordedCounterNames();
    const std::set<std::string> unique(names.begin(), names.end());
    EXPECT_EQ(unique.size(), names.size());
    for (const char* needed :
         {"dram__bytes_read.sum", "dram__bytes_write.sum", "lts__t_bytes.sum", "l1tex__t_bytes.sum",
          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
          "sm__warps_active.avg.pct_of_peak_sustained_active", "smsp__inst_executed.sum",
          "sm__throughput.avg.pct_of_peak_sustained_elapsed",
          "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
          "gpu__time_duration.sum", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
          "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
          "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum"})
        EXPECT_TRUE(unique.count(needed)) << needed;
    for (const CounterInfo& c : recordedCounters()) {
        EXPECT_FALSE(c.words.empty()) << c.metric;
        EXPECT_EQ(findCounter(c.metric), &c);
    }
    EXPECT_EQ(findCounter("sm__warps_active.avg.pct_of_peak_sustained_active")->unit,
              CounterUnit::Percent);
    EXPECT_EQ(findCounter("lts__t_bytes.sum")->unit, CounterUnit::Bytes);
    EXPECT_EQ(findCounter("gpu__time_duration.sum")->unit, CounterUnit::Nanoseconds);
    EXPECT_EQ(findCounter("nothing"), nullptr);
}

TEST(CounterCatalog, ValuesReadWithTheirUnits) {
    EXPECT_EQ(formatCounterValue(512, CounterUnit::Bytes), "512 B");
    EXPECT_EQ(formatCounterValue(4194304, CounterUnit::Bytes), "4.19 MB");
    EXPECT_EQ(formatCounterValue(2.5e9, CounterUnit::Bytes), "2.50 GB");
    EXPECT_EQ(formatCounterValue(40960, CounterUnit::Bytes), "41.0 KB");
    EXPECT_EQ(formatCounterValue(78.44, CounterUnit::Percent), "78.4 %");
    EXPECT_EQ(formatCounterValue(14336, CounterUnit::Nanoseconds), "14.3 µs");
    EXPECT_EQ(formatCounterValue(850, CounterUnit::Nanoseconds), "850 ns");
    EXPECT_EQ(formatCounterValue(0, CounterUnit::Count), "0");
    EXPECT_EQ(formatCounterValue(1234, CounterUnit::Count), "1,234");
    EXPECT_EQ(formatCounterValue(2621440, CounterUnit::Count), "2.62 M");
    EXPECT_EQ(formatCounterValue(2.5, CounterUnit::Count), "2.50");
}

TEST(CounterCatalog, TableInCatalogOrderWithDerivedRowsAndPredictions) {
    const RunProfile p = syntheticProfile();
    ASSERT_EQ(profiledKernels(p), (std::vector<std::string>{p.functions[0].displayName}));
    const auto rows = counterTable(p, profiledKernels(p)[0], syntheticPredictedCounters());
    // The catalog's order, each derived row after the last of its parts.
    std::vector<std::string> order;
    for (const CounterRow& r : rows) order.push_back(r.metric);
    std::vector<std::string> expected = recordedCounterNames();
    expected.insert(expected.begin() + 2, std::string(kDramBytesMetric));
    expected.push_back(std::string(kFlopsMetric));
    EXPECT_EQ(order, expected);
    const CounterRow* occupancy =
        findRow(rows, "sm__warps_active.avg.pct_of_peak_sustained_active");
    ASSERT_TRUE(occupancy);
    EXPECT_EQ(occupancy->words, "achieved occupancy");
    EXPECT_DOUBLE_EQ(occupancy->measured, 78.4);
    EXPECT_FALSE(occupancy->predicted);
    EXPECT_FALSE(occupancy->ratio());

    const CounterRow* dram = findRow(rows, std::string(kDramBytesMetric));
    ASSERT_TRUE(dram);
    EXPECT_DOUBLE_EQ(dram->measured, 8388608);
    ASSERT_TRUE(dram->ratio());
    EXPECT_DOUBLE_EQ(*dram->ratio(), 1.0);
    const CounterRow* flops = findRow(rows, std::string(kFlopsMetric));
    ASSERT_TRUE(flops);
    EXPECT_DOUBLE_EQ(flops->measured, 2 * 1048576.0);
    EXPECT_TRUE(counterTable(p, "another kernel").empty());
}

TEST(CounterCatalog, CountersTheCatalogLacksStillShow) {
    RunProfile p = syntheticProfile();
    const std::string kernel = p.counters[0].kernel;
    p.counters.push_back({kernel, "l2__hit_rate.pct", 91.5});
    p.counters.push_back({kernel, "dram__bytes.sum", 1000});
    const auto rows = counterTable(p, kernel);
    const CounterRow* hit = findRow(rows, "l2__hit_rate.pct");
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->unit, CounterUnit::Percent);
    // Measured as a whole, DRAM's bytes are not made up from their parts again.
    int dramRows = 0;
    for (const CounterRow& r : rows) dramRows += r.metric == "dram__bytes.sum";
    EXPECT_EQ(dramRows, 1);
    EXPECT_DOUBLE_EQ(findRow(rows, "dram__bytes.sum")->measured, 1000);
}

TEST(CounterCatalog, ARunPredictsTheBytesAndFlopsItsThroughputCounts) {
    ws::Run run;
    EXPECT_TRUE(predictedCounters(run).empty());
    run.timing.bytesMoved = 8388608;
    run.timing.flops = 2097152;
    const auto predicted = predictedCounters(run);
    EXPECT_DOUBLE_EQ(predicted.at(std::string(kDramBytesMetric)), 8388608);
    EXPECT_DOUBLE_EQ(predicted.at(std::string(kFlopsMetric)), 2097152);
}

}  // namespace
}  // namespace ws
