// Overlap figures from operations whose times are known.
#include "core/concurrency/operation_overlap.h"

#include <gtest/gtest.h>

#include "tests/widgets/concurrency/operation_test_runs.h"

namespace ws {
namespace {

using test::addOperation;

TEST(OperationOverlap, OneQueueOverlapsNothing) {
    ws::Run run;
    addOperation(run, OperationKind::CopyHostToDevice, 1, 0, 100);
    addOperation(run, OperationKind::Kernel, 1, 100, 300);
    addOperation(run, OperationKind::CopyDeviceToHost, 1, 300, 400);
    const OverlapFigures f = overlapFigures(run.operations);
    EXPECT_DOUBLE_EQ(f.spanNs, 400);
    EXPECT_DOUBLE_EQ(f.serialSumNs, 400);
    EXPECT_DOUBLE_EQ(f.busyNs, 400);
    EXPECT_DOUBLE_EQ(f.overlapFraction, 0);
    EXPECT_DOUBLE_EQ(f.copyBehindKernelFraction, 0);
    EXPECT_DOUBLE_EQ(f.copyNs, 200);
    EXPECT_DOUBLE_EQ(f.kernelNs, 200);
}

TEST(OperationOverlap, TheTwoStreamPipelineHidesACopy) {
    const ws::Run run = test::twoStreamPipeline();
    const OverlapFigures f = overlapFigures(run.operations);
    // Stream 7: [0,1) in, [1,3) kernel, [3,4) out; stream 8 the same 1 us later.
    EXPECT_DOUBLE_EQ(f.spanNs, 5000);
    EXPECT_DOUBLE_EQ(f.serialSumNs, 8000);
    EXPECT_DOUBLE_EQ(f.busyNs, 5000);
    EXPECT_DOUBLE_EQ(f.overlapFraction, 1 - 5000.0 / 8000.0);
    // Copies: stream 8's in [1,2) under kernel 7; stream 7's out [3,4) under
    // kernel 8 [2,4): 2 us of 4 us of copies hidden.
    EXPECT_DOUBLE_EQ(f.copyBehindKernelFraction, 0.5);
    // Stream 7's out [3,4) and stream 8's out [4,5) touch but do not overlap;
    // no copy ran beside another.
    EXPECT_DOUBLE_EQ(f.copyBesideCopyFraction, 0);
    ws::Run stored;
    storeOverlapFigures(f, stored);
    EXPECT_DOUBLE_EQ(stored.figures.at("serialSumMs"), 0.008);
    EXPECT_DOUBLE_EQ(stored.figures.at("operationsSpanMs"), 0.005);
}

TEST(OperationOverlap, CopiesBesideCopiesAndDriverWorkLeftOut) {
    ws::Run run;
    addOperation(run, OperationKind::CopyHostToDevice, 1, 0, 100, 0);
    addOperation(run, OperationKind::CopyDeviceToHost, 2, 50, 150, 1);
    addOperation(run, OperationKind::MigrationHostToDevice, 0, 0, 10'000);
    addOperation(run, OperationKind::GpuPageFaults, 0, 0, 10'000);
    const OverlapFigures f = overlapFigures(run.operations);
    EXPECT_EQ(f.operations, 2u);
    EXPECT_DOUBLE_EQ(f.spanNs, 150);
    EXPECT_DOUBLE_EQ(f.copyBesideCopyFraction, 100.0 / 200.0);
    EXPECT_DOUBLE_EQ(f.overlapFraction, 1 - 150.0 / 200.0);
}

TEST(OperationOverlap, NoOperationsNoFigures) {
    const OverlapFigures f = overlapFigures(OperationRecords{});
    EXPECT_EQ(f.operations, 0u);
    EXPECT_DOUBLE_EQ(f.overlapFraction, 0);
}

}  // namespace
}  // namespace ws
