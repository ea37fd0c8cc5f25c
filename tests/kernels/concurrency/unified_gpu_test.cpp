// Unified memory on the GPU: every pattern's c = a + b checked bit for bit,
// its figures, and CUPTI's unified-memory records tied to the arrays.
#include <gtest/gtest.h>

#include "core/concurrency/concurrency_tables.h"
#include "core/concurrency/managed_pages.h"
#include "tests/kernels/concurrency/concurrency_gpu.h"

namespace ws {
namespace {

TEST(UnifiedGpu, EveryPatternAddsCorrectly) {
    WS_REQUIRE_GPU();
    for (const char* pattern : {"first-touch", "prefetch", "cpu-touched", "explicit-copy",
                                "resident", "managed-variable"}) {
        SCOPED_TRACE(pattern);
        auto run = test::runLab("unified-memory", {std::string("pattern=") + pattern, "n=60001",
                                                   "prefetch_chunks=3", "block=96"});
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_TRUE(run->verification.passed) << run->verification.note;
        ASSERT_EQ(run->launches.size(), 1u);
        test::expectCompleteBlocks(*run);
        test::expectAlignedClocks(*run);
        for (const char* figure : {"firstTouchMs", "prefetchMs", "cpuTouchedMs", "explicitCopyMs",
                                   "residentMs", "explicitPageableMs"})
            EXPECT_GT(run->figures.at(figure), 0) << figure;
        // The run's own times are the traced pattern's, whichever it is.
        EXPECT_GT(run->timing.repetitions, 0);
        EXPECT_GT(run->timing.kernelMs, 0);
        if (std::string(pattern) == "explicit-copy")
            EXPECT_EQ(run->timing.kernelMs, run->figures.at("explicitCopyMs"));
        const bool managed = std::string(pattern) != "explicit-copy";
        EXPECT_EQ(findTable(run->tables, tables::kManagedArrays) != nullptr, managed);
        EXPECT_EQ(run->texts.count("cupti"), 0u) << run->texts["cupti"];
        if (!managed || run->texts.count("cupti")) continue;
        auto pages = buildManagedPages(*run, run->launches[0].blocks.startNs[0], 64, 0);
        EXPECT_TRUE(pages.ok()) << pages.error();
    }
}

TEST(UnifiedGpu, FirstTouchMigratesPagesTheKernelNeeds) {
    WS_REQUIRE_GPU();
    auto run = test::runLab("unified-memory", {"pattern=first-touch", "n=2^22"});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed);
    ASSERT_EQ(run->texts.count("cupti"), 0u) << run->texts["cupti"];
    std::uint64_t migrated = 0;
    for (std::size_t i = 0; i < run->operations.size(); ++i)
        if (run->operations.kind[i] == std::uint8_t(OperationKind::MigrationHostToDevice))
            migrated += run->operations.bytes[i];
    // a and b (16 MiB each) came from the host; c was never on it.
    EXPECT_GE(migrated, 2u * (16u << 20)) << "bytes migrated host to device";
    EXPECT_GT(test::countOperations(*run, OperationKind::GpuPageFaults), 0u);
    const RecordTable* t = findTable(run->tables, tables::kManagedTransfers);
    ASSERT_NE(t, nullptr);
    EXPECT_GT(t->rows(), 0u);
}

}  // namespace
}  // namespace ws
