// CUPTI and the clock probe on the GPU.
#include <gtest/gtest.h>

#include "kernels/common/device_buffer.h"
#include "kernels/concurrency/clock_probe.h"
#include "kernels/concurrency/cupti_activity.h"
#include "tests/kernels/concurrency/concurrency_gpu.h"

namespace ws {
namespace {

TEST(CuptiGpu, OneSessionAtATimeRecordsACopy) {
    WS_REQUIRE_GPU();
    auto session = cupti::ActivitySession::start({});
    if (!session) GTEST_SKIP() << "CUPTI cannot record here: " << session.error();
    auto second = cupti::ActivitySession::start({});
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().find("another activity recording"), std::string::npos);
    DeviceBuffer<float> d;
    ASSERT_TRUE(d.allocate(1 << 16).ok());
    std::vector<float> h(1 << 16, 1.0f);
    ASSERT_EQ(cudaMemcpy(d.get(), h.data(), h.size() * 4, cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    auto log = (*session)->finish();
    ASSERT_TRUE(log.ok()) << log.error();
    ASSERT_GE(log->copies.size(), 1u);
    EXPECT_EQ(log->copies.back().bytes, h.size() * 4);
    EXPECT_EQ(log->copies.back().kind, OperationKind::CopyHostToDevice);
    bool sawMemcpy = false;
    for (const auto& c : log->calls) sawMemcpy |= c.name.rfind("cudaMemcpy", 0) == 0;
    EXPECT_TRUE(sawMemcpy);
    EXPECT_TRUE(cupti::ActivitySession::start({}).ok()) << "the finished session let go";
}

TEST(CuptiGpu, ClockOffsetIsMeasuredWithASmallSpread) {
    WS_REQUIRE_GPU();
    auto fit = measureClockOffset();
    if (!fit) GTEST_SKIP() << fit.error();
    EXPECT_GE(fit->alignment.samples, 8);
    std::cout << "[ clocks   ] offset " << fit->alignment.offsetNs << " ns, spread "
              << fit->alignment.spreadNs << " ns, bracket " << fit->medianBracketNs << " ns\n";
    // The goal is 2 us; a loose bound here, the benchmark reports the real one.
    EXPECT_LT(fit->alignment.spreadNs, 50'000);
    EXPECT_LT(fit->medianBracketNs, 100'000);
}

}  // namespace
}  // namespace ws
