#pragma once
// What every GPU test of kernels/ starts with: skip, saying why, on a machine
// without a usable CUDA device (the CPU suites check the refusals there).
#include <gtest/gtest.h>

#include <string>

#include "kernels/device/device_query.h"

#define WS_REQUIRE_GPU()                                          \
    do {                                                          \
        const std::string reason = ::ws::cudaUnavailableReason(); \
        if (!reason.empty()) GTEST_SKIP() << reason;              \
    } while (0)

namespace ws::test {

// A fixture whose every test needs the GPU.
class GpuTest : public ::testing::Test {
protected:
    void SetUp() override { WS_REQUIRE_GPU(); }
};

}  // namespace ws::test
