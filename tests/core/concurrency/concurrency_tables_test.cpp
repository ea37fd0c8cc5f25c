// The concurrency lab's record tables: a valid set passes and survives the
// trace file; each kind of corruption is refused naming the table, row and
// value.
#include "core/concurrency/concurrency_tables.h"

#include <gtest/gtest.h>

#include "core/trace/trace_io.h"
#include "tests/widgets/concurrency/operation_test_runs.h"

namespace ws {
namespace {

using test::addOperation;
using test::kOrigin;

// Two managed arrays of 1 MiB; a migration into array 1 and a fault in array 0.
Run managedRun() {
    ws::Run run;
    run.experiment = "unified-memory";
    run.clocks.measured = true;
    addOperation(run, OperationKind::GpuPageFaults, 0, 100, 200, 0, 3, 0, -1,
                 HostMemoryKind::Managed);
    addOperation(run, OperationKind::MigrationHostToDevice, 0, 200, 900, 0, 65536, 0, -1,
                 HostMemoryKind::Managed);
    RecordTable& a = addTable(run.tables, tables::kManagedArrays);
    a.add<std::uint32_t>("array") = {0, 1};
    a.add<std::uint64_t>("bytes") = {1 << 20, 1 << 20};
    a.add<std::uint32_t>("elementBytes") = {4, 4};
    a.add<std::uint8_t>("initial") = {1, 0};
    RecordTable& t = addTable(run.tables, tables::kManagedTransfers);
    t.add<std::uint32_t>("operation") = {0, 1};
    t.add<std::uint32_t>("array") = {0, 1};
    t.add<std::uint64_t>("offset") = {4096, 0};
    return run;
}

Run deviceLaunchRun() {
    ws::Run run;
    run.experiment = "dynamic-parallelism";
    Launch parent;
    parent.grid = {2, 1, 1};
    Launch child = parent;
    child.parentLaunch = 0;
    child.parentBlock = 1;
    child.depth = 1;
    child.launchMode = "tail";
    run.launches = {parent, child};
    RecordTable& d = addTable(run.tables, tables::kDeviceLaunches);
    d.add<std::uint32_t>("launch") = {1};
    d.add<std::uint64_t>("requestNs") = {kOrigin};
    RecordTable& l = addTable(run.tables, tables::kLaunchLatency);
    l.add<std::uint8_t>("source") = {0, 1, 2};
    l.add<std::uint64_t>("requestNs") = {kOrigin + 5000, kOrigin, kOrigin};
    l.add<std::uint64_t>("firstBlockNs") = {kOrigin + 4000, kOrigin + 3000, kOrigin + 9000};
    return run;
}

TEST(ConcurrencyTables, ValidTablesPassAndRoundTrip) {
    for (const ws::Run& run : {managedRun(), deviceLaunchRun()}) {
        ASSERT_TRUE(tables::checkConcurrencyRecords(run).ok())
            << tables::checkConcurrencyRecords(run).error();
        auto back = decodeTrace(encodeTrace(run));
        ASSERT_TRUE(back.ok()) << back.error();
        ASSERT_EQ(back->tables.size(), run.tables.size());
        for (std::size_t i = 0; i < run.tables.size(); ++i) {
            EXPECT_EQ(back->tables[i].name, run.tables[i].name);
            EXPECT_EQ(back->tables[i].rows(), run.tables[i].rows());
        }
        EXPECT_TRUE(tables::checkConcurrencyRecords(*back).ok());
    }
}

TEST(ConcurrencyTables, ManagedCorruptionIsNamed) {
    ws::Run run = managedRun();
    (*std::get_if<std::vector<std::uint64_t>>(&run.tables[1].columns[2].data))[1] = 1 << 20;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "managed-transfers row 1: offset 1048576 is not inside array 1 of 1048576 bytes");
    run = managedRun();
    (*std::get_if<std::vector<std::uint32_t>>(&run.tables[1].columns[0].data))[0] = 7;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "managed-transfers row 0: operation 7 is not below the 2 operations");
    run = managedRun();
    run.operations.hostMemory[1] = std::uint8_t(HostMemoryKind::Pinned);
    EXPECT_NE(tables::checkConcurrencyRecords(run).error().find(
                  "operation 1 is not a managed-memory operation"),
              std::string::npos);
    run = managedRun();
    run.tables[0].add<float>("bytes") = {1.0f, 2.0f};
    EXPECT_NE(tables::checkConcurrencyRecords(run).error().find("bytes"), std::string::npos);
    run = managedRun();
    run.tables.erase(run.tables.begin());
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "managed-transfers needs the table managed-arrays");
    run = managedRun();
    (*std::get_if<std::vector<std::uint8_t>>(&run.tables[0].columns[3].data))[0] = 9;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "managed-arrays row 0: initial 9 is not 0, 1 or 2");
}

TEST(ConcurrencyTables, DeviceLaunchCorruptionIsNamed) {
    ws::Run run = deviceLaunchRun();
    (*std::get_if<std::vector<std::uint32_t>>(&run.tables[0].columns[0].data))[0] = 0;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "device-launches row 0: launch 1 was launched from the host, not from the device");
    run = deviceLaunchRun();
    run.tables[1].columns.pop_back();  // firstBlockNs
    EXPECT_NE(tables::checkConcurrencyRecords(run).error().find("firstBlockNs"), std::string::npos);
    run = deviceLaunchRun();
    (*std::get_if<std::vector<std::uint8_t>>(&run.tables[1].columns[0].data))[1] = 3;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "launch-latency row 1: source 3 is not 0, 1 or 2");
    run = deviceLaunchRun();
    run.launches[1].depth = 4;
    EXPECT_EQ(tables::checkConcurrencyRecords(run).error(),
              "launch 2: depth 4, its parent launch 1 is at depth 0");
}

}  // namespace
}  // namespace ws
