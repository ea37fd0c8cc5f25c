// The streams experiment on the GPU against the CPU, over awkward sizes,
// both memory kinds and several stream counts; the records it keeps.
#include <gtest/gtest.h>

#include <set>

#include "tests/kernels/concurrency/concurrency_gpu.h"

namespace ws {
namespace {

using test::countOperations;

TEST(StreamsGpu, PipelineVerifiesAndRecordsEveryChunk) {
    WS_REQUIRE_GPU();
    for (const char* memory : {"pinned", "pageable"})
        for (const char* streams : {"1", "2", "4"}) {
            SCOPED_TRACE(std::string(memory) + " streams=" + streams);
            auto run = test::runLab("streams", {"n=100003", "chunks=7", "kernel_work=5",
                                                std::string("streams=") + streams,
                                                std::string("host_memory=") + memory});
            ASSERT_TRUE(run.ok()) << run.error();
            EXPECT_TRUE(run->verification.passed) << run->verification.note;
            ASSERT_EQ(run->launches.size(), 7u);
            test::expectCompleteBlocks(*run);
            test::expectAlignedClocks(*run);
            if (run->texts.count("cupti")) continue;  // failed in expectAlignedClocks
            // Every byte went in and came out (a staged pageable copy may be
            // reported in pieces, so the bytes are added, not the records).
            std::uint64_t in = 0, out = 0;
            for (std::size_t i = 0; i < run->operations.size(); ++i) {
                const auto kind = OperationKind(run->operations.kind[i]);
                if (kind == OperationKind::CopyHostToDevice) in += run->operations.bytes[i];
                if (kind == OperationKind::CopyDeviceToHost) out += run->operations.bytes[i];
            }
            EXPECT_EQ(in, 100003u * 4);
            EXPECT_EQ(out, 100003u * 4);
            EXPECT_GE(countOperations(*run, OperationKind::CopyHostToDevice), 7u);
            EXPECT_EQ(countOperations(*run, OperationKind::Kernel), 7u);
            for (std::size_t i = 0; i < run->operations.size(); ++i)
                if (run->operations.kind[i] == std::uint8_t(OperationKind::Kernel))
                    EXPECT_GE(run->operations.launch[i], 0) << "kernel operation " << i;
            EXPECT_GT(run->hostCalls.size(), 0u);
            EXPECT_TRUE(run->figures.count("overlapFraction"));
            const std::set<std::uint32_t> used(run->operations.stream.begin(),
                                               run->operations.stream.end());
            EXPECT_EQ(used.size(), std::size_t(std::stoi(streams)));
        }
}

TEST(StreamsGpu, BalancedWorkIsChosenAndRecorded) {
    WS_REQUIRE_GPU();
    auto run = test::runLab("streams", {"n=2^20", "chunks=8", "streams=4", "kernel_work=0"});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed) << run->verification.note;
    ASSERT_TRUE(run->figures.count("kernelWork"));
    EXPECT_GE(run->figures.at("kernelWork"), 1);
    EXPECT_GT(run->figures.at("oneStreamMs"), 0);
}

TEST(StreamsGpu, DotProductFromOneHostThreadPerStream) {
    WS_REQUIRE_GPU();
    for (const char* streams : {"1", "3"}) {
        auto run = test::runLab(
            "streams", {"mode=dot", "n=1000003", "block=128", std::string("streams=") + streams});
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_TRUE(run->verification.passed)
            << run->verification.actual << " vs " << run->verification.expected << ": "
            << run->verification.note;
        ASSERT_EQ(run->launches.size(), std::size_t(std::stoi(streams)));
        test::expectCompleteBlocks(*run);
        test::expectAlignedClocks(*run);
        if (run->texts.count("cupti")) continue;  // failed in expectAlignedClocks
        const std::set<std::uint32_t> threads(run->hostCalls.thread.begin(),
                                              run->hostCalls.thread.end());
        // The main thread may call too (stream creation is outside the recording).
        EXPECT_GE(threads.size(), std::size_t(std::stoi(streams)));
    }
}

}  // namespace
}  // namespace ws
