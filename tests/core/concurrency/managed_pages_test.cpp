// Where managed pages live over time, from hand-made transfers and faults.
#include "core/concurrency/managed_pages.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/widgets/concurrency/operation_test_runs.h"

namespace ws {
namespace {

using test::addOperation;
using test::kOrigin;

void addTransfer(Run& run, OperationKind kind, std::uint64_t start, std::uint64_t end,
                 std::uint64_t bytes, std::uint32_t array, std::uint64_t offset) {
    addOperation(run, kind, 0, start, end, 0, bytes, 0, -1, HostMemoryKind::Managed);
    RecordTable* t = nullptr;
    for (auto& table : run.tables)
        if (table.name == tables::kManagedTransfers) t = &table;
    if (!t) {
        t = &addTable(run.tables, tables::kManagedTransfers);
        t->add<std::uint32_t>("operation");
        t->add<std::uint32_t>("array");
        t->add<std::uint64_t>("offset");
    }
    std::get<std::vector<std::uint32_t>>(t->columns[0].data)
        .push_back(std::uint32_t(run.operations.size() - 1));
    std::get<std::vector<std::uint32_t>>(t->columns[1].data).push_back(array);
    std::get<std::vector<std::uint64_t>>(t->columns[2].data).push_back(offset);
}

// Array a: 256 KiB filled by the CPU; array c: 256 KiB never touched. The
// kernel has 64 blocks of 256 threads: block b covers bytes [b KiB, b+1 KiB).
Run firstTouch() {
    ws::Run run;
    run.experiment = "unified-memory";
    RecordTable& arrays = addTable(run.tables, tables::kManagedArrays);
    arrays.add<std::uint32_t>("array") = {0, 1};
    arrays.add<std::uint64_t>("bytes") = {256 << 10, 256 << 10};
    arrays.add<std::uint32_t>("elementBytes") = {4, 4};
    arrays.add<std::uint8_t>("initial") = {std::uint8_t(tables::ManagedHome::Host),
                                           std::uint8_t(tables::ManagedHome::Untouched)};
    addTransfer(run, OperationKind::GpuPageFaults, 1000, 1100, 1, 0, 0);
    addTransfer(run, OperationKind::MigrationHostToDevice, 1200, 2200, 64 << 10, 0, 0);
    addTransfer(run, OperationKind::GpuPageFaults, 1050, 1150, 1, 1, 70 << 10);
    addTransfer(run, OperationKind::MigrationHostToDevice, 3000, 3500, 32 << 10, 0, 96 << 10);
    addTransfer(run, OperationKind::MigrationDeviceToHost, 9000, 9500, 16 << 10, 0, 0);
    Launch l;
    l.kernel = "add";
    l.grid = {64, 1, 1};
    l.block = {256, 1, 1};
    l.blocks.resize(64);
    for (std::uint32_t b = 0; b < 64; ++b) {
        l.blocks.block[b] = b;
        l.blocks.startNs[b] = kOrigin + 900 + 10 * b;
        l.blocks.endNs[b] = kOrigin + 2500 + 10 * b;
    }
    run.launches.push_back(l);
    return run;
}

TEST(ManagedPages, BinsFollowTransfersFaultsAndBlocks) {
    auto built = buildManagedPages(firstTouch(), kOrigin, 8, 0);
    ASSERT_TRUE(built.ok()) << built.error();
    const ManagedPages& p = *built;
    ASSERT_EQ(p.arrays.size(), 2u);
    const ManagedArrayPages& a = p.arrays[0];
    EXPECT_EQ(a.name, "a");
    EXPECT_EQ(a.binBytes, 32u << 10);
    EXPECT_EQ(a.bins, 8u);
    // Bins 0 and 1 arrive in [1200, 2200]; in flight in between.
    EXPECT_DOUBLE_EQ(a.deviceFractionAt(0, 1199), 0);
    EXPECT_NE(a.movingAt(1, 1500), nullptr);
    EXPECT_DOUBLE_EQ(a.deviceFractionAt(1, 2200), 1);
    EXPECT_DOUBLE_EQ(a.deviceFractionAt(2, 5000), 0);
    EXPECT_DOUBLE_EQ(a.deviceFractionAt(3, 3500), 1);
    // Half of bin 0 goes back to the host at 9500.
    EXPECT_DOUBLE_EQ(a.deviceFractionAt(0, 9500), 0.5);
    EXPECT_EQ(a.faults[0], std::vector<double>{1000});
    EXPECT_TRUE(a.touchedAt(5, 0));
    // Blocks 0..31 (bytes 0..32 KiB) are bin 0's: first starts at 900.
    EXPECT_DOUBLE_EQ(a.firstBlockNs[0], 900);
    EXPECT_DOUBLE_EQ(a.lastBlockNs[0], 2500 + 310);
    EXPECT_DOUBLE_EQ(a.firstBlockNs[1], 900 + 10 * 32);
    EXPECT_TRUE(std::isnan(a.firstBlockNs[7]));  // beyond the 64 blocks' 64 KiB
    // c: untouched until the fault in bin 2 populates it on the GPU.
    const ManagedArrayPages& c = p.arrays[1];
    EXPECT_FALSE(c.touchedAt(2, 1000));
    EXPECT_TRUE(c.touchedAt(2, 1050));
    EXPECT_DOUBLE_EQ(c.deviceFractionAt(2, 1150), 1);
    EXPECT_FALSE(c.touchedAt(3, 1e9));
    EXPECT_DOUBLE_EQ(p.firstNs, 900);
    EXPECT_DOUBLE_EQ(p.lastNs, 9500);
}

TEST(ManagedPages, BinsAreWholePagesAndCorruptTablesAreRefused) {
    auto fine = buildManagedPages(firstTouch(), kOrigin, 1000, -1);
    ASSERT_TRUE(fine.ok());
    EXPECT_EQ(fine->arrays[0].binBytes, 4096u);  // never below a page
    EXPECT_EQ(fine->arrays[0].bins, 64u);
    EXPECT_TRUE(std::isnan(fine->arrays[0].firstBlockNs[0]));
    ws::Run run = firstTouch();
    run.tables.erase(run.tables.begin());
    auto bad = buildManagedPages(run, kOrigin, 8, 0);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("managed-arrays"), std::string::npos);
    EXPECT_FALSE(buildManagedPages(ws::Run{}, kOrigin, 8, 0).ok());
}

}  // namespace
}  // namespace ws
